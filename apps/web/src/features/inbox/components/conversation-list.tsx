import { useRef, type KeyboardEvent } from 'react';
import { useTranslation } from '../../../lib/use-translation.ts';
import type { ConversationAssignee, ConversationListItem, ConversationStatus } from '@charla/shared';
import { conversationStatuses, inboxChannels } from '@charla/shared/constants';
import { Button } from '../../../components/ui/button.tsx';
import { AlertIcon, ChatIcon, UserIcon } from '../../../components/ui/icons.tsx';
import { SearchField } from '../../../components/ui/search-field.tsx';
import { LoadFailed } from '../../../components/ui/load-failed.tsx';
import { Spinner } from '../../../components/ui/spinner.tsx';
import { initialsOf, lastAuthorLabel, type InboxFilter } from '../inbox-state.ts';
import { useAssigneeText } from './assign-control.tsx';
import { dateFormat } from '../../../lib/intl.ts';

/** The time of the last message: the hour today, else the date. */
function when(iso: string, locale: string): string {
  const d = new Date(iso);
  const sameDay = d.toDateString() === new Date().toDateString();
  return dateFormat(locale, sameDay ? { hour: 'numeric', minute: '2-digit' } : { day: 'numeric', month: 'short' }).format(d);
}

/** The item's last line: its channel, and who it is given to. */
function Meta({ item, me, people }: { item: ConversationListItem; me: string; people: ConversationAssignee[] | undefined }) {
  const { t } = useTranslation(['inbox', 'common']);
  const assignee = useAssigneeText(item, me, people);
  return (
    <span className="mt-1 flex min-w-0 items-center gap-1 text-[11px] text-muted">
      <span className="shrink-0">{t(`common:channelNames.${item.channel}`)}</span>
      {assignee ? (
        <span className="truncate" data-assignee>
          · {assignee}
        </span>
      ) : null}
    </span>
  );
}

/** The last message: who wrote it (the assistant, you, a person by name) and, when it could not be sent, a mark that says so. */
function Preview({ item, me, people }: { item: ConversationListItem; me: string; people: ConversationAssignee[] | undefined }) {
  const { t } = useTranslation(['inbox', 'common']);
  const last = item.lastMessage;
  if (!last) return null;
  const kind = /^\[(\w+)\]$/.exec(last.text)?.[1];
  const text = kind ? t(`list.media.${kind}` as 'list.media.image', { defaultValue: last.text }) : last.text;
  const who = lastAuthorLabel(last, me, people);
  const failed = last.direction === 'out' && last.status === 'failed';
  return (
    <>
      {failed ? (
        <span className="me-1 inline-flex items-center align-[-0.125em] text-danger" data-not-sent>
          <AlertIcon className="size-3.5" />
          <span className="sr-only">{t('list.notSent')}: </span>
        </span>
      ) : null}
      {who ? (
        <span className="text-muted" data-last-author={who.kind}>
          {who.kind === 'person' ? t('list.author.person', { name: who.name }) : t(`list.author.${who.kind}`)}{' '}
        </span>
      ) : null}
      {text}
    </>
  );
}

