import type { FormEvent } from 'react';
import { useTranslation } from '../../../lib/use-translation.ts';
import { Alert } from '../../../components/ui/alert.tsx';
import { Button } from '../../../components/ui/button.tsx';
import { FormAlert } from '../../../components/ui/form-alert.tsx';
import { TextField } from '../../../components/ui/text-field.tsx';
import { useFormFields } from '../../../components/ui/use-form-fields.ts';
import { paths } from '../../../lib/navigation.ts';
import { useForgotPassword } from '../api/use-password.ts';
import { AuthCard, AuthLayout, AuthSwitch } from './auth-layout.tsx';

/** /recuperar-contrasena: asks for a reset link; says the same whether or not the e-mail has an account. */
export function ForgotPasswordPage() {
  const { t } = useTranslation(['auth', 'common']);
  const forgot = useForgotPassword();
  const form = useFormFields({ email: '' }, ['email'], forgot.error);

  const submit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    if (!form.checkRequired()) return;
    forgot.mutate({ email: form.values.email.trim() });
  };

  return (
    <AuthLayout>
      <AuthCard title={t('auth:forgot.title')} subtitle={t('auth:forgot.subtitle')}>
        {forgot.isSuccess ? (
          <div className="space-y-5">
            <Alert tone="success">{t('auth:forgot.sent')}</Alert>
            <Button variant="ghost" className="w-full" onClick={() => forgot.reset()}>
              {t('auth:forgot.again')}
            </Button>
          </div>
        ) : (
          <form noValidate onSubmit={submit} className="space-y-5">
            <FormAlert error={forgot.error} />
            <TextField
              label={t('auth:fields.email')}
              type="email"
              autoComplete="email"
              inputMode="email"
              placeholder={t('auth:fields.emailPlaceholder')}
              required
              {...form.field('email')}
            />
            <Button type="submit" size="lg" className="w-full" loading={forgot.isPending}>
              {forgot.isPending ? t('auth:forgot.submitting') : t('auth:forgot.submit')}
            </Button>
          </form>
        )}
        <AuthSwitch prompt={t('auth:forgot.remembered')} to={paths.login} label={t('auth:forgot.toLogin')} />
      </AuthCard>
    </AuthLayout>
  );
}
