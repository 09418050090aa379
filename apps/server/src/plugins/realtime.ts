import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import type pg from 'pg';
import { Server, type Socket } from 'socket.io';
import {
  roomSchema,
  rooms,
  socketAuth,
  type ClientToServerEvents,
  type ServerToClientEvents,
} from '@charla/shared';
import type { Config } from '../config.ts';
import { tenantOfHost } from '../modules/partners/partners.module.ts';
import type { AuthRepository } from '../modules/auth/auth.repository.ts';
import type { AccessTokens } from '../modules/auth/tokens.ts';
import { cookieNames } from './auth.ts';
import { clusterAdapter } from './realtime-adapter.ts';

interface SocketData {
  userId: string;
}
/** Sends one event to a socket.io room (or rooms) of the dashboard. */
export type Emit = <E extends keyof ServerToClientEvents>(room: string | string[], event: E, ...args: Parameters<ServerToClientEvents[E]>) => void;

export type RealtimeServer = Server<ClientToServerEvents, ServerToClientEvents, Record<string, never>, SocketData>;
type RealtimeSocket = Socket<ClientToServerEvents, ServerToClientEvents, Record<string, never>, SocketData>;

/** Decides whether a user may join rooms of one kind (`bot:<id>` → may this user see that bot?). */
export type RoomAccess = (userId: string, id: string) => Promise<boolean>;

declare module 'fastify' {
  interface FastifyInstance {
    realtime: {
      io: RealtimeServer;
      /** Registers who may join rooms with this prefix (e.g. 'bot'). */
      allowRooms(prefix: string, access: RoomAccess): void;
      toUser<E extends keyof ServerToClientEvents>(userId: string, event: E, ...args: Parameters<ServerToClientEvents[E]>): void;
      /** One event to one room, or to several (a socket in more than one gets it once). */
      toRoom<E extends keyof ServerToClientEvents>(room: string | string[], event: E, ...args: Parameters<ServerToClientEvents[E]>): void;
      /** Handles a client event of a signed-in socket; the handler's error code goes back in the ack. */
      handle<E extends Exclude<keyof ClientToServerEvents, 'joinRoom' | 'leaveRoom'>>(
        event: E,
        handler: (userId: string, payload: Parameters<ClientToServerEvents[E]>[0]) => Promise<void>,
      ): void;
    };
  }
}

interface RealtimeOptions {
  config: Config;
  repo: AuthRepository;
  tokens: AccessTokens;
  /** On PostgreSQL, events cross processes through LISTEN/NOTIFY. */
  pool?: pg.Pool;
}

/** socket.io on the HTTP server's port: websocket only, authenticated from the session cookie. */
export const realtimePlugin = fp<RealtimeOptions>(async (app: FastifyInstance, { config, repo, tokens, pool }) => {
  const allowedOrigins = new Set(config.ALLOWED_ORIGINS);
  const io: RealtimeServer = new Server(app.server, {
    path: '/socket.io',
    transports: ['websocket'],
    serveClient: false,
    // A page on another site must not open a socket with our cookies.
    allowRequest: (req, callback) => {
      const origin = req.headers.origin;
      if (!origin) return callback(null, true);
      let host: string | undefined;
      try {
        host = new URL(origin).host;
      } catch {
        return callback(null, false);
      }
      callback(null, host === req.headers.host || allowedOrigins.has(origin));
    },
  });

  if (pool) io.adapter(clusterAdapter(pool));

  io.use(async (socket, next) => {
    const cookies = app.parseCookie(socket.handshake.headers.cookie ?? '');
    const token = cookies[cookieNames.access];
    const claims = token ? await tokens.verify(token) : undefined;
    const user = claims ? await repo.findSessionUser(claims.sub, claims.sid).catch(() => undefined) : undefined;
    const claimed = socketAuth.safeParse(socket.handshake.auth);
    const tenant = tenantOfHost(socket.handshake.headers.host, config.APP_BASE_DOMAIN) ?? '';
    if (!user || user.sessionTenant !== tenant || !claimed.success || claimed.data.userId !== user.id) return next(new Error('unauthorized'));
    socket.data.userId = user.id;
    next();
  });

  const handlers = new Map<string, (userId: string, payload: never) => Promise<void>>();
  const access = new Map<string, RoomAccess>();
  access.set('user', async (userId, id) => userId === id);

  const mayJoin = async (socket: RealtimeSocket, room: unknown): Promise<string | undefined> => {
    const parsed = roomSchema.safeParse(room);
    if (!parsed.success) return undefined;
    const [prefix = '', id = ''] = parsed.data.split(':');
    const check = access.get(prefix);
    return check && (await check(socket.data.userId, id).catch(() => false)) ? parsed.data : undefined;
  };

  io.on('connection', (socket) => {
    void socket.join(rooms.user(socket.data.userId));
    socket.on('joinRoom', async (room, ack) => {
      const allowedRoom = await mayJoin(socket, room);
      if (allowedRoom) await socket.join(allowedRoom);
      if (typeof ack === 'function') ack(allowedRoom ? { ok: true } : { ok: false, error: 'FORBIDDEN' });
    });
    for (const [event, handler] of handlers) {
      socket.on(event as 'playgroundSend', async (payload: unknown, ack?: (r: { ok: boolean; error?: string }) => void) => {
        try {
          await handler(socket.data.userId, payload as never);
          if (typeof ack === 'function') ack({ ok: true });
        } catch (err) {
          const code = (err as { code?: string }).code ?? 'INTERNAL';
          if (typeof ack === 'function') ack({ ok: false, error: code });
        }
      });
    }
    socket.on('leaveRoom', async (room, ack) => {
      if (typeof room === 'string') await socket.leave(room);
      if (typeof ack === 'function') ack({ ok: true });
    });
  });

  app.decorate('realtime', {
    io,
    allowRooms(prefix, check) {
      access.set(prefix, check);
    },
    toUser(userId, event, ...args) {
      io.to(rooms.user(userId)).emit(event, ...args);
    },
    toRoom(room, event, ...args) {
      io.to(room).emit(event, ...args);
    },
    handle(event, handler) {
      handlers.set(event, handler as (userId: string, payload: never) => Promise<void>);
    },
  });

  app.addHook('preClose', async () => {
    io.disconnectSockets(true);
    io.engine.close();
    await io.of('/').adapter.close();
  });
});