export function ConversationListPane({
  items,
  filter,
  onFilter,
  openId,
  onOpen,
  loading,
  error,
  retrying,
  onRetry,
  hasMore,
  loadingMore,
  onMore,
  me,
  people,
}: {
  items: ConversationListItem[];
  filter: InboxFilter;
  onFilter: (patch: Partial<InboxFilter>) => void;
  openId: string | null;
  onOpen: (id: string) => void;
  loading: boolean;
  error: unknown;
  retrying: boolean;
  onRetry: () => void;
  hasMore: boolean;
  loadingMore: boolean;
  onMore: () => void;
  /** The reader, and the bot's people: who each conversation is given to. */
  me: string;
  people: ConversationAssignee[] | undefined;
}) {
  const { t, i18n } = useTranslation(['inbox', 'common']);
  const locale = i18n.resolvedLanguage ?? i18n.language;
  const tabId = (s: ConversationStatus) => `inbox-tab-${s}`;
  const listRef = useRef<HTMLUListElement>(null);
  // One conversation of the list takes the Tab key: the open one, else the first.
  const focusable = items.some((i) => i.id === openId) ? openId : items[0]?.id;

  /** Up and down (or k and j, as in a mail reader), Home and End: the next conversation opens and takes the focus. */
  const onListKey = (event: KeyboardEvent<HTMLUListElement>) => {
    if (event.altKey || event.ctrlKey || event.metaKey) return;
    const keys: Record<string, number> = { ArrowDown: 1, j: 1, ArrowUp: -1, k: -1 };
    const at = items.findIndex((i) => i.id === (document.activeElement as HTMLElement | null)?.dataset.conversation);
    let next: number;
    if (event.key === 'Home') next = 0;
    else if (event.key === 'End') next = items.length - 1;
    else if (keys[event.key] !== undefined) next = Math.min(Math.max((at < 0 ? items.findIndex((i) => i.id === openId) : at) + keys[event.key]!, 0), items.length - 1);
    else return;
    event.preventDefault();
    const item = items[next];
    if (!item) return;
    listRef.current?.querySelector<HTMLElement>(`[data-conversation="${item.id}"]`)?.focus();
    if (item.id !== openId) onOpen(item.id);
  };

  return (
    <section aria-label={t('list.label')} className="flex min-h-0 min-w-0 flex-1 flex-col border-line bg-card lg:border-e">
      <div className="space-y-2 border-b border-line p-3">
        <div role="tablist" aria-label={t('list.statusTabs')} className="grid grid-cols-3 gap-1 rounded-xl bg-surface/60 p-1">
          {conversationStatuses.map((s) => (
            <button
              key={s}
              id={tabId(s)}
              role="tab"
              type="button"
              aria-selected={filter.status === s}
              onClick={() => onFilter({ status: s })}
              className={`focus-ring h-8 rounded-lg text-sm font-semibold transition ${filter.status === s ? 'bg-card-strong text-fg shadow-sm' : 'text-muted hover:text-fg'}`}
            >
              {t(`status.${s}`)}
            </button>
          ))}
        </div>
        <SearchField label={t('list.search')} value={filter.q} maxLength={100} onChange={(q) => onFilter({ q })} look="compact" className="min-w-0" />
        <div className="flex gap-2">
          <label className="min-w-0 flex-1">
            <span className="sr-only">{t('list.channel')}</span>
            <select
              value={filter.channel}
              onChange={(e) => onFilter({ channel: e.target.value as InboxFilter['channel'] })}
              className="focus-ring h-9 w-full rounded-lg border border-line bg-card-strong px-2 text-sm text-fg"
            >
              <option value="">{t('channels.all')}</option>
              {inboxChannels.map((c) => (
                <option key={c} value={c}>
                  {t(`common:channelNames.${c}`)}
                </option>
              ))}
            </select>
          </label>
          <button
            type="button"
            aria-pressed={filter.mine}
            title={t('list.mineHint')}
            onClick={() => onFilter({ mine: !filter.mine })}
            className={`focus-ring inline-flex h-9 shrink-0 items-center gap-1.5 rounded-lg border px-3 text-sm font-semibold transition ${filter.mine ? 'border-highlight bg-highlight text-on-highlight' : 'border-line bg-card-strong text-fg hover:bg-card'}`}
          >
            <UserIcon className="size-4" />
            {t('list.mine')}
          </button>
        </div>
      </div>

      <div role="tabpanel" aria-labelledby={tabId(filter.status)} className="min-h-0 flex-1 overflow-y-auto">
        {loading ? (
          <div className="grid place-items-center p-8">
            <Spinner />
          </div>
        ) : error ? (
          <LoadFailed title={t('list.failed')} error={error} retryLabel={t('list.retry')} retrying={retrying} onRetry={onRetry} />
        ) : items.length === 0 ? (
          <div className="flex flex-col items-center gap-3 p-8 text-center text-sm text-muted" data-empty>
            <ChatIcon className="size-8 opacity-60" />
            <p>{filter.q.trim() ? t('list.emptySearch', { q: filter.q.trim() }) : filter.mine ? t('list.emptyMine') : t(`list.empty.${filter.status}`)}</p>
          </div>
        ) : (
          <ul ref={listRef} role="listbox" aria-label={t('list.label')} aria-describedby="inbox-list-keys" onKeyDown={onListKey} className="divide-y divide-line">
            {items.map((item) => {
              const name = item.contact.name || item.contact.phone || t('list.unknownContact');
              const active = item.id === openId;
              return (
                <li key={item.id} role="none">
                  <button
                    type="button"
                    role="option"
                    onClick={() => onOpen(item.id)}
                    aria-selected={active}
                    tabIndex={item.id === focusable ? 0 : -1}
                    data-conversation={item.id}
                    className={`focus-ring flex w-full items-start gap-3 px-3 py-3 text-start transition focus-visible:-outline-offset-2 ${active ? 'bg-highlight/15 shadow-[inset_3px_0_0_var(--highlight-color)]' : 'hover:bg-card-strong'}`}
                  >
                    <span aria-hidden="true" className="grid size-10 shrink-0 place-items-center rounded-full bg-brand-gradient text-sm font-bold text-white">
                      {initialsOf(item.contact.name, item.contact.phone)}
                    </span>
                    <span className="min-w-0 flex-1">
                      <span className="flex items-baseline gap-2">
                        <span className={`truncate ${item.unreadCount ? 'font-bold' : 'font-semibold'} text-fg`}>{name}</span>
                        <span className="ms-auto shrink-0 text-xs text-muted">{item.lastMessage ? when(item.lastMessage.at, locale) : ''}</span>
                      </span>
                      <span className="mt-0.5 flex items-center gap-2">
                        <span className="truncate text-sm text-muted">
                          <Preview item={item} me={me} people={people} />
                        </span>
                        {item.unreadCount > 0 ? (
                          <span
                            className="ms-auto grid h-5 min-w-5 shrink-0 place-items-center rounded-full bg-emerald-500 px-1.5 text-[11px] font-bold text-white"
                            data-unread={item.unreadCount}
                          >
                            <span aria-hidden="true">{item.unreadCount}</span>
                            <span className="sr-only">{t('list.unread', { count: item.unreadCount })}</span>
                          </span>
                        ) : null}
                      </span>
                      <Meta item={item} me={me} people={people} />
                    </span>
                  </button>
                </li>
              );
            })}
          </ul>
        )}
        <p id="inbox-list-keys" className="sr-only">
          {t('list.keys')}
        </p>
        {hasMore && !loading ? (
          <div className="p-3">
            <Button variant="secondary" size="sm" className="w-full" loading={loadingMore} onClick={onMore}>
              {t('list.more')}
            </Button>
          </div>
        ) : null}
      </div>
    </section>
  );
}
