import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { ConversationAssignee, ConversationDetail, PersonAction } from '@charla/shared';
import { Alert } from '../../../components/ui/alert.tsx';
import { Button } from '../../../components/ui/button.tsx';
import { BotIcon, ChevronLeftIcon, CloseIcon, HandoffIcon } from '../../../components/ui/icons.tsx';
import { showToast } from '../../../components/ui/toast-store.ts';
import { errorText } from '../../../lib/error-text.ts';
import { assigneeLabel, initialsOf } from '../inbox-state.ts';


/** Who the customer is, who answers them, and the buttons to take over, give back or close. */
export function ContactPanel({
  conversation,
  userId,
  people,
  onAction,
  onClose,
}: {
  conversation: ConversationDetail;
  userId: string;
  people: ConversationAssignee[] | undefined;
  onAction: (action: PersonAction) => Promise<unknown>;
  /** On narrow screens the panel covers the chat; this goes back to it. */
  onClose: () => void;
}) {
  const { t } = useTranslation(['inbox', 'common']);
  const [busy, setBusy] = useState<PersonAction | null>(null);
  const [error, setError] = useState<string | null>(null);
  const c = conversation;
  const run = async (action: PersonAction) => {
    setBusy(action);
    setError(null);
    try {
      await onAction(action);
      showToast(t(action === 'takeover' ? 'contact.tookOver' : action === 'release' ? 'contact.released' : 'contact.closedToast'), 'success');
    } catch (e) {
      setError(errorText(e));
    } finally {
      setBusy(null);
    }
  };
  const who = assigneeLabel(c, userId, people);
  const assigned = !who ? t('contact.nobody') : who.kind === 'you' ? t('contact.you') : who.kind === 'person' ? who.name : t('contact.someone');
  const rows: [string, string][] = [
    [t('contact.phone'), c.contact.phone || '—'],
    [t('contact.email'), c.contact.email || '—'],
    [t('contact.channel'), t(`common:channelNames.${c.channel}`)],
    [t('contact.status'), t(`statusLabel.${c.status}`)],
    [t('contact.assigned'), assigned],
  ];

  return (
    <aside aria-label={t('contact.title')} className="flex min-h-0 min-w-0 flex-1 flex-col overflow-y-auto border-line bg-card p-4 xl:border-s" data-contact-panel>
      <button type="button" onClick={onClose} className="focus-ring mb-2 inline-flex items-center gap-1 self-start rounded-lg text-sm text-muted xl:hidden">
        <ChevronLeftIcon className="size-4" />
        {t('chat.backToChat')}
      </button>
      <div className="flex flex-col items-center text-center">
        <span aria-hidden="true" className="grid size-16 place-items-center rounded-full bg-brand-gradient text-xl font-bold text-white">
          {initialsOf(c.contact.name, c.contact.phone)}
        </span>
        <h2 className="mt-2 text-lg font-semibold break-words text-fg">{c.contact.name || c.contact.phone || t('list.unknownContact')}</h2>
      </div>
      <dl className="mt-4 space-y-2 text-sm">
        {rows.map(([k, v]) => (
          <div key={k}>
            <dt className="text-xs text-muted">{k}</dt>
            <dd className="break-words text-fg" data-field={k}>
              {v}
            </dd>
          </div>
        ))}
      </dl>
      {c.status === 'human' ? <p className="mt-3 text-xs text-muted">{c.idleMinutes > 0 ? t('contact.idle', { minutes: c.idleMinutes }) : t('contact.idleNever')}</p> : null}
      {error ? (
        <Alert tone="error" className="mt-3">
          {error}
        </Alert>
      ) : null}
      <div className="mt-4 flex flex-col gap-2">
        {c.status !== 'human' ? (
          <Button size="sm" onClick={() => void run('takeover')} loading={busy === 'takeover'} icon={<HandoffIcon className="size-4" />}>
            {t('contact.takeover')}
          </Button>
        ) : null}
        {c.status !== 'bot' ? (
          <Button size="sm" variant="secondary" onClick={() => void run('release')} loading={busy === 'release'} icon={<BotIcon className="size-4" />}>
            {t('contact.release')}
          </Button>
        ) : null}
        {c.status !== 'closed' ? (
          <Button size="sm" variant="secondary" onClick={() => void run('close')} loading={busy === 'close'} icon={<CloseIcon className="size-4" />}>
            {t('contact.close')}
          </Button>
        ) : null}
      </div>
    </aside>
  );
}
