import { rooms, type CampaignCounts, type CampaignProgressEvent } from '@charla/shared';
import type { Emit } from '../../plugins/realtime.ts';
import type { CampaignRow } from './campaigns.repository.ts';

/** At most this often per campaign (four a second). */
export const PROGRESS_EVERY_MS = 250;

/**
 * `campaignProgress` to the bot's room, at most every 250 ms per campaign: the first change goes
 * at once, the ones after it are merged into one that goes when the interval ends.
 */
export function campaignProgress(deps: { emit: Emit; read: (campaignId: string) => Promise<{ campaign: CampaignRow; counts: CampaignCounts } | undefined>; onError: (err: unknown) => void; everyMs?: number }) {
  const every = deps.everyMs ?? PROGRESS_EVERY_MS;
  const state = new Map<string, { last: number; timer: NodeJS.Timeout | null }>();

  async function flush(campaignId: string) {
    const found = await deps.read(campaignId);
    if (!found) return;
    const { campaign, counts } = found;
    const payload: CampaignProgressEvent = {
      botId: campaign.botId,
      campaignId,
      status: campaign.status,
      pauseReason: campaign.pauseReason,
      counts,
      nextSendAt: campaign.nextSendAt?.toISOString() ?? null,
    };
    deps.emit(rooms.bot(campaign.botId), 'campaignProgress', payload);
  }

  return {
    changed(campaignId: string) {
      const s = state.get(campaignId) ?? { last: 0, timer: null };
      state.set(campaignId, s);
      if (s.timer) return;
      const wait = Math.max(0, s.last + every - Date.now());
      s.timer = setTimeout(() => {
        s.timer = null;
        s.last = Date.now();
        void flush(campaignId).catch(deps.onError);
      }, wait);
      s.timer.unref();
    },
    stop() {
      for (const s of state.values()) if (s.timer) clearTimeout(s.timer);
      state.clear();
    },
  };
}

export type CampaignProgress = ReturnType<typeof campaignProgress>;
