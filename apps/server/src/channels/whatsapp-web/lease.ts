import { randomUUID } from 'node:crypto';
import type { FastifyBaseLogger } from 'fastify';
import pg from 'pg';
import type { Database } from '../../db/client.ts';

/** Advisory locks of WhatsApp Web sessions live in this key space (first half of the two-int key). */
const LOCK_SPACE = 727_100;
const CHANNEL = 'whatsapp_web';

/** A message between processes about a session they share (a send or a logout for the owner). */
export type PeerMessage =
  | { kind: 'request'; to: string; from: string; id: string; op: 'send'; messageId: string }
  | { kind: 'request'; to: string; from: string; id: string; op: 'logout'; botId: string }
  | { kind: 'reply'; to: string; from: string; id: string; ok: boolean; externalId?: string; error?: string }
  /** To every process ('*'): a session wants running, look now rather than at the next round. */
  | { kind: 'wake'; to: '*'; from: string };

/**
 * Who runs a session. On PostgreSQL a session belongs to the process holding its advisory lock
 * (`pg_try_advisory_lock` on a connection kept for that purpose): when that process dies its
 * connection closes and the lock frees itself. The session row's `lease_until`, renewed by the
 * owner, tells the others whether it is still alive; a process that sees a lapsed lease while
 * the lock is still held ends the holder's lock connection and takes the session over (the
 * stale owner learns it lost its locks when that connection drops and stops its sockets).
 * The same connection carries messages between processes (LISTEN/NOTIFY).
 * On PGlite there is one process: every session is its own.
 */
export interface Lease {
  /** This process's id, written as the session's owner. */
  readonly id: string;
  /** Whether other processes may exist (PostgreSQL). */
  readonly shared: boolean;
  start(handlers: { onLost(): void; onMessage(message: PeerMessage): void }): Promise<void>;
  /** Takes the session's lock if nobody holds it; true when this process holds it now. */
  acquire(botId: string): Promise<boolean>;
  release(botId: string): Promise<void>;
  /** Ends the lock connection of whoever holds the session (an owner that stopped renewing). */
  fence(botId: string): Promise<boolean>;
  /** Reconnects the lock connection if it was lost; true when it is up. */
  ensure(): Promise<boolean>;
  post(message: PeerMessage): Promise<void>;
  stop(): Promise<void>;
}

export function localLease(): Lease {
  return {
    id: randomUUID(),
    shared: false,
    async start() {},
    acquire: async () => true,
    async release() {},
    fence: async () => false,
    ensure: async () => true,
    async post() {},
    async stop() {},
  };
}

export function postgresLease(database: Database, log: FastifyBaseLogger): Lease {
  const pool = database.pool!;
  const id = randomUUID();
  let client: pg.Client | undefined;
  let connecting: Promise<boolean> | undefined;
  let handlers: { onLost(): void; onMessage(message: PeerMessage): void } | undefined;
  let stopped = false;
  const held = new Set<string>();
  const key = (botId: string) => [LOCK_SPACE, botId] as const;

  function lost(c: pg.Client, err?: Error) {
    if (client !== c) return;
    client = undefined;
    held.clear();
    c.removeAllListeners('notification');
    c.end().catch(() => undefined);
    if (stopped) return;
    log.warn({ err }, 'whatsapp web: lock connection lost; local sessions stop');
    handlers?.onLost();
  }

  async function connect(): Promise<boolean> {
    if (client) return true;
    if (stopped) return false;
    const c = new pg.Client(pool.options);
    c.on('error', (err) => lost(c, err));
    c.on('end', () => lost(c));
    c.on('notification', (n) => {
      if (n.channel !== CHANNEL || !n.payload) return;
      try {
        const message = JSON.parse(n.payload) as PeerMessage;
        if (message.to === id || (message.to === '*' && message.from !== id)) handlers?.onMessage(message);
      } catch (err) {
        log.warn({ err }, 'whatsapp web: unreadable peer message');
      }
    });
    try {
      await c.connect();
      await c.query(`listen ${CHANNEL}`);
      await c.query(`set application_name = 'charla-whatsapp-web'`);
    } catch (err) {
      log.warn({ err }, 'whatsapp web: lock connection failed');
      c.removeAllListeners();
      c.on('error', () => undefined);
      await c.end().catch(() => undefined);
      return false;
    }
    client = c;
    return true;
  }

  return {
    id,
    shared: true,
    async start(h) {
      handlers = h;
      await (connecting ??= connect().finally(() => (connecting = undefined)));
    },
    async ensure() {
      return client ? true : await (connecting ??= connect().finally(() => (connecting = undefined)));
    },
    async acquire(botId) {
      if (held.has(botId)) return true;
      const c = client;
      if (!c) return false;
      const res = await c.query<{ ok: boolean }>('select pg_try_advisory_lock($1, hashtext($2) & 2147483647) as ok', [...key(botId)]);
      if (res.rows[0]?.ok && client === c) {
        held.add(botId);
        return true;
      }
      return false;
    },
    async release(botId) {
      if (!held.delete(botId)) return;
      await client?.query('select pg_advisory_unlock($1, hashtext($2) & 2147483647)', [...key(botId)]).catch(() => undefined);
    },
    async fence(botId) {
      const res = await pool.query<{ ended: boolean }>(
        `select pg_terminate_backend(pid) as ended from pg_locks
          where locktype = 'advisory' and granted and classid = $1 and objid = (hashtext($2) & 2147483647)::oid
            and objsubid = 2 and database = (select oid from pg_database where datname = current_database())
            and pid <> pg_backend_pid()`,
        [...key(botId)],
      );
      return res.rows.some((r) => r.ended);
    },
    async post(message) {
      await pool.query('select pg_notify($1, $2)', [CHANNEL, JSON.stringify(message)]);
    },
    async stop() {
      stopped = true;
      const c = client;
      client = undefined;
      held.clear();
      if (c) {
        c.removeAllListeners();
        c.on('error', () => undefined);
        await c.end().catch(() => undefined);
      }
    },
  };
}
