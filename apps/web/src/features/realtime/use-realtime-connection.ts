import { useEffect, useRef } from 'react';
import { connectSocket, followBotRoom, type AppSocket } from '../../lib/socket.ts';
import { setBotLimitReached, setConnectionStatus, setMessageLimitReached, setPaymentError } from './realtime-store.ts';

/**
 * Keeps the realtime socket open while the signed-in area is on screen, in the selected bot's
 * room (joinRoom/leaveRoom as the selection changes).
 */
export function useRealtimeConnection(userId: string, selectedBotId: string | null = null): void {
  const socketRef = useRef<AppSocket | null>(null);

  useEffect(() => {
    const socket = connectSocket(userId, {
      messageLimitReached: setMessageLimitReached,
      botLimitReached: setBotLimitReached,
      paymentError: setPaymentError,
      onStatus: ({ connected, error }) => setConnectionStatus(connected, error),
    });
    socketRef.current = socket;
    return () => {
      socketRef.current = null;
      socket.removeAllListeners();
      socket.disconnect();
    };
  }, [userId]);

  useEffect(() => {
    const socket = socketRef.current;
    if (!socket || !selectedBotId) return;
    return followBotRoom(socket, selectedBotId);
  }, [userId, selectedBotId]);
}
