import { useState, type FormEvent } from 'react';
import { useLocation, useNavigate } from 'react-router';
import { useTranslation } from '../../../lib/use-translation.ts';
import type { SignupBody, limits } from '@charla/shared';
import { Alert } from '../../../components/ui/alert.tsx';
import { Button } from '../../../components/ui/button.tsx';
import { FormAlert } from '../../../components/ui/form-alert.tsx';
import { TextField } from '../../../components/ui/text-field.tsx';
import { useFormFields } from '../../../components/ui/use-form-fields.ts';
import { paths } from '../../../lib/navigation.ts';
import { useSignup } from '../api/use-start-session.ts';
import { rememberReferral } from '../remember-session.ts';
import { afterPhoneRules, phoneProblem, phoneProblemKey, phoneToSend, usePhoneRules } from '../../../lib/phone-input.ts';
import { AuthCard, AuthLayout, AuthSwitch } from './auth-layout.tsx';

const passwordMin: (typeof limits)['passwordMin'] = 8;
const required = ['name', 'email', 'phone_number', 'password'] as const;

export function SignupPage() {
  usePhoneRules();
  const { t } = useTranslation(['auth', 'common']);
  const navigate = useNavigate();
  const location = useLocation();
  const [referralCode] = useState(() => rememberReferral(location.search));
  const signup = useSignup();
  const form = useFormFields({ name: '', email: '', phone_number: '', password: '' }, required, signup.error, {
    phone_number: (value) => {
      const problem = phoneProblem(value);
      return problem && t(`common:${phoneProblemKey(problem)}`);
    },
  });
  const { values } = form;

  const submit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    // Missing fields are marked at once; the phone is checked again once its rules are in.
    if (!form.checkRequired()) return;
    afterPhoneRules(() => {
      if (!form.checkRequired()) return;
      const body: SignupBody = {
        name: values.name.trim(),
        email: values.email.trim(),
        phone_number: phoneToSend(values.phone_number),
        password: values.password,
        ...(referralCode ? { referral_code: referralCode } : {}),
      };
      signup.mutate(body, { onSuccess: () => void navigate(paths.dashboard, { replace: true }) });
    });
  };

  return (
    <AuthLayout>
      <AuthCard title={t('auth:signup.title')} subtitle={t('auth:signup.subtitle')}>
        <form noValidate onSubmit={submit} className="space-y-5">
          <FormAlert error={signup.error} />
          {referralCode && !signup.isError ? <Alert tone="info">{t('auth:signup.referral', { code: referralCode })}</Alert> : null}
          <TextField
            label={t('auth:fields.name')}
            autoComplete="name"
            placeholder={t('auth:fields.namePlaceholder')}
            required
            {...form.field('name')}
          />
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
            label={t('auth:fields.phone')}
            type="tel"
            autoComplete="tel"
            inputMode="tel"
            placeholder={t('auth:fields.phonePlaceholder')}
            required
            {...form.field('phone_number')}
            hint={t('auth:fields.phoneHint')}
          />
          <TextField
            label={t('auth:fields.password')}
            type="password"
            autoComplete="new-password"
            required
            revealable
            {...form.field('password')}
            hint={t('auth:fields.passwordHint', { min: passwordMin })}
          />
          <Button type="submit" size="lg" className="w-full" loading={signup.isPending}>
            {signup.isPending ? t('auth:signup.submitting') : t('auth:signup.submit')}
          </Button>
        </form>
        <AuthSwitch prompt={t('auth:signup.haveAccount')} to={paths.login} label={t('auth:signup.toLogin')} />
      </AuthCard>
    </AuthLayout>
  );
}
