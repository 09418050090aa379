import { createAdapter } from '@socket.io/postgres-adapter';
import type pg from 'pg';
import { MessageType, type ClusterMessage } from 'socket.io-adapter';
import { notifyInBatches } from './notify-batches.ts';

/** What a process says of itself (it started, it lives, it stops); the rest is for processes that are there. */
const aboutItself = new Set([MessageType.INITIAL_HEARTBEAT, MessageType.HEARTBEAT, MessageType.ADAPTER_CLOSE]);

/**
 * Every process says it lives every 5 s (socket.io's heartbeat): a process that has listened that
 * long and heard nobody is alone. Until then it tells every event, in case the answer to its
 * announcement came before it listened.
 */
const HEARD_EVERYONE_AFTER_MS = 6_000;

/** The adapter's own view of the other processes, learnt from their heartbeats. */
interface Internals {
  nodesMap: Map<string, number>;
  doPublish(message: ClusterMessage): Promise<string>;
}

/**
 * The socket.io adapter that carries events across processes on PostgreSQL (LISTEN/NOTIFY), with
 * its notifications in batches (`notifyInBatches`). It tells an event to the others only while it
 * knows of another process: every process announces itself when it starts (the others answer at
 * once) and every 5 s, and is forgotten 10 s after its last word. A lone process, the usual
 * deployment, sent a notification per event that nobody listened to: two to three per reply.
 * A process whose listening connection was down for more than 10 s has forgotten the others: until
 * it hears them again (5 s at most) its events reach only its own sockets.
 */
export function clusterAdapter(pool: pg.Pool, { aloneAfterMs = HEARD_EVERYONE_AFTER_MS } = {}): ReturnType<typeof createAdapter> {
  const create = createAdapter(notifyInBatches(pool), { tableName: 'socket_io_attachments' });
  // socket.io calls it with `new`: a function, not an arrow.
  return function adapterOf(nsp) {
    const adapter = create(nsp);
    const internals = adapter as unknown as Internals;
    const publish = internals.doPublish.bind(adapter);
    const since = Date.now();
    const alone = () => internals.nodesMap.size === 0 && Date.now() - since > aloneAfterMs;
    internals.doPublish = (message) => (aboutItself.has(message.type) || !alone() ? publish(message) : Promise.resolve(''));
    return adapter;
  };
}
