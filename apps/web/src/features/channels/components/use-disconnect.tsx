import { useState } from 'react';
import { useQueryClient } from '@tanstack/react-query';
import { useTranslation } from '../../../lib/use-translation.ts';
import type { DisconnectBody } from '@charla/shared';
import { Button } from '../../../components/ui/button.tsx';
import { Modal } from '../../../components/ui/modal.tsx';
import { showToast } from '../../../components/ui/toast-store.ts';
import { errorText } from '../../../lib/error-text.ts';
import { disconnectChannel } from '../api/channels-calls.ts';
import { channelsKey, refreshWhatsmeowSession } from '../api/use-channels.ts';

/** Asks before disconnecting; reports 'Failed to disconnect' and refreshes what changed. */
export function useDisconnect(botId: string, source: DisconnectBody['source']) {
  const { t } = useTranslation('channels');
  const client = useQueryClient();
  const [asking, setAsking] = useState(false);
  const [busy, setBusy] = useState(false);
  const confirm = async () => {
    setAsking(false);
    setBusy(true);
    const result = await disconnectChannel({ botId, source });
    setBusy(false);
    if (result.ok) showToast(t('disconnect.done'), 'success');
    else showToast(errorText(result.error), 'error');
    if (source === 'whatsmeow') void refreshWhatsmeowSession(client, botId);
    else void client.invalidateQueries({ queryKey: channelsKey(botId), exact: true });
  };
  const modal = (
    <Modal
      open={asking}
      onClose={() => setAsking(false)}
      title={t('disconnect.title')}
      actions={
        <>
          <Button variant="ghost" onClick={() => setAsking(false)}>
            {t('disconnect.cancel')}
          </Button>
          <Button variant="danger" onClick={() => void confirm()}>
            {t('disconnect.confirm')}
          </Button>
        </>
      }
    >
      {t('disconnect.body')}
    </Modal>
  );
  const button = (
    <Button variant="secondary" size="sm" loading={busy} onClick={() => setAsking(true)}>
      {t('disconnect.action')}
    </Button>
  );
  return { button, modal };
}
