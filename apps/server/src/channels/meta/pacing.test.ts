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
  it('never lets more than `rate` calls into any second: a burst of a twentieth, then the rest spread evenly, per key', async () => {
    const buckets = tokenBuckets(1000);
    const start = performance.now();
    const at: number[] = [];
    const all = Promise.all(Array.from({ length: 3000 }, () => buckets.take('number-a').then(() => at.push(performance.now() - start))));
    await vi.advanceTimersByTimeAsync(0);
    // The burst: 50 at once.
    expect(at).toHaveLength(50);
    await vi.advanceTimersByTimeAsync(4000);
    await all;
    at.sort((a, b) => a - b);
    // The rest at 950 a second: the last one (2,950 after the burst) at about 3.1 s.
    expect(at[2999]!).toBeGreaterThanOrEqual(3104);
    expect(at[2999]!).toBeLessThanOrEqual(3107);
    // Any second, wherever it starts, holds at most 1,000 calls.
    for (let i = 0, j = 0; i < at.length; i++) {
      while (j < at.length && at[j]! < at[i]! + 1000) j++;
      expect(j - i).toBeLessThanOrEqual(1000);
    }
    // Another number has its own bucket: no wait at all.
    let taken = false;
    void buckets.take('number-b').then(() => (taken = true));
    await vi.advanceTimersByTimeAsync(0);
    expect(taken).toBe(true);
  });

  it('keeps a small rate too: 4 a second lets one through at once, then 3 a second', async () => {
    const buckets = tokenBuckets(4);
    const start = performance.now();
    const at: number[] = [];
    const all = Promise.all(Array.from({ length: 10 }, () => buckets.take('n').then(() => at.push(performance.now() - start))));
    await vi.advanceTimersByTimeAsync(4000);
    await all;
    at.sort((a, b) => a - b);
    expect(at[0]).toBe(0);
    expect(at[9]!).toBeGreaterThanOrEqual(2999);
    expect(at[9]!).toBeLessThanOrEqual(3001);
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
