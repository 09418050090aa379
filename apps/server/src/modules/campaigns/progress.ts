import { rooms, type CampaignCounts, type CampaignProgressEvent } from '@charla/shared';
import type { Emit } from '../../plugins/realtime.ts';
import type { CampaignRow } from './campaigns.repository.ts';

/** At most this often per campaign (four a second). */
export const PROGRESS_EVERY_MS = 250;
/** The counts' read takes at most this share of the time between two reads. */
const READ_SHARE = 0.2;

/** One campaign's progress: when its last count ended and took, its pending timer, a read under way. */
interface Slot {
  last: number;
  cost: number;
  timer: NodeJS.Timeout | null;
  reading: boolean;
  /** A change came while a read was under way: another read follows it. */
  again: boolean;
}

/**
 * `campaignProgress` to the bot's room, at most every 250 ms per campaign: the first change goes
 * at once, the ones after it are merged into one that goes when the interval ends. Counting a
 * large campaign's recipients takes the database a while (~240 ms at 100,000 on PostgreSQL), so
 * the interval grows to five times the last read: the counts never take more than a fifth of the
 * database's time from the sends they report.
 */
export function campaignProgress(deps: { emit: Emit; read: (campaignId: string) => Promise<{ campaign: CampaignRow; counts: CampaignCounts } | undefined>; onError: (err: unknown) => void; everyMs?: number }) {
  const every = deps.everyMs ?? PROGRESS_EVERY_MS;
  const state = new Map<string, Slot>();

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

  function schedule(campaignId: string, s: Slot) {
    const wait = Math.max(0, s.last + Math.max(every, s.cost / READ_SHARE) - Date.now());
    s.timer = setTimeout(() => {
      s.timer = null;
      s.reading = true;
      const started = Date.now();
      void flush(campaignId)
        .catch(deps.onError)
        .finally(() => {
          s.reading = false;
          s.last = Date.now();
          s.cost = s.last - started;
          if (s.again && state.get(campaignId) === s) {
            s.again = false;
            schedule(campaignId, s);
          }
        });
    }, wait);
    s.timer.unref();
  }

  return {
    changed(campaignId: string) {
      let s = state.get(campaignId);
      if (!s) state.set(campaignId, (s = { last: 0, cost: 0, timer: null, reading: false, again: false }));
      if (s.reading) s.again = true;
      else if (!s.timer) schedule(campaignId, s);
    },
    stop() {
      for (const s of state.values()) if (s.timer) clearTimeout(s.timer);
      state.clear();
    },
  };
}

export type CampaignProgress = ReturnType<typeof campaignProgress>;
