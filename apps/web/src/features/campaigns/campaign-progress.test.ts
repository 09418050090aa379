import { describe, expect, it } from 'vitest';
import type { Campaign, CampaignCounts } from '@charla/shared';
import { actionsOf, progressOf, withProgress } from './campaign-progress.ts';

const counts = (over: Partial<CampaignCounts>): CampaignCounts => ({ total: 0, queued: 0, sent: 0, delivered: 0, read: 0, failed: 0, skipped: 0, replied: 0, optedOut: 0, ...over });

describe('campaign progress', () => {
  it('counts everyone no longer waiting, and says 100 % only when nobody waits', () => {
    expect(progressOf(counts({ total: 3, queued: 3 }))).toEqual({ done: 0, total: 3, percent: 0 });
    expect(progressOf(counts({ total: 3, queued: 1, sent: 1, failed: 1 }))).toEqual({ done: 2, total: 3, percent: 66 });
    expect(progressOf(counts({ total: 1000, queued: 1, sent: 999 })).percent).toBe(99);
    expect(progressOf(counts({ total: 3, sent: 2, failed: 1 })).percent).toBe(100);
    expect(progressOf(counts({})).percent).toBe(0);
  });

  it('offers pause on a running campaign, resume on a paused one, nothing once it ended', () => {
    expect(actionsOf.running).toEqual(['pause', 'cancel']);
    expect(actionsOf.paused).toEqual(['resume', 'cancel']);
    expect(actionsOf.completed).toEqual([]);
  });

  it('takes the state and counts of its own progress events only', () => {
    const campaign = { id: 'c1', status: 'running', pauseReason: null, counts: counts({ total: 3, queued: 3 }), nextSendAt: null, name: 'Buen Fin' } as unknown as Campaign;
    const event = { botId: 'b1', campaignId: 'c1', status: 'completed' as const, pauseReason: null, counts: counts({ total: 3, sent: 2, failed: 1 }), nextSendAt: null };
    expect(withProgress(campaign, event)).toMatchObject({ name: 'Buen Fin', status: 'completed', counts: { sent: 2, failed: 1 } });
    expect(withProgress(campaign, { ...event, campaignId: 'c2' })).toBe(campaign);
  });
});
