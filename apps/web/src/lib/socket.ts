import type { ManagerOptions, Socket, SocketOptions } from 'socket.io-client';
import type { ClientToServerEvents, LimitEventPayload, PaymentErrorPayload, RoomAck, ServerToClientEvents } from '@charla/shared';

export type AppSocket = Socket<ServerToClientEvents, ClientToServerEvents>;
export type SocketFactory = (options: Partial<ManagerOptions & SocketOptions>) => AppSocket;

/** Connection settings from the spec (section 9). */
export function socketOptions(userId: string): Partial<ManagerOptions & SocketOptions> {
  return {
    path: '/socket.io',
    transports: ['websocket'],
    withCredentials: true,
    auth: { userId },
    reconnection: true,
    reconnectionAttempts: Infinity,
    reconnectionDelay: 1000,
    reconnectionDelayMax: 5000,
    timeout: 30000,
  };
}

export interface SocketHandlers {
  messageLimitReached: (payload: LimitEventPayload) => void;
  botLimitReached: (payload: LimitEventPayload) => void;
  paymentError: (payload: PaymentErrorPayload) => void;
  onStatus?: (status: { connected: boolean; error: Error | null }) => void;
}

let lastConnectError: Error | null = null;

/** The most recent connect error, kept for diagnostics (spec section 8). */
export function getLastConnectError(): Error | null {
  return lastConnectError;
}

/** Room of a bot, as the server names it; joining is checked against access to the bot. */
export function botRoom(botId: string): string {
  return `bot:${botId}`;
}

/** Joins a room and resolves with the server's acknowledgement (or a time-out). */
export async function joinRoom(socket: AppSocket, room: string, timeoutMs = 10_000): Promise<Parameters<RoomAck>[0]> {
  try {
    return await socket.timeout(timeoutMs).emitWithAck('joinRoom', room);
  } catch (error) {
    return { ok: false, error: error instanceof Error ? error.message : String(error) };
  }
}

export function leaveRoom(socket: AppSocket, room: string): void {
  socket.emit('leaveRoom', room);
}

/** How many followers each room has, per socket: the room is left when the last one stops. */
const roomFollowers = new WeakMap<AppSocket, Map<string, number>>();

/**
 * Keeps the socket in a room: joins now when connected and again after every reconnection
 * (rooms do not survive one); `onJoin` gets each acknowledgement. Several parts of the app can
 * follow the same room on the one socket; the returned function stops this follower, and the
 * room is left when no follower remains.
 */
export function followRoom(socket: AppSocket, room: string, onJoin?: (ack: Parameters<RoomAck>[0]) => void): () => void {
  let followers = roomFollowers.get(socket);
  if (!followers) roomFollowers.set(socket, (followers = new Map()));
  followers.set(room, (followers.get(room) ?? 0) + 1);
  let following = true;
  const join = () => {
    void joinRoom(socket, room).then((ack) => {
      if (following) onJoin?.(ack);
    });
  };
  if (socket.connected) join();
  socket.on('connect', join);
  return () => {
    if (!following) return;
    following = false;
    socket.off('connect', join);
    const left = (followers.get(room) ?? 1) - 1;
    if (left > 0) {
      followers.set(room, left);
      return;
    }
    followers.delete(room);
    if (socket.connected) leaveRoom(socket, room);
  };
}

/** Keeps the socket in the selected bot's room (see `followRoom`). The returned function stops following it. */
export function followBotRoom(socket: AppSocket, botId: string): () => void {
  const room = botRoom(botId);
  return followRoom(socket, room, (ack) => {
    if (!ack.ok) console.warn(`Could not join ${room}`, ack.error);
  });
}

/**
 * socket.io's client, downloaded when the signed-in area first connects rather than with the
 * page's code: the first screen paints without waiting for it.
 */
export function loadSocketFactory(): Promise<SocketFactory> {
  return import('socket.io-client').then(({ io }): SocketFactory => (options) => io(options));
}

/** Opens the realtime connection of a signed-in user (same origin, websocket only). */
export function connectSocket(userId: string, handlers: SocketHandlers, factory: SocketFactory): AppSocket {
  const socket = factory(socketOptions(userId));

  socket.on('connect', () => {
    lastConnectError = null;
    // The server puts the socket in its user's room (`user:{id}`) itself.
    handlers.onStatus?.({ connected: true, error: null });
  });

  socket.on('connect_error', (error) => {
    lastConnectError = error;
    console.error('Socket connect error', error);
    handlers.onStatus?.({ connected: false, error });
  });

  socket.on('disconnect', (reason) => {
    handlers.onStatus?.({ connected: false, error: lastConnectError });
    // The server closed the connection on purpose; socket.io does not reconnect by itself then.
    if (reason === 'io server disconnect') socket.connect();
  });

  socket.on('messageLimitReached', (payload) => handlers.messageLimitReached(payload ?? {}));
  socket.on('botLimitReached', (payload) => handlers.botLimitReached(payload ?? {}));
  socket.on('paymentError', (payload) => handlers.paymentError(payload ?? {}));

  return socket;
}
