import { useTranslation } from '../../../lib/use-translation.ts';
import type { CampaignAction } from '@charla/shared';
import { Button } from '../../../components/ui/button.tsx';
import { Modal } from '../../../components/ui/modal.tsx';

/** Asks before pausing, resuming, starting or cancelling a campaign: what each does to the recipients still waiting. */
export function ConfirmActionModal({ action, name, busy, onConfirm, onClose }: { action: CampaignAction | null; name: string; busy: boolean; onConfirm: () => void; onClose: () => void }) {
  const { t } = useTranslation('campaigns');
  return (
    <Modal
      open={action !== null}
      onClose={onClose}
      title={action ? t(`confirm.${action}.title`, { name }) : ''}
      actions={
        <>
          <Button variant="ghost" onClick={onClose}>
            {t('confirm.back')}
          </Button>
          <Button variant={action === 'cancel' ? 'danger' : 'primary'} loading={busy} onClick={onConfirm}>
            {action ? t(`confirm.${action}.confirm`) : ''}
          </Button>
        </>
      }
    >
      {action ? <p>{t(`confirm.${action}.body`)}</p> : null}
    </Modal>
  );
}
