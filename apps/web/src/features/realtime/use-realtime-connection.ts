import { useEffect } from 'react';
import { connectSocket, followBotRoom } from '../../lib/socket.ts';
import { clearAppSocket, setAppSocket, useAppSocket } from './app-socket.ts';
import { setBotLimitReached, setConnectionStatus, setMessageLimitReached, setPaymentError } from './realtime-store.ts';

/**
 * Keeps the app's one realtime socket open while the signed-in area is on screen, in the
 * selected bot's room (joinRoom/leaveRoom as the selection changes). Screens reach the same
 * socket with `useAppSocket` / `useBotRoom`.
 */
export function useRealtimeConnection(userId: string, selectedBotId: string | null = null): void {
  useEffect(() => {
    const socket = connectSocket(userId, {
      messageLimitReached: setMessageLimitReached,
      botLimitReached: setBotLimitReached,
      paymentError: setPaymentError,
      onStatus: ({ connected, error }) => setConnectionStatus(connected, error),
    });
    setAppSocket(socket);
    return () => {
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
