import { useCallback, useEffect, useReducer } from 'react';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import type { ChosenOption, ReplyChoice } from '@charla/shared';
import { errorText } from '../../../lib/error-text.ts';
import { newMessageId } from '../../../lib/message-id.ts';
import { useChatRoom } from './use-chat-room.ts';
import { chatReducer, chatStateOn, type ChatMessage } from '../chat-state.ts';
import { demoCustomerApi, demoCustomerChatKey, demoCustomersKey, type NewDemoCustomer } from './demo-customer-api.ts';

export const DEMO_CHANNEL = 'demo';
/** Without live events, how often to look for replies. */
const POLL_MS = 2500;
/** A reply is read a moment after the phone shows it, so its "delivered" ticks are seen first. */
const READ_AFTER_MS = 500;

/**
 * One demonstration customer's chat, as their phone shows it: the stored messages, the bot room's
 * events, the customer's sends through the receive path (a new customer's first message makes
 * them), and the business's replies marked read while the page is on screen.
 */
export function useDemoCustomerChat(botId: string, contactId: string | null, newCustomer: NewDemoCustomer | null, onContact: (contactId: string) => void) {
  const queryClient = useQueryClient();
  const [state, dispatch] = useReducer(chatReducer, DEMO_CHANNEL, chatStateOn);

  const onJoined = useCallback(() => {
    if (contactId) void queryClient.invalidateQueries({ queryKey: demoCustomerChatKey(botId, contactId) });
  }, [botId, contactId, queryClient]);
  const live = useChatRoom(botId, dispatch, onJoined);

  const query = useQuery({
    queryKey: demoCustomerChatKey(botId, contactId ?? ''),
    queryFn: () => demoCustomerApi.chat(botId, contactId!),
    enabled: Boolean(contactId),
    refetchOnWindowFocus: false,
    refetchInterval: live ? false : POLL_MS,
    retry: 1,
  });

  useEffect(() => {
    const data = query.data;
    if (data) dispatch({ type: 'loaded', snapshot: { conversationId: data.customer.conversationId, status: data.customer.status, messages: data.messages } });
  }, [query.data]);

  // The replies that reached the phone are read while the page is in view (their two blue ticks in the inbox).
  const delivered = state.messages.filter((m) => m.direction === 'out' && m.status === 'delivered').map((m) => m.id).join(',');
  useEffect(() => {
    if (!contactId || !delivered) return;
    const read = () => {
      if (document.visibilityState === 'visible') demoCustomerApi.read(botId, contactId).catch((error: unknown) => console.warn('Could not mark the replies read', error));
    };
    const timer = setTimeout(read, READ_AFTER_MS);
    document.addEventListener('visibilitychange', read);
    return () => {
      clearTimeout(timer);
      document.removeEventListener('visibilitychange', read);
    };
  }, [botId, contactId, delivered]);

  const deliver = useCallback(
    async (clientId: string, text: string, chosen?: ChosenOption) => {
      const who = contactId ? { contactId } : newCustomer ? { customer: newCustomer } : null;
      if (!who) return;
      try {
        const result = await demoCustomerApi.send(botId, who, text, clientId, chosen);
        dispatch({ type: 'accepted', clientId, message: result.message });
        if (!contactId) {
          void queryClient.invalidateQueries({ queryKey: demoCustomersKey(botId) });
          onContact(result.contactId);
        } else if (result.duplicate) void queryClient.invalidateQueries({ queryKey: demoCustomerChatKey(botId, contactId) });
      } catch (error) {
        console.error('Could not send the customer message', error);
        dispatch({ type: 'sendFailed', clientId, error: errorText(error) });
      }
    },
    [botId, contactId, newCustomer, onContact, queryClient],
  );

  const send = useCallback(
    (text: string, chosen?: ChosenOption) => {
      const clientId = newMessageId();
      dispatch({ type: 'compose', clientId, text, at: new Date().toISOString(), ...(chosen && { chosen }) });
      void deliver(clientId, text, chosen);
    },
    [deliver],
  );
  const choose = useCallback((option: ReplyChoice) => send(option.title, { id: option.id, title: option.title }), [send]);
  const retry = useCallback(
    (message: ChatMessage) => {
      if (!message.local) return;
      dispatch({ type: 'retry', clientId: message.local.clientId });
      void deliver(message.local.clientId, message.text, message.chosen);
    },
    [deliver],
  );

  return {
    state,
    chat: query.data ?? null,
    loading: Boolean(contactId) && query.isPending,
    loadError: query.isError && !query.data ? query.error : null,
    reload: () => void query.refetch(),
    live,
    send,
    choose,
    retry,
  };
}
