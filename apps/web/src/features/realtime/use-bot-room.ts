import { useEffect, useState } from 'react';
import { botRoom, followRoom, type AppSocket } from '../../lib/socket.ts';
import { useAppSocket } from './app-socket.ts';

/**
 * While a screen is open: follows a bot's room on the app's socket, with the screen's own
 * listeners. Returns whether the room is joined now (when not, screens poll instead).
 *
 * `listen` adds the listeners and returns what removes them; `onJoined(again)` runs after each
 * successful join, `again` from the second one on (events may have been missed meanwhile). Both
 * should keep their identity between renders (useCallback), or the room is followed anew.
 */
export function useBotRoom(botId: string, listen: (socket: AppSocket) => () => void, onJoined?: (again: boolean) => void): boolean {
  const socket = useAppSocket();
  const [live, setLive] = useState(false);

  useEffect(() => {
    if (!socket) return;
    let joinedBefore = false;
    const onDisconnect = () => setLive(false);
    const unlisten = listen(socket);
    socket.on('disconnect', onDisconnect);
    const stop = followRoom(socket, botRoom(botId), (ack) => {
      setLive(ack.ok);
      if (!ack.ok) return;
      onJoined?.(joinedBefore);
      joinedBefore = true;
    });
    return () => {
      stop();
      socket.off('disconnect', onDisconnect);
      unlisten();
      setLive(false);
    };
  }, [socket, botId, listen, onJoined]);

  return live;
}
