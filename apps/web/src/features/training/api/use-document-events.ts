import { useEffect, useState } from 'react';
import { useQueryClient } from '@tanstack/react-query';
import type { DocumentStatusEvent } from '@charla/shared';
import { currentLocale } from '../../../lib/i18n.ts';
import { botRoom, connectSocket, joinRoom, leaveRoom } from '../../../lib/socket.ts';
import { applyStatusEvent, documentsKey, type DocumentItem } from '../documents-cache.ts';

const ignore = () => undefined;

/**
 * While the screen is open: join the bot's room and apply its `documentStatus` events to the list.
 * Returns whether the room is joined (when not, the list polls instead).
 */
export function useDocumentEvents(userId: string, botId: string): boolean {
  const queryClient = useQueryClient();
  const [live, setLive] = useState(false);

  useEffect(() => {
    const key = documentsKey(botId);
    const room = botRoom(botId);
    // The limit events are handled by the app's own connection; this one only listens to the bot room.
    const socket = connectSocket(userId, { messageLimitReached: ignore, botLimitReached: ignore, paymentError: ignore });
    let joinedBefore = false;
    let active = true;

    const join = async () => {
      const ack = await joinRoom(socket, room);
      if (!active) return;
      setLive(ack.ok);
      if (!ack.ok) return;
      // Back after a disconnect: events may have been missed meanwhile.
      if (joinedBefore) void queryClient.invalidateQueries({ queryKey: key });
      joinedBefore = true;
    };

    const onStatus = (event: DocumentStatusEvent) => {
      if (event.botId !== botId) return;
      let known = false;
      queryClient.setQueryData<DocumentItem[]>(key, (list) => {
        if (!list) return list;
        const next = applyStatusEvent(list, event, currentLocale());
        known = next.known;
        return next.list;
      });
      if (!known) void queryClient.invalidateQueries({ queryKey: key });
    };

    const onDisconnect = () => setLive(false);
    socket.on('connect', () => void join());
    socket.on('disconnect', onDisconnect);
    socket.on('documentStatus', onStatus);

    return () => {
      active = false;
      if (socket.connected) leaveRoom(socket, room);
      socket.removeAllListeners();
      socket.disconnect();
      setLive(false);
    };
  }, [userId, botId, queryClient]);

  return live;
}
