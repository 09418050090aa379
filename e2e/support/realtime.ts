import type { Page } from 'playwright-core';

/**
 * Resolves once the page's socket has joined the bot's room (the server's acknowledgement came
 * back): events sent to the room from then on reach the page. Call it before the navigation.
 */
export function botRoomJoined(page: Page, botId: string): Promise<void> {
  return new Promise((resolve) => {
    page.on('websocket', (socket) => {
      let ackId: string | null = null;
      socket.on('framesent', (frame) => {
        const join = /^42(\d+)\["joinRoom","bot:([^"]+)"\]/.exec(String(frame.payload));
        if (join && join[2] === botId) ackId = join[1]!;
      });
      socket.on('framereceived', (frame) => {
        if (ackId !== null && String(frame.payload).startsWith(`43${ackId}[`)) resolve();
      });
    });
  });
}
