import { afterEach, describe, expect, it, vi } from 'vitest';
import { botRoom, connectSocket, followBotRoom, followRoom, getLastConnectError, joinRoom, socketOptions, type AppSocket, type SocketHandlers } from './socket.ts';

type Listener = (...args: unknown[]) => void;

/** Just enough of a socket.io socket: listeners, emit with ack, connect. */
function fakeSocket() {
  const listeners = new Map<string, Listener[]>();
  const emitted: Array<{ event: string; args: unknown[] }> = [];
  let ackResult: unknown = { ok: true };
  const socket = {
    connected: false,
    connect: vi.fn(),
    on(event: string, listener: Listener) {
      listeners.set(event, [...(listeners.get(event) ?? []), listener]);
      return socket;
    },
    off(event: string, listener: Listener) {
      listeners.set(event, (listeners.get(event) ?? []).filter((l) => l !== listener));
      return socket;
    },
    timeout() {
      return {
        emitWithAck(event: string, ...args: unknown[]) {
          emitted.push({ event, args });
          return Promise.resolve(ackResult);
        },
      };
    },
    emit(event: string, ...args: unknown[]) {
      emitted.push({ event, args });
    },
  };
  const fire = (event: string, ...args: unknown[]) => listeners.get(event)?.forEach((l) => l(...args));
  return { socket, fire, emitted, setAck: (value: unknown) => (ackResult = value) };
}

function handlers() {
  return {
    messageLimitReached: vi.fn<SocketHandlers['messageLimitReached']>(),
    botLimitReached: vi.fn<SocketHandlers['botLimitReached']>(),
    paymentError: vi.fn<SocketHandlers['paymentError']>(),
    onStatus: vi.fn<NonNullable<SocketHandlers['onStatus']>>(),
  };
}

afterEach(() => vi.restoreAllMocks());

