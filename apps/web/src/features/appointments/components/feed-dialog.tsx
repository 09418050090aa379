import { useTranslation } from '../../../lib/use-translation.ts';
import { Button } from '../../../components/ui/button.tsx';
import { FormAlert } from '../../../components/ui/form-alert.tsx';
import { GlobeIcon } from '../../../components/ui/icons.tsx';
import { Modal } from '../../../components/ui/modal.tsx';
import { showToast } from '../../../components/ui/toast-store.ts';
import { useFeedUrl, useNewFeedUrl } from '../api/use-appointments.ts';

/** The secret iCalendar link for Google Calendar or Apple Calendar, and a way to change it. */
export function FeedDialog({ botId, open, onClose }: { botId: string; open: boolean; onClose: () => void }) {
  const { t } = useTranslation('citas');
  const feed = useFeedUrl(botId, open);
  const renew = useNewFeedUrl(botId);
  const url = feed.data?.url ?? '';

  const copy = async () => {
    try {
      await navigator.clipboard.writeText(url);
      showToast(t('feed.copied'), 'success');
    } catch {
      // No clipboard (insecure origin): the field is selected so the owner can copy it.
      (document.getElementById('citas-feed-url') as HTMLInputElement | null)?.select();
    }
  };

  return (
    <Modal
      open={open}
      onClose={onClose}
      icon={<GlobeIcon className="size-6" />}
      title={t('feed.title')}
      actions={
        <>
          <Button variant="secondary" loading={renew.isPending} onClick={() => renew.mutate(undefined, { onSuccess: () => showToast(t('feed.regenerated'), 'success') })}>
            {t('feed.regenerate')}
          </Button>
          <Button disabled={!url} onClick={() => void copy()}>
            {t('feed.copy')}
          </Button>
        </>
      }
    >
      <p>{t('feed.body')}</p>
      <input
        id="citas-feed-url"
        readOnly
        value={url}
        aria-label={t('feed.title')}
        onFocus={(event) => event.target.select()}
        className="mt-3 h-11 w-full rounded-xl border border-line bg-field px-3 font-mono text-xs text-fg"
      />
      <FormAlert error={feed.error ?? renew.error} />
    </Modal>
  );
}
