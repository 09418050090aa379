import { useEffect } from 'react';
import { connectSocket } from '../../lib/socket.ts';
import { setBotLimitReached, setConnectionStatus, setMessageLimitReached, setPaymentError } from './realtime-store.ts';

/** Keeps the realtime socket open while the signed-in area is on screen. */
export function useRealtimeConnection(userId: string): void {
  useEffect(() => {
    const socket = connectSocket(userId, {
      messageLimitReached: setMessageLimitReached,
      botLimitReached: setBotLimitReached,
      paymentError: setPaymentError,
      onStatus: ({ connected, error }) => setConnectionStatus(connected, error),
    });
    return () => {
      socket.removeAllListeners();
      socket.disconnect();
    };
  }, [userId]);
}
