import { useCallback, useEffect, useReducer, useState } from 'react';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import type { ChosenOption, PlaygroundConversation, ReplyChoice } from '@charla/shared';
import { errorText } from '../../../lib/error-text.ts';
import { useChatRoom } from './use-chat-room.ts';
import { awaitingReply, chatReducer, initialChatState, type ChatMessage } from '../chat-state.ts';
import { newMessageId } from '../../../lib/message-id.ts';
import { playgroundApi, playgroundKey } from './playground-api.ts';

/** Without live events, how often to look for the reply. */
const POLL_MS = 2500;
/** A typing indicator whose "stopped" event got lost does not stay forever. */
const TYPING_MAX_MS = 30_000;

const emptyConversation: PlaygroundConversation = { conversationId: null, status: null, messages: [], contact: null, appointments: [] };

/**
 * The test conversation while the panel is open: the stored messages, the bot room's events
 * (messages upserted by id, typing, hand-off), optimistic sends and starting over.
 */
export function usePlaygroundChat(botId: string) {
  const queryClient = useQueryClient();
  const [state, dispatch] = useReducer(chatReducer, initialChatState);
  const [resetting, setResetting] = useState(false);
  const [resetError, setResetError] = useState<string | null>(null);


  // Whatever happened before we were in the room (or while disconnected) comes with a fresh read.
  const onJoined = useCallback(() => void queryClient.invalidateQueries({ queryKey: playgroundKey(botId) }), [botId, queryClient]);

  const live = useChatRoom(botId, dispatch, onJoined);
  const polling = !live && awaitingReply(state);

  const query = useQuery({
    queryKey: playgroundKey(botId),
    queryFn: () => playgroundApi.conversation(botId),
    refetchOnWindowFocus: false,
    refetchInterval: polling ? POLL_MS : false,
    retry: 1,
  });

  useEffect(() => {
    if (query.data) dispatch({ type: 'loaded', snapshot: query.data });
  }, [query.data]);

  useEffect(() => {
    if (!state.typing) return;
    const timer = setTimeout(() => dispatch({ type: 'typingTimeout' }), TYPING_MAX_MS);
    return () => clearTimeout(timer);
  }, [state.typing]);

  const deliver = useCallback(
    async (clientId: string, text: string, chosen?: ChosenOption) => {
      try {
        const result = await playgroundApi.send(botId, text, clientId, chosen);
        dispatch({ type: 'accepted', clientId, message: result.message });
        if (result.duplicate) void queryClient.invalidateQueries({ queryKey: playgroundKey(botId) });
      } catch (error) {
        console.error('Could not send the playground message', error);
        dispatch({ type: 'sendFailed', clientId, error: errorText(error) });
      }
    },
    [botId, queryClient],
  );

  const send = useCallback(
    (text: string, chosen?: ChosenOption) => {
      const clientId = newMessageId();
      dispatch({ type: 'compose', clientId, text, at: new Date().toISOString(), ...(chosen && { chosen }) });
      void deliver(clientId, text, chosen);
    },
    [deliver],
  );

  /** Taps an option of a reply, as a customer taps a WhatsApp button: its title is what they say. */
  const choose = useCallback((option: ReplyChoice) => send(option.title, { id: option.id, title: option.title }), [send]);

  /** Sends a refused message again with the same id: the server stores it once. */
  const retry = useCallback(
    (message: ChatMessage) => {
      if (!message.local) return;
      dispatch({ type: 'retry', clientId: message.local.clientId });
      void deliver(message.local.clientId, message.text, message.chosen);
    },
    [deliver],
  );

  const reset = useCallback(async (): Promise<boolean> => {
    const key = playgroundKey(botId);
    setResetting(true);
    setResetError(null);
    try {
      await playgroundApi.reset(botId);
      await queryClient.cancelQueries({ queryKey: key });
      queryClient.setQueryData(key, emptyConversation);
      dispatch({ type: 'reset' });
      return true;
    } catch (error) {
      console.error('Could not restart the playground conversation', error);
      setResetError(errorText(error));
      return false;
    } finally {
      setResetting(false);
    }
  }, [botId, queryClient]);

  return {
    state,
    loading: query.isPending,
    loadError: query.isError && !query.data ? errorText(query.error) : null,
    reload: () => void query.refetch(),
    live,
    send,
    choose,
    retry,
    reset,
    resetting,
    resetError,
  };
}
