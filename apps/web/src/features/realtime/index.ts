// The face of features/realtime: the app's socket, a bot's room and the flags the server pushes.
export { useAppSocket } from './app-socket.ts';
export { RealtimeModals } from './components/realtime-modals.tsx';
export { resetRealtime, setBotLimitReached, useRealtime } from './realtime-store.ts';
export { useBotRoom } from './use-bot-room.ts';
export { useRealtimeConnection } from './use-realtime-connection.ts';
