import type { FormEvent } from 'react';
import { Link, useLocation, useNavigate } from 'react-router';
import { useTranslation } from '../../../lib/use-translation.ts';
import { Alert } from '../../../components/ui/alert.tsx';
import { Button } from '../../../components/ui/button.tsx';
import { FormAlert } from '../../../components/ui/form-alert.tsx';
import { TextField } from '../../../components/ui/text-field.tsx';
import { useFormFields } from '../../../components/ui/use-form-fields.ts';
import { paths } from '../../../lib/navigation.ts';
import type { LoginLocationState } from '../session.ts';
import { useLogin } from '../api/use-start-session.ts';
import { safeReturnPath } from '../form-checks.ts';
import { AuthCard, AuthLayout, AuthSwitch } from './auth-layout.tsx';

export function LoginPage() {
  const { t } = useTranslation(['auth', 'common']);
  const navigate = useNavigate();
  const location = useLocation();
  const state = (location.state ?? {}) as LoginLocationState;
  const login = useLogin();
  const form = useFormFields({ email: '', password: '' }, ['email', 'password'], login.error);
  const { values } = form;

  const submit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    if (!form.checkRequired()) return;
    login.mutate(
      { email: values.email.trim(), password: values.password },
      { onSuccess: () => void navigate(safeReturnPath(state.from) ?? paths.dashboard, { replace: true }) },
    );
  };

  const notice =
    state.signedOutReason === 'user' ? (
      <Alert tone="success">{t('auth:login.signedOut')}</Alert>
    ) : state.signedOutReason ? (
      <Alert tone="info">{t('auth:login.sessionEnded')}</Alert>
    ) : null;

  return (
    <AuthLayout>
      <AuthCard title={t('auth:login.title')} subtitle={t('auth:login.subtitle')}>
        <form noValidate onSubmit={submit} className="space-y-5">
          <FormAlert error={login.error} />
          {login.isIdle ? notice : null}
          <TextField
            label={t('auth:fields.email')}
            type="email"
            autoComplete="email"
            inputMode="email"
            placeholder={t('auth:fields.emailPlaceholder')}
            required
            {...form.field('email')}
          />
          <TextField
            label={t('auth:fields.password')}
            type="password"
            autoComplete="current-password"
            required
            revealable
            {...form.field('password')}
          />
          <p className="-mt-2 text-end text-sm">
            <Link to={paths.forgotPassword} className="focus-ring rounded font-medium text-muted underline-offset-4 hover:text-fg hover:underline">
              {t('auth:login.forgot')}
            </Link>
          </p>
          <Button type="submit" size="lg" className="w-full" loading={login.isPending}>
            {login.isPending ? t('auth:login.submitting') : t('auth:login.submit')}
          </Button>
        </form>
        <AuthSwitch prompt={t('auth:login.noAccount')} to={paths.signup} label={t('auth:login.toSignup')} />
      </AuthCard>
    </AuthLayout>
  );
}
