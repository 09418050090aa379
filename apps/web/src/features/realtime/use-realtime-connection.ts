import { useEffect } from 'react';
import { connectSocket, followBotRoom, loadSocketFactory, type AppSocket } from '../../lib/socket.ts';
import { whenIdle } from '../../lib/when-idle.ts';
import { clearAppSocket, setAppSocket, useAppSocket } from './app-socket.ts';
import { setBotLimitReached, setConnectionStatus, setMessageLimitReached, setPaymentError } from './realtime-store.ts';

/**
 * Keeps the app's one realtime socket open while the signed-in area is on screen, in the
 * selected bot's room (joinRoom/leaveRoom as the selection changes). Screens reach the same
 * socket with `useAppSocket` / `useBotRoom`.
 */
export function useRealtimeConnection(userId: string, selectedBotId: string | null = null): void {
  useEffect(() => {
    let socket: AppSocket | undefined;
    let closed = false;
    const handlers = {
      messageLimitReached: setMessageLimitReached,
      botLimitReached: setBotLimitReached,
      paymentError: setPaymentError,
      onStatus: ({ connected, error }: { connected: boolean; error: Error | null }) => setConnectionStatus(connected, error),
    };
    // The page paints first (its data comes over HTTP); the socket connects once the browser is idle.
    const cancel = whenIdle(() => {
      loadSocketFactory().then(
        (factory) => {
          if (closed) return;
          socket = connectSocket(userId, handlers, factory);
          setAppSocket(socket);
        },
        (error: unknown) => setConnectionStatus(false, error instanceof Error ? error : new Error(String(error))),
      );
    }, 1000);
    return () => {
      closed = true;
      cancel();
      if (!socket) return;
      clearAppSocket(socket);
      socket.removeAllListeners();
      socket.disconnect();
    };
  }, [userId]);

  const socket = useAppSocket();
  useEffect(() => {
    if (!socket || !selectedBotId) return;
    return followBotRoom(socket, selectedBotId);
  }, [socket, selectedBotId]);
}
