import { useState, type FormEvent } from 'react';
import { Link, useNavigate, useParams } from 'react-router';
import { useTranslation } from '../../lib/use-translation.ts';
import { Button, buttonClasses } from '../../components/ui/button.tsx';
import { FormAlert } from '../../components/ui/form-alert.tsx';
import { FullScreenSpinner } from '../../components/ui/full-screen-spinner.tsx';
import { TextField } from '../../components/ui/text-field.tsx';
import { AuthCard, AuthLayout, passwordMin, rememberSession, storedUserId, useClientInfo } from '../../features/auth/index.ts';
import { useAcceptInvitation, useInvitation } from '../../features/seats/index.ts';
import { paths } from '../../lib/navigation.ts';

/** /invitacion/:token: join a team from the e-mailed link, with a new account or the signed-in one. */
export function InvitationPage() {
  const { t } = useTranslation('seats');
  const { token = '' } = useParams();
  const navigate = useNavigate();
  const invitation = useInvitation(token);
  const accept = useAcceptInvitation(token);
  const userId = storedUserId();
  const me = useClientInfo(userId);
  const [name, setName] = useState('');
  const [password, setPassword] = useState('');

  if (invitation.isPending) return <FullScreenSpinner />;
  const info = invitation.data;
  if (!info) {
    return (
      <AuthLayout>
        <AuthCard title={t('invitation.invalidTitle')} subtitle={t('invitation.invalid')}>
          <Link to={paths.login} className={buttonClasses('primary', 'lg', 'w-full')}>
            {t('invitation.toLogin')}
          </Link>
        </AuthCard>
      </AuthLayout>
    );
  }

  const signedInAsInvited = me.data && me.data.email.toLowerCase() === info.email.toLowerCase();
  const joined = () => navigate(paths.dashboard, { replace: true });
  const create = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    accept.mutate(
      { name, password },
      {
        onSuccess: (result) => {
          rememberSession({ id: result.userId, email: info.email, phone_number: '' });
          joined();
        },
      },
    );
  };
  const role = t(`roles.${info.role}`);

  return (
    <AuthLayout>
      <AuthCard title={t('invitation.title', { business: info.business })} subtitle={t('invitation.subtitle', { inviter: info.inviter, role })}>
        <div className="space-y-5">
          <p className="rounded-xl border border-line bg-field px-4 py-3 text-sm">
            <span className="text-muted">{t('invitation.for')}</span> <strong className="break-all">{info.email}</strong>
          </p>
          <FormAlert error={accept.error} />
          {signedInAsInvited ? (
            <Button size="lg" className="w-full" loading={accept.isPending} onClick={() => accept.mutate({}, { onSuccess: joined })}>
              {t('invitation.join')}
            </Button>
          ) : info.accountExists ? (
            <>
              <p className="text-sm text-muted">{t('invitation.signInFirst')}</p>
              <Link to={paths.login} state={{ from: `/invitacion/${token}` }} className={buttonClasses('primary', 'lg', 'w-full')}>
                {t('invitation.toLogin')}
              </Link>
            </>
          ) : (
            <form noValidate onSubmit={create} className="space-y-5">
              <TextField label={t('fields.name')} autoComplete="name" required value={name} onChange={(e) => setName(e.target.value)} />
              <TextField
                label={t('invitation.password')}
                type="password"
                autoComplete="new-password"
                required
                revealable
                value={password}
                onChange={(e) => setPassword(e.target.value)}
                hint={t('invitation.passwordHint', { min: passwordMin })}
              />
              <Button type="submit" size="lg" className="w-full" loading={accept.isPending}>
                {t('invitation.create')}
              </Button>
            </form>
          )}
        </div>
      </AuthCard>
    </AuthLayout>
  );
}
