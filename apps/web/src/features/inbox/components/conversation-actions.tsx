import { useState } from 'react';
import { useTranslation } from '../../../lib/use-translation.ts';
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
  // A closed conversation is opened again either way: a person takes it, or the assistant answers again.
  const actions: PersonAction[] = status === 'human' ? ['release', 'close'] : status === 'closed' ? ['takeover', 'release'] : ['takeover', 'close'];
  // The second button is an icon with its name for assistive technology, so the contact's name keeps its room.
  const iconOnly = (action: PersonAction) => action === actions[1];
  return (
    <div className="flex shrink-0 items-center gap-1.5" data-conversation-actions>
      {actions.map((action) => (
        <button
          key={action}
          type="button"
          onClick={() => void run(action)}
          disabled={busy !== null}
          aria-busy={busy === action || undefined}
          {...(action === 'close' && { 'aria-label': t('contact.close') })}
          title={t(action === 'takeover' ? 'contact.takeoverHint' : action === 'release' ? 'contact.releaseHint' : 'contact.close')}
          className={`${base} ${iconOnly(action) ? 'w-9' : 'px-2.5 max-sm:w-9 max-sm:px-0'} ${action === 'takeover' ? 'bg-highlight text-on-highlight hover:brightness-110' : 'border border-line bg-card text-fg hover:bg-card-strong'}`}
        >
          {busy === action ? <Spinner className="size-4" /> : action === 'takeover' ? <HandoffIcon className="size-4" /> : action === 'release' ? <BotIcon className="size-4" /> : <CloseIcon className="size-4" />}
          {action !== 'close' && <span className={iconOnly(action) ? 'sr-only' : 'max-sm:sr-only'}>{t(action === 'takeover' ? 'contact.takeover' : 'contact.release')}</span>}
        </button>
      ))}
    </div>
  );
}
