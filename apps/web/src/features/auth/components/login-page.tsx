import { useState, type FormEvent } from 'react';
import { Link, useLocation, useNavigate } from 'react-router';
import { useTranslation } from 'react-i18next';
import { Alert } from '../../../components/ui/alert.tsx';
import { Button } from '../../../components/ui/button.tsx';
import { TextField } from '../../../components/ui/text-field.tsx';
import { errorText, fieldErrors } from '../../../lib/error-text.ts';
import { paths } from '../../../app/navigation.ts';
import type { LoginLocationState } from '../../../app/session.ts';
import { useLogin } from '../api/use-login.ts';
import { missingFields, safeReturnPath } from '../form-checks.ts';
import { AuthCard, AuthLayout } from './auth-layout.tsx';

type LoginValues = { email: string; password: string };

export function LoginPage() {
  const { t } = useTranslation(['auth', 'common']);
  const navigate = useNavigate();
  const location = useLocation();
  const state = (location.state ?? {}) as LoginLocationState;
  const login = useLogin();
  const [values, setValues] = useState<LoginValues>({ email: '', password: '' });
  const [clientErrors, setClientErrors] = useState<Partial<Record<keyof LoginValues, string>>>({});

  const serverFields = fieldErrors(login.error);
  const errorFor = (name: keyof LoginValues) => clientErrors[name] ?? serverFields[name];

  const update = (name: keyof LoginValues) => (event: { target: { value: string } }) => {
    setValues((current) => ({ ...current, [name]: event.target.value }));
    setClientErrors((current) => ({ ...current, [name]: undefined }));
  };

  const submit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const missing = missingFields(values, ['email', 'password']);
    if (missing.length > 0) {
      setClientErrors(Object.fromEntries(missing.map((name) => [name, t('common:validation.required')])));
      return;
    }
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
          {login.isError ? <Alert tone="error">{errorText(login.error)}</Alert> : login.isIdle ? notice : null}
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
            label={t('auth:fields.password')}
            name="password"
            type="password"
            autoComplete="current-password"
            required
            revealable
            value={values.password}
            onChange={update('password')}
            error={errorFor('password')}
          />
          <Button type="submit" size="lg" className="w-full" loading={login.isPending}>
            {login.isPending ? t('auth:login.submitting') : t('auth:login.submit')}
          </Button>
        </form>
        <p className="mt-6 text-center text-sm text-muted">
          {t('auth:login.noAccount')}{' '}
          <Link to={paths.signup} className="focus-ring rounded font-semibold whitespace-nowrap text-fg underline decoration-highlight decoration-2 underline-offset-4 hover:text-highlight">
            {t('auth:login.toSignup')}
          </Link>
        </p>
      </AuthCard>
    </AuthLayout>
  );
}
