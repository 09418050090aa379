import { useCallback, useDeferredValue, useEffect, useState } from 'react';
import { useSearchParams } from 'react-router';
import { useTranslation } from '../../../lib/use-translation.ts';
import type { Bot, PersonAction } from '@charla/shared';
import { useCurrentUser } from '../../auth/index.ts';
import { useInbox } from '../api/use-inbox.ts';
import { clearHandoffs } from '../handoff-alerts.ts';
import { openingFilter, type InboxFilter } from '../inbox-state.ts';
import { ChatPane } from './chat-pane.tsx';
import { ContactPanel } from './contact-panel.tsx';
import { ConversationListPane } from './conversation-list.tsx';

/**
 * On a wide screen the list and the chat side by side, the chat taking the room; the contact's pane
 * opens from the chat's header over its side, under the header, and closes again. On a phone one
 * pane at a time: the list, then the chat (the contact's pane over it), and back. The open
 * conversation is in the address (`?c=`), so a notification's link and the browser's back button work.
 */
export function InboxView({ bot }: { bot: Bot }) {
  const botId = bot.id;
  const timeZone = bot.timezone;
  const { t } = useTranslation('inbox');
  const user = useCurrentUser();
  const [params, setParams] = useSearchParams();
  const openId = params.get('c');
  const [showInfo, setShowInfo] = useState(false);
  const [filter, setFilter] = useState<InboxFilter>(openingFilter);
  // Typing in the search does not ask the server on every key.
  const q = useDeferredValue(filter.q);
  const applied = { ...filter, q };
  const inbox = useInbox(botId, applied, openId, user.id);
  // The owner, the main admin and a team's admins give conversations to anyone; an agent takes them.
  const assigning = { me: user.id, manage: user.seat?.role !== 'agent', people: inbox.assignees, onAssign: inbox.assign };

  useEffect(() => clearHandoffs(botId), [botId, openId]);

  const open = useCallback(
    (id: string | null) => {
      setShowInfo(false);
      setParams(
        (p) => {
          const next = new URLSearchParams(p);
          if (id) next.set('c', id);
          else next.delete('c');
          return next;
        },
        { replace: !id },
      );
    },
    [setParams],
  );

  const detail = inbox.detail.data;
  // The conversation opened from a link follows its own tab.
  useEffect(() => {
    if (detail && detail.id === openId) setFilter((f) => (f.status === detail.status ? f : { ...f, status: detail.status }));
  }, [detail?.id, detail?.status, openId]); // eslint-disable-line react-hooks/exhaustive-deps

  // Taken, given back or closed: the list follows the conversation to its new tab.
  const { act: runAction } = inbox;
  const act = useCallback(
    async (action: PersonAction) => {
      const updated = await runAction(action);
      if (updated) setFilter((f) => ({ ...f, status: updated.status }));
    },
    [runAction],
  );

  const list = inbox.list;
  return (
    <div className="grid h-[calc(100dvh-10.5rem)] min-h-[26rem] overflow-hidden rounded-2xl border border-line bg-card shadow-sm sm:h-[calc(100dvh-12.5rem)] lg:grid-cols-[20rem_minmax(0,1fr)]">
      <div className={`min-h-0 min-w-0 flex-col ${openId ? 'hidden lg:flex' : 'flex'}`}>
        <ConversationListPane
          items={inbox.items}
          filter={filter}
          onFilter={(patch) => setFilter((f) => ({ ...f, ...patch }))}
          openId={openId}
          onOpen={open}
          loading={list.isPending}
          error={list.isError ? list.error : null}
          retrying={list.isFetching}
          onRetry={() => void list.refetch()}
          hasMore={Boolean(list.hasNextPage)}
          loadingMore={list.isFetchingNextPage}
          onMore={() => void list.fetchNextPage()}
          me={user.id}
          people={inbox.assignees}
        />
      </div>
      <div className={`min-h-0 min-w-0 flex-col ${openId ? 'flex' : 'hidden lg:flex'}`}>
        <ChatPane
          conversation={openId ? detail : undefined}
          messages={inbox.messages}
          loading={Boolean(openId) && (inbox.detail.isPending || inbox.messagesQuery.isPending)}
          error={inbox.detail.isError ? inbox.detail.error : inbox.messagesQuery.isError ? inbox.messagesQuery.error : null}
          onRetryLoad={() => {
            void inbox.detail.refetch();
            void inbox.messagesQuery.refetch();
          }}
          hasOlder={inbox.hasOlder}
          loadingOlder={inbox.loadingOlder}
          onOlder={() => void inbox.loadOlder()}
          onBack={() => open(null)}
          infoOpen={showInfo}
          onInfo={() => setShowInfo((shown) => !shown)}
          onReply={inbox.reply}
          onAttach={inbox.attach}
          onTemplate={inbox.sendTemplate}
          onAction={act}
          timeZone={timeZone}
          assigning={assigning}
          side={detail && openId && showInfo ? <ContactPanel bot={bot} conversation={detail} userId={user.id} people={inbox.assignees} onClose={() => setShowInfo(false)} /> : null}
        />
      </div>
      {!inbox.live ? <p className="sr-only" role="status">{t('live.offline')}</p> : null}
    </div>
  );
}
