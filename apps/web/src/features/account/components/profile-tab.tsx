import type { FormEvent } from 'react';
import { Link } from 'react-router';
import { useTranslation } from '../../../lib/use-translation.ts';
import { Button } from '../../../components/ui/button.tsx';
import { Card } from '../../../components/ui/card.tsx';
import { FormAlert } from '../../../components/ui/form-alert.tsx';
import { LogoutIcon } from '../../../components/ui/icons.tsx';
import { TextField } from '../../../components/ui/text-field.tsx';
import { showToast } from '../../../components/ui/toast-store.ts';
import { useFormFields } from '../../../components/ui/use-form-fields.ts';
import { initials } from '../../../lib/avatar-initials.ts';
import { paths } from '../../../lib/navigation.ts';
import { useCurrentUser, useSignOut } from '../../auth/index.ts';
import { useUpdateClient } from '../api/use-update-client.ts';
import { PasswordCard } from './password-card.tsx';
import { afterPhoneRules, phoneProblem, phoneProblemKey, phoneToSend, startPhoneRules } from '../../../lib/phone-input.ts';
import { dateFormat, intlLocale } from '../../../lib/intl.ts';

type ProfileValues = { name: string; email: string; phone_number: string };

const required = ['name', 'email', 'phone_number'] as const;

const profileOf = ({ name, email, phone_number }: ProfileValues): ProfileValues => ({ name, email, phone_number });

/** Mi cuenta's profile tab: the contact details form, the account's summary and the session. */
export function ProfileTab() {
  const { t, i18n } = useTranslation(['account', 'common']);
  const user = useCurrentUser();
  const update = useUpdateClient();
  const { signOut, pending: signingOut } = useSignOut();
  const form = useFormFields(profileOf(user), required, update.error, {
    phone_number: (value) => {
      const problem = phoneProblem(value);
      return problem && t(`common:${phoneProblemKey(problem)}`);
    },
  });
  const { values } = form;
  const changed = values.name !== user.name || values.email !== user.email || values.phone_number !== user.phone_number;

  const submit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    // Missing fields are marked at once; the phone is checked again once its rules are in.
    if (!form.checkRequired()) return;
    afterPhoneRules(() => {
      if (!form.checkRequired()) return;
      update.mutate(
        { id: user.id, name: values.name.trim(), email: values.email.trim(), phone_number: phoneToSend(values.phone_number) },
        {
          onSuccess: ({ user: saved }) => {
            form.reset(profileOf(saved));
            showToast(t('account:saved'), 'success');
          },
        },
      );
    });
  };

  const memberSince = formatDate(user.createdAt, i18n.resolvedLanguage ?? 'es');
  const plan = user.membershipTypeName || user.membership.membershipTypeName;

  return (
    <div className="grid gap-6 lg:grid-cols-[minmax(0,1fr)_20rem]">
      <Card className="p-6 sm:p-8">
        <h2 className="text-lg font-semibold">{t('account:profile.title')}</h2>
        <p className="mt-1 text-sm text-muted">{t('account:profile.description')}</p>
        <form noValidate onSubmit={submit} className="mt-6 space-y-5">
          <FormAlert error={update.error} />
          <TextField
            label={t('account:fields.name')}
            autoComplete="name"
            required
            {...form.field('name')}
          />
          <TextField
            label={t('account:fields.email')}
            type="email"
            autoComplete="email"
            inputMode="email"
            required
            {...form.field('email')}
          />
          <TextField
            label={t('account:fields.phone')}
            type="tel"
            autoComplete="tel"
            inputMode="tel"
            required
            {...form.field('phone_number')}
            // The phone's rules are downloaded when the field is used (a saved profile is checked when sent).
            onFocus={startPhoneRules}
            hint={t('account:fields.phoneHint')}
          />
          <div className="flex flex-wrap items-center justify-end gap-3 pt-2">
            {changed ? (
              <Button
                variant="ghost"
                onClick={() => {
                  form.reset(profileOf(user));
                  update.reset();
                }}
              >
                {t('account:discard')}
              </Button>
            ) : null}
            <Button type="submit" loading={update.isPending} disabled={!changed}>
              {update.isPending ? t('account:saving') : t('account:save')}
            </Button>
          </div>
        </form>
      </Card>

      <div className="space-y-6">
        <Card className="render-later p-6">
          <div className="flex items-center gap-4">
            <span className="grid size-14 shrink-0 place-items-center rounded-2xl bg-brand-gradient text-lg font-bold text-white">{initials(user.name)}</span>
            <div className="min-w-0">
              <p className="truncate font-semibold">{user.name}</p>
              <p className="truncate text-sm text-muted">{user.email}</p>
            </div>
          </div>
          <dl className="mt-6 space-y-3 text-sm">
            <div className="flex items-center justify-between gap-4">
              <dt className="text-muted">{t('account:summary.plan')}</dt>
              <dd>
                <Link
                  to={paths.plan}
                  title={t('account:summary.seePlan')}
                  className="focus-ring rounded-full border border-highlight/40 bg-highlight/15 px-2.5 py-0.5 text-xs font-semibold hover:bg-highlight/25"
                >
                  {plan}
                </Link>
              </dd>
            </div>
            {memberSince ? (
              <div className="flex items-center justify-between gap-4">
                <dt className="whitespace-nowrap text-muted">{t('account:summary.memberSince')}</dt>
                <dd className="text-end font-medium">{memberSince}</dd>
              </div>
            ) : null}
          </dl>
        </Card>
        <PasswordCard />
        <Card className="render-later p-6">
          <h2 className="font-semibold">{t('account:session.title')}</h2>
          <p className="mt-1 text-sm text-muted">{t('account:session.description')}</p>
          <Button variant="danger" className="mt-4 w-full" onClick={signOut} loading={signingOut} icon={<LogoutIcon className="size-4" />}>
            {t('common:actions.signOut')}
          </Button>
        </Card>
      </div>
    </div>
  );
}

function formatDate(value: string, locale: string): string | null {
  const date = new Date(value);
  if (Number.isNaN(date.getTime())) return null;
  return dateFormat(intlLocale(locale), { dateStyle: 'medium' }).format(date);
}
