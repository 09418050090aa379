import { useState } from 'react';
import { useQueryClient } from '@tanstack/react-query';
import { useTranslation } from '../../../lib/use-translation.ts';
import type { ChannelStatus } from '@charla/shared';
import { isMetaId, metaTokenLength } from '@charla/shared/input-rules';
import { Alert } from '../../../components/ui/alert.tsx';
import { TextField } from '../../../components/ui/text-field.tsx';
import { showToast } from '../../../components/ui/toast-store.ts';
import { errorText, fieldErrors } from '../../../lib/error-text.ts';
import { registerMessenger } from '../api/channels-calls.ts';
import { channelsKey } from '../api/use-channels.ts';
import { metaBadge } from '../channel-state.ts';
import { ChannelActions } from './channel-actions.tsx';
import { ChannelCard } from './channel-card.tsx';
import { ConnectionForm, useConnectionFields, type Problems } from './connection-form.tsx';
import { ChannelIds } from './id-list.tsx';
import { useDisconnect } from './use-disconnect.tsx';

const empty = { page_id: '', access_token: '', instagram_account_id: '' };
type Values = typeof empty;

/** Messenger or Instagram: both connect through the Facebook page (Instagram through the account linked to it). */
export function PageChannel({ botId, readOnly, channel, status }: { botId: string; readOnly: boolean; channel: 'messenger' | 'instagram'; status: ChannelStatus | null }) {
  const { t } = useTranslation(['channels', 'common']);
  const client = useQueryClient();
  const [open, setOpen] = useState(false);
  const form = useConnectionFields(empty);
  const [saving, setSaving] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const disconnect = useDisconnect(botId, channel);
  const { values } = form;

  const submit = async () => {
    const found: Problems<Values> = {};
    if (!isMetaId(values.page_id)) found.page_id = t('form.digits');
    if (values.access_token.trim().length < metaTokenLength.min) found.access_token = t('form.token');
    const ig = values.instagram_account_id.trim();
    if ((channel === 'instagram' || ig) && !isMetaId(ig)) found.instagram_account_id = t('form.digits');
    if (!form.check(found)) return;
    setSaving(true);
    setError(null);
    try {
      const answer = await registerMessenger({ bot_id: botId, page_id: values.page_id.trim(), access_token: values.access_token.trim(), ...(ig ? { instagram_account_id: ig } : {}) });
      client.setQueryData(channelsKey(botId), answer.channels);
      setOpen(false);
      form.clear();
      showToast(t('page.connected'), 'success');
    } catch (failure) {
      setError(errorText(failure));
      form.setProblems(fieldErrors(failure));
    } finally {
      setSaving(false);
      void client.invalidateQueries({ queryKey: channelsKey(botId), exact: true });
    }
  };

  return (
    <ChannelCard id={`canal-${channel}`} title={t(`common:channelNames.${channel}`)} description={t(`${channel}.description`)} badge={metaBadge(status)}>
      <ChannelIds ids={status?.ids} />
      {error ? <Alert tone="error">{error}</Alert> : null}
      {!readOnly ? (
        <ChannelActions
          status={status}
          form={{ open, onOpen: () => setOpen(true) }}
          disconnectButton={disconnect.button}
          labels={{ connect: t('page.connect'), reconnect: t('page.reconnect') }}
        />
      ) : null}
      {open && !readOnly ? (
        <ConnectionForm label={t(`${channel}.formLabel`)} saving={saving} onSubmit={() => void submit()} onCancel={() => setOpen(false)}>
          <TextField label={t('form.pageId')} inputMode="numeric" {...form.field('page_id')} />
          <TextField label={t('form.pageToken')} type="password" revealable {...form.field('access_token')} />
          <TextField
            label={t('form.instagramId')}
            hint={channel === 'messenger' ? t('form.instagramOptional') : undefined}
            inputMode="numeric"
            {...form.field('instagram_account_id')}
          />
        </ConnectionForm>
      ) : null}
      {disconnect.modal}
    </ChannelCard>
  );
}
