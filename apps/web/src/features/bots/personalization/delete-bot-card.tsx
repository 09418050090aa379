import { useState } from 'react';
import { useNavigate } from 'react-router';
import { useQueryClient } from '@tanstack/react-query';
import { useTranslation } from '../../../lib/use-translation.ts';
import { Button } from '../../../components/ui/button.tsx';
import { AlertIcon } from '../../../components/ui/icons.tsx';
import { Modal } from '../../../components/ui/modal.tsx';
import { showToast } from '../../../components/ui/toast-store.ts';
import { paths } from '../../../lib/navigation.ts';
import { deleteBot } from '../api/bot-calls.ts';
import { botCallDeps, botsKey, refetchBots, removeBotFromCache } from '../api/use-bots.ts';
import { botLabel, type Bot } from '../bot.ts';
import { readSelectedBotId, selectionAfterDelete, storeSelectedBotId } from '../selected-bot.ts';
import { readStorage, storageKeys } from '../../../lib/storage-keys.ts';

/** Deletes the bot after a confirmation; the selection moves to the first remaining bot, or is cleared. */
export function DeleteBotCard({ bot }: { bot: Bot }) {
  const { t } = useTranslation('bots');
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const [open, setOpen] = useState(false);
  const [deleting, setDeleting] = useState(false);
  const name = botLabel(bot, t('personalization.unnamed'));

  const confirm = async () => {
    setDeleting(true);
    const deleted = await deleteBot(bot.id, botCallDeps);
    setDeleting(false);
    if (!deleted) {
      showToast(t('personalization.delete.failed'), 'error');
      void refetchBots(queryClient);
      return;
    }
    const list = queryClient.getQueryData<Bot[]>(botsKey(readStorage(storageKeys.email))) ?? [bot];
    const next = selectionAfterDelete(list, bot.id, readSelectedBotId() ?? bot.id);
    storeSelectedBotId(next);
    removeBotFromCache(queryClient, bot.id);
    setOpen(false);
    showToast(t('personalization.delete.done', { name }), 'success');
    navigate(next ? paths.bot(next, 'personalizacion') : paths.dashboard, { replace: true });
    void refetchBots(queryClient);
  };

  return (
    <section id="eliminar" aria-labelledby="eliminar-title" className="scroll-mt-32 rounded-2xl border border-danger/35 bg-danger/5 p-5 sm:p-6">
      <div className="flex flex-col gap-4 sm:flex-row sm:items-center">
        <div className="min-w-0 flex-1">
          <h2 id="eliminar-title" className="font-semibold text-fg">
            {t('personalization.delete.title')}
          </h2>
          <p className="mt-0.5 text-pretty text-sm text-muted">{t('personalization.delete.description')}</p>
        </div>
        <Button variant="danger" className="w-full sm:w-auto" onClick={() => setOpen(true)}>
          {t('personalization.delete.action')}
        </Button>
      </div>
      <Modal
        open={open}
        onClose={() => {
          if (!deleting) setOpen(false);
        }}
        icon={<AlertIcon className="size-6" />}
        title={t('personalization.delete.confirmTitle', { name })}
        actions={
          <>
            <Button variant="secondary" onClick={() => setOpen(false)} disabled={deleting}>
              {t('personalization.delete.cancel')}
            </Button>
            <Button variant="danger" loading={deleting} onClick={() => void confirm()} className="bg-danger/10">
              {t('personalization.delete.confirm')}
            </Button>
          </>
        }
      >
        <p>{t('personalization.delete.confirmBody')}</p>
      </Modal>
    </section>
  );
}
