import { describe, expect, it } from 'vitest';
import type { CampaignCounts } from '@charla/shared';
import type { CampaignRow } from './campaigns.repository.ts';
import { campaignProgress } from './progress.ts';

const counts: CampaignCounts = { total: 3, queued: 1, sent: 2, delivered: 0, read: 0, failed: 0, skipped: 0, replied: 0, optedOut: 0 };
const campaign = { id: 'c1', botId: '11111111-1111-4111-8111-111111111111', status: 'running', pauseReason: null, nextSendAt: null } as unknown as CampaignRow;

const rethrow = (err: unknown) => {
  throw err;
};
/** `n` changes of campaign c1, 5 ms apart, then a pause of `settleMs`; the progress stopped after. */
async function changes(progress: ReturnType<typeof campaignProgress>, n: number, settleMs: number) {
  for (let i = 0; i < n; i++) {
    progress.changed('c1');
    await new Promise((r) => setTimeout(r, 5));
  }
  await new Promise((r) => setTimeout(r, settleMs));
  progress.stop();
}

describe('campaignProgress', () => {
  it('tells the bot room at most once per interval, the first change at once and the last one never lost', async () => {
    const sent: { room: string | string[]; at: number; sent: number }[] = [];
    let reads = 0;
    const start = Date.now();
    const progress = campaignProgress({
      emit: ((room: string | string[], _event: string, payload: { counts: CampaignCounts }) => sent.push({ room, at: Date.now() - start, sent: payload.counts.sent })) as never,
      read: async () => ({ campaign, counts: { ...counts, sent: ++reads } }),
      onError: rethrow,
      everyMs: 100,
    });
    await changes(progress, 50, 250);
    expect(sent[0]!.room).toBe(`bot:${campaign.botId}`);
    // 50 changes over ~250 ms, at most one per 100 ms: a handful of events, spaced out.
    expect(sent.length).toBeGreaterThanOrEqual(2);
    expect(sent.length).toBeLessThanOrEqual(5);
    for (let i = 1; i < sent.length; i++) expect(sent[i]!.at - sent[i - 1]!.at).toBeGreaterThanOrEqual(95);
    // The last event reads the counts after the last change.
    expect(sent.at(-1)!.sent).toBe(reads);
  });

  it('spaces the reads out to five times what the last one took, so counting never crowds out the sends', async () => {
    const starts: number[] = [];
    const start = Date.now();
    const progress = campaignProgress({
      emit: (() => undefined) as never,
      read: async () => {
        starts.push(Date.now() - start);
        await new Promise((r) => setTimeout(r, 60));
        return { campaign, counts };
      },
      onError: rethrow,
      everyMs: 50,
    });
    await changes(progress, 140, 400);
    // A read of 60 ms: the next starts 300 ms after it ended, not 50.
    expect(starts.length).toBeGreaterThanOrEqual(2);
    for (let i = 1; i < starts.length; i++) expect(starts[i]! - starts[i - 1]!).toBeGreaterThanOrEqual(350);
  });
});
