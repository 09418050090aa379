import type { AppSocket } from '../../lib/socket.ts';
import { createStore, useStore } from '../../lib/store.ts';

/** The app's one realtime connection (opened by `useRealtimeConnection` while signed in), or null. */
const appSocketStore = createStore<{ socket: AppSocket | null }>({ socket: null });

export function setAppSocket(socket: AppSocket): void {
  appSocketStore.set({ socket });
}

/** Forgets the socket, unless another one replaced it meanwhile. */
export function clearAppSocket(socket: AppSocket): void {
  if (appSocketStore.get().socket === socket) appSocketStore.set({ socket: null });
}

/** The app's socket for screens that listen to a room (see `useBotRoom`); null until it is open. */
export function useAppSocket(): AppSocket | null {
  return useStore(appSocketStore, (state) => state.socket);
}
