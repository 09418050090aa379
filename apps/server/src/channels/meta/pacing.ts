const sleep = (ms: number) => new Promise<void>((r) => setTimeout(r, ms));

/**
 * One token bucket per key (a WhatsApp number): up to `ratePerSecond` calls in any second, a
 * burst of the same size. Callers beyond it wait their turn in arrival order. In process: with
 * several processes each holds its own share.
 */
export function tokenBuckets(ratePerSecond: number) {
  const buckets = new Map<string, { tokens: number; at: number }>();
  return {
    async take(key: string): Promise<void> {
      const now = performance.now();
      const b = buckets.get(key) ?? { tokens: ratePerSecond, at: now };
      b.tokens = Math.min(ratePerSecond, b.tokens + ((now - b.at) * ratePerSecond) / 1000);
      b.at = now;
      // Reserve a token now (the balance may go below zero) and wait until it is really there.
      b.tokens -= 1;
      buckets.set(key, b);
      if (b.tokens < 0) await sleep((-b.tokens * 1000) / ratePerSecond);
    },
  };
}

/**
 * Runs the calls of one key (a customer) one at a time, in the order they arrive, at least
 * `gapMs` apart; different keys run side by side.
 */
export function pacer(gapMs: number) {
  const lanes = new Map<string, { tail: Promise<unknown>; lastAt: number }>();
  return {
    run<T>(key: string, fn: () => Promise<T>): Promise<T> {
      const lane = lanes.get(key) ?? { tail: Promise.resolve(), lastAt: -Infinity };
      const next = lane.tail.catch(() => undefined).then(async () => {
        const wait = lane.lastAt + gapMs - performance.now();
        if (wait > 0) await sleep(wait);
        lane.lastAt = performance.now();
        return fn();
      });
      lane.tail = next;
      lanes.set(key, lane);
      const release = () => {
        if (lane.tail !== next) return;
        // Keep the lane for one gap, so the next message waits even after a quiet moment.
        setTimeout(() => {
          if (lane.tail === next) lanes.delete(key);
        }, gapMs).unref();
      };
      next.then(release, release);
      return next;
    },
    get size() {
      return lanes.size;
    },
  };
}
