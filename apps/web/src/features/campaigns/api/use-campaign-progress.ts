import { useCallback, useEffect, useRef } from 'react';
import { useQueryClient } from '@tanstack/react-query';
import type { Campaign, CampaignProgressEvent } from '@charla/shared';
import type { AppSocket } from '../../../lib/socket.ts';
import { useBotRoom } from '../../realtime/index.ts';
import { withProgress } from '../campaign-progress.ts';
import { campaignKeys } from './campaigns-api.ts';

/** How often, at most, an open recipients table is read again while the campaign moves. */
const recipientsRefreshMs = 2_000;

/**
 * While the campaigns screen is open: each `campaignProgress` of the bot's room updates the cached
 * campaign and list (no request), and the open recipients table is read again now and then. When
 * the room could not be joined (or after a reconnection), the campaigns are read again instead.
 * Returns whether the progress arrives live.
 */
export function useCampaignProgress(botId: string): boolean {
  const client = useQueryClient();
  const lastRefresh = useRef(new Map<string, number>());
  const listen = useCallback(
    (socket: AppSocket) => {
      const onProgress = (event: CampaignProgressEvent) => {
        if (event.botId !== botId) return;
        client.setQueryData<Campaign>(campaignKeys.one(event.campaignId), (current) => (current ? withProgress(current, event) : current));
        client.setQueryData<Campaign[]>(campaignKeys.list(botId), (list) => list?.map((c) => withProgress(c, event)));
        const now = Date.now();
        const last = lastRefresh.current.get(event.campaignId) ?? 0;
        const done = event.status !== 'running';
        if (done || now - last >= recipientsRefreshMs) {
          lastRefresh.current.set(event.campaignId, now);
          void client.invalidateQueries({ queryKey: ['campaign', event.campaignId, 'recipients'] });
        }
      };
      socket.on('campaignProgress', onProgress);
      return () => {
        socket.off('campaignProgress', onProgress);
      };
    },
    [botId, client],
  );
  const onJoined = useCallback(
    (again: boolean) => {
      if (!again) return;
      void client.invalidateQueries({ queryKey: campaignKeys.all(botId) });
      void client.invalidateQueries({ queryKey: ['campaign'] });
    },
    [botId, client],
  );
  const live = useBotRoom(botId, listen, onJoined);

  // Without the room, a running campaign is read every few seconds.
  useEffect(() => {
    if (live) return;
    const timer = setInterval(() => {
      void client.invalidateQueries({ queryKey: campaignKeys.list(botId) });
      void client.invalidateQueries({ queryKey: ['campaign'] });
    }, 5_000);
    return () => clearInterval(timer);
  }, [live, botId, client]);

  return live;
}
