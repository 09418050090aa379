const sleep = (ms: number) => new Promise<void>((r) => setTimeout(r, ms));

/**
 * One token bucket per key (a WhatsApp number) that never lets more than `ratePerSecond` calls
 * into any second, however the second is cut: a burst of a twentieth of the rate (at least one
 * call) and a refill of the rest, so burst + a second's refill is the rate. Meta counts a number's
 * throughput per second and refuses the calls past it (130429); a sender that fills the burst
 * again and again (a campaign's batches that arrive late, then together) would pass it. Callers
 * beyond it wait their turn in arrival order. In process: the campaigns' shared bucket in the
 * database keeps several processes together under the same rate.
 */
export function tokenBuckets(ratePerSecond: number) {
  const burst = Math.max(1, Math.floor(ratePerSecond / 20));
  const refill = Math.max(ratePerSecond - burst, ratePerSecond / 2);
  const buckets = new Map<string, { tokens: number; at: number }>();
  return {
    async take(key: string): Promise<void> {
      const now = performance.now();
      const b = buckets.get(key) ?? { tokens: burst, at: now };
      b.tokens = Math.min(burst, b.tokens + ((now - b.at) * refill) / 1000);
      b.at = now;
      // Reserve a token now (the balance may go below zero) and wait until it is really there.
      b.tokens -= 1;
      buckets.set(key, b);
      if (b.tokens < 0) await sleep((-b.tokens * 1000) / refill);
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
