import type { FormEvent } from 'react';
import { useTranslation } from '../../../lib/use-translation.ts';
import { Button } from '../../../components/ui/button.tsx';
import { Card } from '../../../components/ui/card.tsx';
import { FormAlert } from '../../../components/ui/form-alert.tsx';
import { TextField } from '../../../components/ui/text-field.tsx';
import { showToast } from '../../../components/ui/toast-store.ts';
import { useFormFields } from '../../../components/ui/use-form-fields.ts';
import { newPasswordProblems, passwordMin, useChangePassword } from '../../auth/index.ts';

const empty = { currentPassword: '', newPassword: '', confirm: '' };

/** Mi cuenta's "Contraseña": the current one, a new one twice; other devices are signed out. */
export function PasswordCard() {
  const { t } = useTranslation(['account', 'auth']);
  const change = useChangePassword();
  const form = useFormFields(empty, ['currentPassword', 'newPassword', 'confirm'], change.error, {
    newPassword: (value) => (newPasswordProblems(value, value).password ? t('auth:fields.passwordHint', { min: passwordMin }) : undefined),
    confirm: (value): string | undefined => (newPasswordProblems(form.values.newPassword, value).confirm ? t('account:password.mismatch') : undefined),
  });

  const submit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    if (!form.checkRequired()) return;
    change.mutate(
      { currentPassword: form.values.currentPassword, newPassword: form.values.newPassword },
      {
        onSuccess: () => {
          form.reset(empty);
          showToast(t('account:password.saved'), 'success');
        },
      },
    );
  };

  return (
    <Card className="render-later p-6">
      <h2 className="font-semibold">{t('account:password.title')}</h2>
      <p className="mt-1 text-sm text-muted">{t('account:password.description')}</p>
      <form noValidate onSubmit={submit} className="mt-5 space-y-4">
        <FormAlert error={change.error} />
        <TextField label={t('account:password.current')} type="password" autoComplete="current-password" required revealable {...form.field('currentPassword')} />
        <TextField
          label={t('account:password.new')}
          type="password"
          autoComplete="new-password"
          required
          revealable
          {...form.field('newPassword')}
          hint={t('auth:fields.passwordHint', { min: passwordMin })}
        />
        <TextField label={t('account:password.confirm')} type="password" autoComplete="new-password" required revealable {...form.field('confirm')} />
        <Button type="submit" className="w-full" loading={change.isPending}>
          {change.isPending ? t('account:password.submitting') : t('account:password.submit')}
        </Button>
      </form>
    </Card>
  );
}
