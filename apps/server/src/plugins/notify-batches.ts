import type pg from 'pg';

/** The statement the socket.io adapter publishes each event with. */
const ONE_NOTIFY = 'SELECT pg_notify($1, $2)';

/**
 * The pool the socket.io adapter publishes through, its notifications sent in batches: every
 * event emitted in one turn of the event loop goes out in one statement, and a batch waits for the
 * previous one, so other processes get the events in the order they were emitted. One statement per
 * event cost a round trip each (four per reply) and took PostgreSQL's notification lock as often.
 * PostgreSQL delivers an event once when a batch holds it twice word for word, which is
 * the same event told twice. Everything else the adapter asks goes to the pool as it is.
 */
export function notifyInBatches(pool: pg.Pool): pg.Pool {
  let waiting: { channels: string[]; payloads: string[]; sent: Promise<void> } | null = null;
  let previous: Promise<unknown> = Promise.resolve();

  const notify = (channel: string, payload: string): Promise<void> => {
    if (!waiting) {
      const batch = { channels: [] as string[], payloads: [] as string[], sent: Promise.resolve() };
      const ready = new Promise<void>((resolve) => setImmediate(resolve));
      batch.sent = Promise.all([ready, previous.catch(() => undefined)]).then(async () => {
        waiting = null;
        await pool.query('select pg_notify(n.channel, n.payload) from unnest($1::text[], $2::text[]) as n(channel, payload)', [batch.channels, batch.payloads]);
      });
      previous = batch.sent;
      waiting = batch;
    }
    waiting.channels.push(channel);
    waiting.payloads.push(payload);
    return waiting.sent;
  };

  // The adapter asks the pool for these two only.
  const batched: Pick<pg.Pool, 'query' | 'connect'> = {
    query: ((text: unknown, values?: unknown[]) =>
      text === ONE_NOTIFY && Array.isArray(values) && values.length === 2 ? notify(String(values[0]), String(values[1])) : pool.query(text as string, values)) as pg.Pool['query'],
    connect: (() => pool.connect()) as pg.Pool['connect'],
  };
  return batched as pg.Pool;
}
