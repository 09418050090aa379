import { useState, type FormEvent } from 'react';
import { Link, useLocation } from 'react-router';
import { useTranslation } from '../../../lib/use-translation.ts';
import { Button, buttonClasses } from '../../../components/ui/button.tsx';
import { FormAlert } from '../../../components/ui/form-alert.tsx';
import { TextField } from '../../../components/ui/text-field.tsx';
import { useFormFields } from '../../../components/ui/use-form-fields.ts';
import { isApiError } from '../../../lib/api-client.ts';
import { paths } from '../../../lib/navigation.ts';
import { useResetPassword } from '../api/use-password.ts';
import { newPasswordProblems, passwordMin, resetTokenOf } from '../password-rules.ts';
import { AuthCard, AuthLayout } from './auth-layout.tsx';

const linkClass = buttonClasses('primary', 'lg', 'w-full');

/** /restablecer-contrasena?token=…: a new password from the e-mailed link. */
export function ResetPasswordPage() {
  const { t } = useTranslation(['auth', 'common']);
  const location = useLocation();
  const [token] = useState(() => resetTokenOf(location.search));
  const reset = useResetPassword();
  const form = useFormFields({ password: '', confirm: '' }, ['password', 'confirm'], reset.error, {
    password: (value) => (newPasswordProblems(value, value).password ? t('auth:fields.passwordHint', { min: passwordMin }) : undefined),
    confirm: (value): string | undefined => (newPasswordProblems(form.values.password, value).confirm ? t('auth:reset.mismatch') : undefined),
  });
  const invalid = !token || (isApiError(reset.error) && reset.error.code === 'RESET_TOKEN_INVALID');

  const submit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    if (!token || !form.checkRequired()) return;
    reset.mutate({ token, password: form.values.password });
  };

  if (invalid) {
    return (
      <AuthLayout>
        <AuthCard title={t('auth:reset.invalidTitle')} subtitle={t('auth:reset.invalid')}>
          <Link to={paths.forgotPassword} className={linkClass}>
            {t('auth:reset.askAgain')}
          </Link>
        </AuthCard>
      </AuthLayout>
    );
  }

  if (reset.isSuccess) {
    return (
      <AuthLayout>
        <AuthCard title={t('auth:reset.doneTitle')} subtitle={t('auth:reset.done')}>
          <Link to={paths.login} replace className={linkClass}>
            {t('auth:reset.toLogin')}
          </Link>
        </AuthCard>
      </AuthLayout>
    );
  }

  return (
    <AuthLayout>
      <AuthCard title={t('auth:reset.title')} subtitle={t('auth:reset.subtitle')}>
        <form noValidate onSubmit={submit} className="space-y-5">
          <FormAlert error={reset.error} />
          <TextField
            label={t('auth:reset.password')}
            type="password"
            autoComplete="new-password"
            required
            revealable
            {...form.field('password')}
            hint={t('auth:fields.passwordHint', { min: passwordMin })}
          />
          <TextField
            label={t('auth:reset.confirm')}
            type="password"
            autoComplete="new-password"
            required
            revealable
            {...form.field('confirm')}
          />
          <Button type="submit" size="lg" className="w-full" loading={reset.isPending}>
            {reset.isPending ? t('auth:reset.submitting') : t('auth:reset.submit')}
          </Button>
        </form>
      </AuthCard>
    </AuthLayout>
  );
}
