import { useState } from 'react';
import { useTranslation } from '../../../lib/use-translation.ts';
import type { MetaRegisterResponse } from '@charla/shared';
import { isMetaId, isRegistrationPin, metaTokenLength } from '@charla/shared/input-rules';
import { TextField } from '../../../components/ui/text-field.tsx';
import { fieldErrors } from '../../../lib/error-text.ts';
import { registerWhatsappApi } from '../api/channels-calls.ts';
import { ConnectionForm, useConnectionFields, type Problems } from './connection-form.tsx';

const empty = { phone_number_id: '', waba_id: '', access_token: '', pin: '' };
type Values = typeof empty;

/** Connecting the WhatsApp Business API by hand: the number's ids, a token and, if the owner has one, the PIN. */
export function WhatsappApiForm({ botId, onStart, onDone, onFailed, onCancel }: {
  botId: string;
  onStart: () => void;
  onDone: (answer: MetaRegisterResponse) => void;
  onFailed: (error: unknown) => void;
  onCancel: () => void;
}) {
  const { t } = useTranslation('channels');
  const form = useConnectionFields(empty);
  const [saving, setSaving] = useState(false);
  const { values } = form;

  const submit = async () => {
    const found: Problems<Values> = {};
    if (!isMetaId(values.phone_number_id)) found.phone_number_id = t('form.digits');
    if (!isMetaId(values.waba_id)) found.waba_id = t('form.digits');
    if (values.access_token.trim().length < metaTokenLength.min) found.access_token = t('form.token');
    if (values.pin.trim() && !isRegistrationPin(values.pin)) found.pin = t('form.pin');
    if (!form.check(found)) return;
    setSaving(true);
    onStart();
    try {
      const answer = await registerWhatsappApi({
        bot_id: botId,
        phone_number_id: values.phone_number_id.trim(),
        waba_id: values.waba_id.trim(),
        access_token: values.access_token.trim(),
        ...(values.pin.trim() ? { pin: values.pin.trim() } : {}),
      });
      form.clear();
      onDone(answer);
    } catch (error) {
      form.setProblems(fieldErrors(error));
      onFailed(error);
    } finally {
      setSaving(false);
    }
  };

  return (
    <ConnectionForm label={t('api.formLabel')} saving={saving} onSubmit={() => void submit()} onCancel={onCancel}>
      <TextField label={t('form.phoneNumberId')} inputMode="numeric" {...form.field('phone_number_id')} />
      <TextField label={t('form.wabaId')} inputMode="numeric" {...form.field('waba_id')} />
      <TextField label={t('form.accessToken')} type="password" revealable {...form.field('access_token')} />
      <TextField label={t('form.pin')} hint={t('form.pinHint')} inputMode="numeric" maxLength={6} {...form.field('pin')} />
    </ConnectionForm>
  );
}