describe('socket', () => {
  it('connects with the spec settings: websocket only, credentials, userId auth, endless reconnection', () => {
    expect(socketOptions('u1')).toEqual({
      path: '/socket.io',
      transports: ['websocket'],
      withCredentials: true,
      auth: { userId: 'u1' },
      reconnection: true,
      reconnectionAttempts: Infinity,
      reconnectionDelay: 1000,
      reconnectionDelayMax: 5000,
      timeout: 30000,
    });
    const { socket } = fakeSocket();
    const factory = vi.fn(() => socket as unknown as AppSocket);
    connectSocket('u1', handlers(), factory);
    expect(factory).toHaveBeenCalledWith(socketOptions('u1'));
  });

  it('reconnects when the server disconnects it, and only then', () => {
    const { socket, fire } = fakeSocket();
    connectSocket('u1', handlers(), () => socket as unknown as AppSocket);
    fire('disconnect', 'transport close');
    expect(socket.connect).not.toHaveBeenCalled();
    fire('disconnect', 'io server disconnect');
    expect(socket.connect).toHaveBeenCalledTimes(1);
  });

  it('keeps and logs the last connect error, and clears it once connected', () => {
    const log = vi.spyOn(console, 'error').mockImplementation(() => undefined);
    const { socket, fire } = fakeSocket();
    const h = handlers();
    connectSocket('u1', h, () => socket as unknown as AppSocket);
    const error = new Error('websocket error');
    fire('connect_error', error);
    expect(getLastConnectError()).toBe(error);
    expect(log).toHaveBeenCalledWith('Socket connect error', error);
    expect(h.onStatus).toHaveBeenLastCalledWith({ connected: false, error });
    fire('connect');
    expect(getLastConnectError()).toBeNull();
    expect(h.onStatus).toHaveBeenLastCalledWith({ connected: true, error: null });
  });

  it('joins a room and reports the acknowledgement, or a time-out as a refusal', async () => {
    const { socket, emitted, setAck } = fakeSocket();
    await expect(joinRoom(socket as unknown as AppSocket, botRoom('b1'))).resolves.toEqual({ ok: true });
    expect(emitted).toEqual([{ event: 'joinRoom', args: ['bot:b1'] }]);
    setAck({ ok: false, error: 'FORBIDDEN' });
    await expect(joinRoom(socket as unknown as AppSocket, 'bot:b2')).resolves.toEqual({ ok: false, error: 'FORBIDDEN' });
    const timingOut = { timeout: () => ({ emitWithAck: () => Promise.reject(new Error('operation has timed out')) }) };
    await expect(joinRoom(timingOut as unknown as AppSocket, 'bot:b3')).resolves.toEqual({ ok: false, error: 'operation has timed out' });
  });

  it('passes the limit and payment events to their handlers', () => {
    const { socket, fire } = fakeSocket();
    const h = handlers();
    connectSocket('u1', h, () => socket as unknown as AppSocket);
    fire('messageLimitReached', { botId: 'b1', limit: 500 });
    fire('botLimitReached', { limit: 1 });
    fire('paymentError', undefined);
    expect(h.messageLimitReached).toHaveBeenCalledWith({ botId: 'b1', limit: 500 });
    expect(h.botLimitReached).toHaveBeenCalledWith({ limit: 1 });
    expect(h.paymentError).toHaveBeenCalledWith({});
  });

  it('follows the selected bot room: joins when connected and after each reconnection, leaves on switch', async () => {
    const { socket, fire, emitted } = fakeSocket();
    const app = socket as unknown as AppSocket;
    const stop = followBotRoom(app, 'b1');
    expect(emitted).toEqual([]);
    socket.connected = true;
    fire('connect');
    fire('connect');
    await Promise.resolve();
    expect(emitted).toEqual([
      { event: 'joinRoom', args: ['bot:b1'] },
      { event: 'joinRoom', args: ['bot:b1'] },
    ]);
    stop();
    fire('connect');
    expect(emitted.slice(2)).toEqual([{ event: 'leaveRoom', args: ['bot:b1'] }]);

    emitted.length = 0;
    const stopB2 = followBotRoom(app, 'b2');
    expect(emitted).toEqual([{ event: 'joinRoom', args: ['bot:b2'] }]);
    socket.connected = false;
    stopB2();
    expect(emitted).toHaveLength(1);
  });

  it('shares a room between followers on one socket: it is left only when the last one stops', async () => {
    const warn = vi.spyOn(console, 'warn').mockImplementation(() => undefined);
    const flush = () => new Promise((resolve) => setTimeout(resolve, 0));
    const { socket, fire, emitted, setAck } = fakeSocket();
    const app = socket as unknown as AppSocket;
    socket.connected = true;
    const screenAcks: unknown[] = [];
    const otherAcks: unknown[] = [];
    const stopSelected = followBotRoom(app, 'b1');
    const stopScreen = followRoom(app, botRoom('b1'), (ack) => screenAcks.push(ack));
    const stopOther = followRoom(app, botRoom('b2'), (ack) => otherAcks.push(ack));
    await flush();
    expect(screenAcks).toEqual([{ ok: true }]);
    expect(otherAcks).toEqual([{ ok: true }]);

    emitted.length = 0;
    stopScreen();
    stopScreen();
    expect(emitted).toEqual([]);

    // After a reconnection only the followers left join again; the stopped one hears nothing more.
    setAck({ ok: false, error: 'FORBIDDEN' });
    fire('connect');
    await flush();
    expect(emitted).toEqual([
      { event: 'joinRoom', args: ['bot:b1'] },
      { event: 'joinRoom', args: ['bot:b2'] },
    ]);
    expect(screenAcks).toHaveLength(1);
    expect(otherAcks).toEqual([{ ok: true }, { ok: false, error: 'FORBIDDEN' }]);
    expect(warn).toHaveBeenCalledWith('Could not join bot:b1', 'FORBIDDEN');

    emitted.length = 0;
    stopSelected();
    stopOther();
    expect(emitted).toEqual([
      { event: 'leaveRoom', args: ['bot:b1'] },
      { event: 'leaveRoom', args: ['bot:b2'] },
    ]);
  });
});
