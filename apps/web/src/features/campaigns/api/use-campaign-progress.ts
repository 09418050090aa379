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
 * the room could not be joined, the campaigns are read every few seconds instead; each join reads
 * them once, for what moved before it.
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
        // The table is read at most every few seconds, and once more after the last event of a burst.
        const refresh = () => {
          lastRefresh.current.set(event.campaignId, Date.now());
          void client.invalidateQueries({ queryKey: ['campaign', event.campaignId, 'recipients'] });
        };
        clearTimeout(trailing.get(event.campaignId));
        const wait = recipientsRefreshMs - (Date.now() - (lastRefresh.current.get(event.campaignId) ?? 0));
        if (event.status !== 'running') {
          // Its times (finished, started) are not in the event: the campaign is read once more.
          void client.invalidateQueries({ queryKey: campaignKeys.one(event.campaignId), exact: true });
          refresh();
        } else if (wait <= 0) refresh();
        else trailing.set(event.campaignId, setTimeout(refresh, wait));
      };
      const trailing = new Map<string, ReturnType<typeof setTimeout>>();
      socket.on('campaignProgress', onProgress);
      return () => {
        socket.off('campaignProgress', onProgress);
        for (const timer of trailing.values()) clearTimeout(timer);
      };
    },
    [botId, client],
  );
  // Whatever moved before the room was joined (or while it was left) is read once the room is in.
  const onJoined = useCallback(() => {
    void client.invalidateQueries({ queryKey: campaignKeys.all(botId) });
    void client.invalidateQueries({ queryKey: ['campaign'] });
  }, [botId, client]);
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
