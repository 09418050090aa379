import { useCallback, useEffect, useRef, useState } from 'react';
import { useInfiniteQuery, useQuery, useQueryClient, type InfiniteData } from '@tanstack/react-query';
import type { ConversationDetail, ConversationList, ConversationMessage, PersonAction, ServerToClientEvents } from '@charla/shared';
import type { AppSocket } from '../../../lib/socket.ts';
import { applyContactNote } from '../../crm/index.ts';
import { useBotRoom } from '../../realtime/index.ts';
import { newMessageId } from '../../../lib/message-id.ts';
import { applyMessageToList, applyUpdateToList, mergeNewestPage, prependPage, upsertMessage, type InboxFilter } from '../inbox-state.ts';
import { inboxApi, inboxKeys } from './inbox-api.ts';

/** Without live events the list and the open chat are read again this often. */
const POLL_MS = 5000;

type ListData = InfiniteData<ConversationList, string | null>;

/**
 * The inbox of one bot: the list of the filter (keyset pages), the open conversation and its
 * messages, all kept live by the bot room's events (a conversation the list does not hold yet
 * makes it read again), and the calls a person makes.
 */
export function useInbox(botId: string, filter: InboxFilter, openId: string | null, me: string) {
  const queryClient = useQueryClient();
  const state = useRef({ filter, openId, me });
  state.current = { filter, openId, me };

  const [messages, setMessages] = useState<ConversationMessage[]>([]);
  const [olderCursor, setOlderCursor] = useState<string | null>(null);
  const [loadingOlder, setLoadingOlder] = useState(false);

  const setList = useCallback(
    (apply: (items: ConversationList['items']) => ConversationList['items'] | 'unknown') => {
      const key = inboxKeys.list(botId, state.current.filter);
      const data = queryClient.getQueryData<ListData>(key);
      if (!data) return;
      const items = data.pages.flatMap((p) => p.items);
      const next = apply(items);
      if (next === 'unknown') return void queryClient.invalidateQueries({ queryKey: inboxKeys.lists(botId) });
      // The pages become one, keeping where the next page starts.
      queryClient.setQueryData<ListData>(key, { pages: [{ items: next, nextCursor: data.pages.at(-1)?.nextCursor ?? null }], pageParams: [data.pageParams[0] ?? null] });
    },
    [botId, queryClient],
  );

  const listen = useCallback(
    (socket: AppSocket) => {
      const onMessage: ServerToClientEvents['conversationMessage'] = (event) => {
        if (event.botId !== botId || event.channel === 'playground') return;
        setList((items) => applyMessageToList(items, event, state.current.openId));
        if (event.message.conversationId === state.current.openId) {
          setMessages((list) => upsertMessage(list, event.message));
          if (event.message.direction === 'in') void queryClient.invalidateQueries({ queryKey: inboxKeys.detail(event.message.conversationId) });
        }
      };
      const onUpdated: ServerToClientEvents['conversationUpdated'] = (event) => {
        if (event.botId !== botId || event.typing) return;
        setList((items) => applyUpdateToList(items, event, state.current.filter, state.current.me));
        queryClient.setQueryData<ConversationDetail>(inboxKeys.detail(event.conversationId), (d) =>
          d && {
            ...d,
            status: event.status,
            ...(event.unreadCount !== undefined && { unreadCount: event.unreadCount }),
            ...(event.assignedTo !== undefined && event.assignedTo !== d.assignedTo && { assignedTo: event.assignedTo, assignedName: null }),
          },
        );
      };
      // A note of the team on a contact shows in its thread for everyone who has it open.
      const onNote: ServerToClientEvents['contactNote'] = (event) => {
        if (event.botId === botId) applyContactNote(queryClient, event);
      };
      socket.on('conversationMessage', onMessage);
      socket.on('conversationUpdated', onUpdated);
      socket.on('contactNote', onNote);
      return () => {
        socket.off('conversationMessage', onMessage);
        socket.off('conversationUpdated', onUpdated);
        socket.off('contactNote', onNote);
      };
    },
    [botId, queryClient, setList],
  );
  // Whatever happened before we were in the room comes with a fresh read.
  const onJoined = useCallback(() => void queryClient.invalidateQueries({ queryKey: ['inbox'] }), [queryClient]);
  const live = useBotRoom(botId, listen, onJoined);

  const list = useInfiniteQuery({
    queryKey: inboxKeys.list(botId, filter),
    queryFn: ({ pageParam }) => inboxApi.list(botId, filter, pageParam),
    initialPageParam: null as string | null,
    getNextPageParam: (last) => last.nextCursor,
    refetchInterval: live ? false : POLL_MS,
    retry: 1,
  });

  const detail = useQuery({
    queryKey: inboxKeys.detail(openId ?? ''),
    queryFn: () => inboxApi.get(openId!),
    enabled: Boolean(openId),
    retry: 1,
  });

  // Who the conversations can be given to (names for the list and the header, the choices of the control).
  const assignees = useQuery({ queryKey: inboxKeys.assignees(botId), queryFn: () => inboxApi.assignees(botId), staleTime: 60_000, retry: 1 });

  const firstPage = useQuery({
    queryKey: inboxKeys.messages(openId ?? ''),
    queryFn: () => inboxApi.messages(openId!),
    enabled: Boolean(openId),
    refetchInterval: live ? false : POLL_MS,
    retry: 1,
  });

  useEffect(() => {
    setMessages([]);
    setOlderCursor(null);
  }, [openId]);

  useEffect(() => {
    if (!firstPage.data) return;
    const page = firstPage.data.items;
    setMessages((shown) => mergeNewestPage(shown, page));
    setOlderCursor((c) => c ?? firstPage.data.nextBefore);
  }, [firstPage.data]);

  // An open conversation is read: its unread count goes to zero.
  const unread = detail.data?.unreadCount ?? 0;
  useEffect(() => {
    if (openId && unread > 0) void inboxApi.action(openId, 'read').catch(() => undefined);
  }, [openId, unread]);

  const loadOlder = useCallback(async () => {
    if (!openId || !olderCursor) return;
    setLoadingOlder(true);
    try {
      const page = await inboxApi.messages(openId, olderCursor);
      setMessages((list) => prependPage(list, page.items));
      setOlderCursor(page.nextBefore);
    } finally {
      setLoadingOlder(false);
    }
  }, [openId, olderCursor]);

  const reply = useCallback(
    async (text: string) => {
      if (!openId) return;
      const result = await inboxApi.reply(openId, text, newMessageId());
      setMessages((list) => upsertMessage(list, result.message));
    },
    [openId],
  );

  const attach = useCallback(
    async (file: File, text: string) => {
      if (!openId) return;
      const result = await inboxApi.attach(openId, file, text, newMessageId());
      setMessages((list) => upsertMessage(list, result.message));
    },
    [openId],
  );

  const sendTemplate = useCallback(
    async (body: { name: string; language: string; text: string }) => {
      if (!openId) return;
      const result = await inboxApi.template(openId, { ...body, client_message_id: newMessageId() });
      setMessages((list) => upsertMessage(list, result.message));
    },
    [openId],
  );

  const act = useCallback(
    async (action: PersonAction) => {
      if (!openId) return null;
      const updated = await inboxApi.action(openId, action);
      queryClient.setQueryData(inboxKeys.detail(openId), updated);
      void queryClient.invalidateQueries({ queryKey: inboxKeys.lists(botId) });
      return updated;
    },
    [openId, botId, queryClient],
  );

  const assign = useCallback(
    async (userId: string | null) => {
      if (!openId) return null;
      const updated = await inboxApi.assign(openId, userId);
      queryClient.setQueryData(inboxKeys.detail(openId), updated);
      void queryClient.invalidateQueries({ queryKey: inboxKeys.lists(botId) });
      return updated;
    },
    [openId, botId, queryClient],
  );

  return {
    live,
    assignees: assignees.data?.items,
    assign,
    list,
    items: list.data?.pages.flatMap((p) => p.items) ?? [],
    detail,
    messages,
    messagesQuery: firstPage,
    hasOlder: Boolean(olderCursor),
    loadingOlder,
    loadOlder,
    reply,
    attach,
    sendTemplate,
    act,
  };
}
