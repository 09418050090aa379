import type { BaileysEventMap, UserFacingSocketConfig, WAMessage } from '@whiskeysockets/baileys';
import { loadBaileys } from './baileys.ts';

/** What we use of a Baileys socket; tests hand in an object with the same shape. */
export interface WaSocket {
  ev: { on<E extends keyof BaileysEventMap>(event: E, listener: (arg: BaileysEventMap[E]) => void): unknown };
  user?: { id: string } | undefined;
  sendMessage(jid: string, content: OutgoingContent): Promise<WAMessage | undefined>;
  logout(msg?: string): Promise<void>;
  end(error: Error | undefined): unknown;
}
/** What we send: a text, or a picture (its bytes) with the text as its caption. */
export type OutgoingContent = { text: string } | { image: Buffer; caption?: string };

/** Makes the socket of one bot's session (the bot is named for factories that care, e.g. one proxy per number). */
export type CreateSocket = (config: UserFacingSocketConfig, session: { botId: string }) => WaSocket | Promise<WaSocket>;

/** The real thing: Baileys' socket to WhatsApp's servers. */
export const baileysSocket: CreateSocket = async (config) => (await loadBaileys()).makeWASocket(config);

/** Closes a socket; one that is closed already may complain, which changes nothing. */
export function endQuietly(sock: WaSocket) {
  try {
    void Promise.resolve(sock.end(undefined)).catch(() => undefined);
  } catch {
    // already closed
  }
}
