import { useCallback, type Dispatch } from 'react';
import type { ServerToClientEvents } from '@charla/shared';
import type { AppSocket } from '../../../lib/socket.ts';
import { useBotRoom } from '../../realtime/index.ts';
import type { ChatEvent } from '../chat-state.ts';

/**
 * A chat's live half: the bot room's message and conversation events of this bot handed to the
 * chat's reducer; `onJoined` reads again whatever came before joining. Answers whether it is live.
 */
export function useChatRoom(botId: string, dispatch: Dispatch<ChatEvent>, onJoined: () => void): boolean {
  const listen = useCallback(
    (socket: AppSocket) => {
      const onMessage: ServerToClientEvents['conversationMessage'] = (event) => {
        if (event.botId === botId) dispatch({ type: 'message', channel: event.channel, message: event.message });
      };
      const onUpdated: ServerToClientEvents['conversationUpdated'] = (event) => {
        if (event.botId === botId) dispatch({ type: 'updated', event });
      };
      socket.on('conversationMessage', onMessage);
      socket.on('conversationUpdated', onUpdated);
      return () => {
        socket.off('conversationMessage', onMessage);
        socket.off('conversationUpdated', onUpdated);
      };
    },
    [botId, dispatch],
  );
  return useBotRoom(botId, listen, onJoined);
}
