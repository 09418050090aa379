import { useCallback } from 'react';
import { useQueryClient } from '@tanstack/react-query';
import type { DocumentStatusEvent } from '@charla/shared';
import { currentLocale } from '../../../lib/i18n.ts';
import type { AppSocket } from '../../../lib/socket.ts';
import { useBotRoom } from '../../realtime/index.ts';
import { applyStatusEvent, documentsKey, type DocumentItem } from '../documents-cache.ts';

/**
 * While the screen is open: follow the bot's room on the app's socket and apply its
 * `documentStatus` events to the list. Returns whether the room is joined (when not, the list
 * polls instead).
 */
export function useDocumentEvents(botId: string): boolean {
  const queryClient = useQueryClient();

  const listen = useCallback(
    (socket: AppSocket) => {
      const key = documentsKey(botId);
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
      socket.on('documentStatus', onStatus);
      return () => {
        socket.off('documentStatus', onStatus);
      };
    },
    [botId, queryClient],
  );

  // Back after a disconnect: events may have been missed meanwhile.
  const onJoined = useCallback(
    (again: boolean) => {
      if (again) void queryClient.invalidateQueries({ queryKey: documentsKey(botId) });
    },
    [botId, queryClient],
  );

  return useBotRoom(botId, listen, onJoined);
}
