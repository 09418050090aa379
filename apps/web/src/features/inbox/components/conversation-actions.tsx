import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { ConversationDetail, PersonAction } from '@charla/shared';
import { BotIcon, CloseIcon, HandoffIcon } from '../../../components/ui/icons.tsx';
import { Spinner } from '../../../components/ui/spinner.tsx';
import { showToast } from '../../../components/ui/toast-store.ts';
import { errorText } from '../../../lib/error-text.ts';

const base = 'focus-ring inline-flex h-9 shrink-0 items-center justify-center gap-1.5 whitespace-nowrap rounded-lg text-sm font-semibold transition disabled:opacity-55';

/**
 * The chat header's buttons that decide who answers: take the conversation, give it back to the
 * assistant, close it. The words show beside the icon where there is room; a phone shows the icons,
 * named for assistive technology.
 */
export function ConversationActions({ conversation, onAction }: { conversation: ConversationDetail; onAction: (action: PersonAction) => Promise<unknown> }) {
  const { t } = useTranslation('inbox');
  const [busy, setBusy] = useState<PersonAction | null>(null);
  const run = async (action: PersonAction) => {
    setBusy(action);
    try {
      await onAction(action);
      showToast(t(action === 'takeover' ? 'contact.tookOver' : action === 'release' ? 'contact.released' : 'contact.closedToast'), 'success');
    } catch (e) {
      showToast(errorText(e), 'error');
    } finally {
      setBusy(null);
    }
  };
  const status = conversation.status;
  const main: PersonAction = status === 'human' ? 'release' : 'takeover';
  return (
    <div className="flex shrink-0 items-center gap-1.5" data-conversation-actions>
      <button
        type="button"
        onClick={() => void run(main)}
        disabled={busy !== null}
        aria-busy={busy === main || undefined}
        title={t(main === 'takeover' ? 'contact.takeoverHint' : 'contact.releaseHint')}
        className={`${base} px-2.5 max-sm:w-9 max-sm:px-0 ${main === 'takeover' ? 'bg-highlight text-on-highlight hover:brightness-110' : 'border border-line bg-card text-fg hover:bg-card-strong'}`}
      >
        {busy === main ? <Spinner className="size-4" /> : main === 'takeover' ? <HandoffIcon className="size-4" /> : <BotIcon className="size-4" />}
        <span className="max-sm:sr-only">{t(main === 'takeover' ? 'contact.takeover' : 'contact.release')}</span>
      </button>
      {status !== 'closed' ? (
        <button
          type="button"
          onClick={() => void run('close')}
          disabled={busy !== null}
          aria-busy={busy === 'close' || undefined}
          aria-label={t('contact.close')}
          title={t('contact.close')}
          className={`${base} w-9 border border-line bg-card text-fg hover:bg-card-strong`}
        >
          {busy === 'close' ? <Spinner className="size-4" /> : <CloseIcon className="size-4" />}
        </button>
      ) : null}
    </div>
  );
}
