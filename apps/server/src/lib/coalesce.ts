/**
 * Coalesces concurrent lookups into one query. Calls made during one turn of the event loop (the
 * requests read from every socket that was ready) go together in one query, run right after that
 * turn; calls that arrive while a query is in flight go in the next one (at most `maxBatch` keys
 * each). Every call still reads the database after it was made: nothing is cached, and a call
 * never receives an answer read before it arrived.
 */
export function coalesce<V>(load: (keys: string[]) => Promise<Map<string, V>>, maxBatch = 256) {
  type Waiter = { resolve: (value: V | undefined) => void; reject: (err: unknown) => void };
  let pending = new Map<string, Waiter[]>();
  let running = false;
  let scheduled = false;

  const run = async () => {
    scheduled = false;
    running = true;
    while (pending.size > 0) {
      const batch = pending;
      if (batch.size > maxBatch) {
        const keys = [...batch.keys()].slice(0, maxBatch);
        pending = new Map([...batch].slice(maxBatch));
        await settle(new Map(keys.map((k) => [k, batch.get(k)!])));
      } else {
        pending = new Map();
        await settle(batch);
      }
    }
    running = false;
  };

  const settle = async (batch: Map<string, Waiter[]>) => {
    try {
      const found = await load([...batch.keys()]);
      for (const [key, waiters] of batch) for (const w of waiters) w.resolve(found.get(key));
    } catch (err) {
      for (const waiters of batch.values()) for (const w of waiters) w.reject(err);
    }
  };

  return (key: string): Promise<V | undefined> =>
    new Promise((resolve, reject) => {
      const waiters = pending.get(key);
      if (waiters) waiters.push({ resolve, reject });
      else pending.set(key, [{ resolve, reject }]);
      if (!running && !scheduled) {
        scheduled = true;
        setImmediate(run);
      }
    });
}
