import { useState, type FormEvent } from 'react';
import { Link, useLocation, useNavigate } from 'react-router';
import { useTranslation } from 'react-i18next';
import type { SignupBody, limits } from '@charla/shared';
import { Alert } from '../../../components/ui/alert.tsx';
import { Button } from '../../../components/ui/button.tsx';
import { TextField } from '../../../components/ui/text-field.tsx';
import { errorText, fieldErrors } from '../../../lib/error-text.ts';
import { paths } from '../../../app/navigation.ts';
import { useSignup } from '../api/use-signup.ts';
import { missingFields } from '../form-checks.ts';
import { rememberReferral } from '../remember-session.ts';
import { AuthCard, AuthLayout } from './auth-layout.tsx';

type SignupValues = { name: string; email: string; phone_number: string; password: string };

const passwordMin: (typeof limits)['passwordMin'] = 8;
const required = ['name', 'email', 'phone_number', 'password'] as const;

export function SignupPage() {
  const { t } = useTranslation(['auth', 'common']);
  const navigate = useNavigate();
  const location = useLocation();
  const [referralCode] = useState(() => rememberReferral(location.search));
  const signup = useSignup();
  const [values, setValues] = useState<SignupValues>({ name: '', email: '', phone_number: '', password: '' });
  const [clientErrors, setClientErrors] = useState<Partial<Record<keyof SignupValues, string>>>({});

  const serverFields = fieldErrors(signup.error);
  const errorFor = (name: keyof SignupValues) => clientErrors[name] ?? serverFields[name];

  const update = (name: keyof SignupValues) => (event: { target: { value: string } }) => {
    setValues((current) => ({ ...current, [name]: event.target.value }));
    setClientErrors((current) => ({ ...current, [name]: undefined }));
  };

  const submit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const missing = missingFields(values, required);
    if (missing.length > 0) {
      setClientErrors(Object.fromEntries(missing.map((name) => [name, t('common:validation.required')])));
      return;
    }
    const body: SignupBody = {
      name: values.name.trim(),
      email: values.email.trim(),
      phone_number: values.phone_number.trim(),
      password: values.password,
      ...(referralCode ? { referral_code: referralCode } : {}),
    };
    signup.mutate(body, { onSuccess: () => void navigate(paths.dashboard, { replace: true }) });
  };

  return (
    <AuthLayout>
      <AuthCard title={t('auth:signup.title')} subtitle={t('auth:signup.subtitle')}>
        <form noValidate onSubmit={submit} className="space-y-5">
          {signup.isError ? <Alert tone="error">{errorText(signup.error)}</Alert> : null}
          {referralCode && !signup.isError ? <Alert tone="info">{t('auth:signup.referral', { code: referralCode })}</Alert> : null}
          <TextField
            label={t('auth:fields.name')}
            name="name"
            autoComplete="name"
            placeholder={t('auth:fields.namePlaceholder')}
            required
            value={values.name}
            onChange={update('name')}
            error={errorFor('name')}
          />
          <TextField
            label={t('auth:fields.email')}
            name="email"
            type="email"
            autoComplete="email"
            inputMode="email"
            placeholder={t('auth:fields.emailPlaceholder')}
            required
            value={values.email}
            onChange={update('email')}
            error={errorFor('email')}
          />
          <TextField
            label={t('auth:fields.phone')}
            name="phone_number"
            type="tel"
            autoComplete="tel"
            inputMode="tel"
            placeholder={t('auth:fields.phonePlaceholder')}
            required
            value={values.phone_number}
            onChange={update('phone_number')}
            error={errorFor('phone_number')}
            hint={t('auth:fields.phoneHint')}
          />
          <TextField
            label={t('auth:fields.password')}
            name="password"
            type="password"
            autoComplete="new-password"
            required
            revealable
            value={values.password}
            onChange={update('password')}
            error={errorFor('password')}
            hint={t('auth:fields.passwordHint', { min: passwordMin })}
          />
          <Button type="submit" size="lg" className="w-full" loading={signup.isPending}>
            {signup.isPending ? t('auth:signup.submitting') : t('auth:signup.submit')}
          </Button>
        </form>
        <p className="mt-6 text-center text-sm text-muted">
          {t('auth:signup.haveAccount')}{' '}
          <Link to={paths.login} className="focus-ring rounded font-semibold whitespace-nowrap text-fg underline decoration-highlight decoration-2 underline-offset-4 hover:text-highlight">
            {t('auth:signup.toLogin')}
          </Link>
        </p>
      </AuthCard>
    </AuthLayout>
  );
}
