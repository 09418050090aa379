import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { pacer, tokenBuckets } from './pacing.ts';

// The clock is the test's: time moves only when the test moves it, so the figures are exact.
beforeEach(() => {
  vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout', 'performance'] });
});
afterEach(() => {
  vi.useRealTimers();
});

describe('token buckets', () => {
  it('lets a burst of `rate` through at once, then one every 1/rate seconds, per key', async () => {
    const buckets = tokenBuckets(20);
    const start = performance.now();
    const at: number[] = [];
    const all = Promise.all(Array.from({ length: 40 }, () => buckets.take('number-a').then(() => at.push(performance.now() - start))));
    await vi.advanceTimersByTimeAsync(0);
    expect(at).toHaveLength(20);
    expect(Math.max(...at)).toBe(0);
    // Never more than the burst plus what refilled: 20 + 20 × 0.5 s in the first half second.
    await vi.advanceTimersByTimeAsync(500);
    expect(at.length).toBeLessThanOrEqual(31);
    expect(at.length).toBeGreaterThanOrEqual(29);
    // 20 more at 20 per second: the last a second after the burst.
    await vi.advanceTimersByTimeAsync(600);
    await all;
    at.sort((a, b) => a - b);
    expect(at[39]!).toBeGreaterThanOrEqual(999);
    expect(at[39]!).toBeLessThanOrEqual(1001);
    // Another number has its own bucket: no wait at all.
    let taken = false;
    void buckets.take('number-b').then(() => (taken = true));
    await vi.advanceTimersByTimeAsync(0);
    expect(taken).toBe(true);
  });
});

describe('pacer', () => {
  it('runs the calls of one key one at a time, in order, a gap apart; other keys run alongside', async () => {
    const lanes = pacer(100);
    const log: string[] = [];
    const start = performance.now();
    const started: Record<string, number> = {};
    const call = (key: string, name: string, ms: number) =>
      lanes.run(key, async () => {
        started[name] = performance.now() - start;
        log.push(`start ${name}`);
        await new Promise((r) => setTimeout(r, ms));
        log.push(`end ${name}`);
        if (name === 'a2') throw new Error('a failure does not stop the lane');
        return name;
      });
    const settled = Promise.allSettled([call('a', 'a1', 50), call('a', 'a2', 10), call('a', 'a3', 10), call('b', 'b1', 10)]);
    await vi.advanceTimersByTimeAsync(1000);
    const results = await settled;
    expect(results.map((r) => r.status)).toEqual(['fulfilled', 'rejected', 'fulfilled', 'fulfilled']);
    expect(log.filter((l) => l.includes(' a'))).toEqual(['start a1', 'end a1', 'start a2', 'end a2', 'start a3', 'end a3']);
    expect(started).toEqual({ a1: 0, b1: 0, a2: 100, a3: 200 });
    // The lanes are forgotten one gap after their last call.
    expect(lanes.size).toBe(0);
  });
});
