import { describe, expect, it } from 'vitest';
import { pacer, tokenBuckets } from './pacing.ts';

describe('token buckets', () => {
  it('lets a burst of `rate` through at once, then one every 1/rate seconds, per key', async () => {
    const buckets = tokenBuckets(20);
    const start = performance.now();
    const at: number[] = [];
    await Promise.all(Array.from({ length: 40 }, () => buckets.take('number-a').then(() => at.push(performance.now() - start))));
    at.sort((a, b) => a - b);
    expect(at[19]!).toBeLessThan(30);
    // 20 more at 20 per second: the last about a second later.
    expect(at[39]!).toBeGreaterThanOrEqual(950);
    expect(at[39]!).toBeLessThan(1300);
    // Never more than the burst plus what refilled: 20 + 20 × 0.5 s in the first half second.
    expect(at.filter((t) => t < 500).length).toBeLessThanOrEqual(31);
    // Another number has its own bucket.
    const other = performance.now();
    await buckets.take('number-b');
    expect(performance.now() - other).toBeLessThan(20);
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
    const results = await Promise.allSettled([call('a', 'a1', 50), call('a', 'a2', 10), call('a', 'a3', 10), call('b', 'b1', 10)]);
    expect(results.map((r) => r.status)).toEqual(['fulfilled', 'rejected', 'fulfilled', 'fulfilled']);
    expect(log.filter((l) => l.includes(' a'))).toEqual(['start a1', 'end a1', 'start a2', 'end a2', 'start a3', 'end a3']);
    expect(started.b1!).toBeLessThan(30);
    expect(started.a2! - started.a1!).toBeGreaterThanOrEqual(95);
    expect(started.a3! - started.a2!).toBeGreaterThanOrEqual(95);
    await new Promise((r) => setTimeout(r, 150));
    expect(lanes.size).toBe(0);
  });
});
