import { randomBytes } from 'node:crypto';
import { EventEmitter } from 'node:events';
import { Boom } from '@hapi/boom';
import { DisconnectReason, type BaileysEventMap, type UserFacingSocketConfig, type WAMessage } from '@whiskeysockets/baileys';
import type { CreateSocket, OutgoingContent, WaSocket } from '../session-manager.ts';

/** A message id as WhatsApp makes them ("3EB0" and 18 hex digits for web clients). */
export const waMessageId = () => `3EB0${randomBytes(9).toString('hex').toUpperCase()}`;

export type SendHandler = (jid: string, content: OutgoingContent) => Promise<WAMessage | undefined>;

/** The words of a send: its text, or its picture's caption. */
const wordsOf = (content: OutgoingContent) => ('text' in content ? content.text : (content.caption ?? ''));

/**
 * Stands in for WhatsApp's side of a Baileys socket: the same `ev` event names and payloads
 * (connection.update, creds.update, messages.upsert), and sendMessage / logout / end. Everything
 * behind it (auth state, database, pipeline, realtime) is the real thing.
 */
export class FakeSocket implements WaSocket {
  readonly ev = new EventEmitter();
  user: { id: string } | undefined;
  /** `image`: the bytes of a picture sent with `text` as its caption. */
  readonly sent: { jid: string; text: string; at: number; id: string; image?: Buffer }[] = [];
  readonly attempts: { jid: string; text: string; at: number }[] = [];
  ended = false;
  loggedOut = false;
  /** Replaces what sendMessage does (to make it hang, or fail). */
  onSend: SendHandler | undefined;

  constructor(
    readonly config: UserFacingSocketConfig,
    readonly botId: string,
  ) {
    this.ev.setMaxListeners(50);
  }

  private emit<E extends keyof BaileysEventMap>(event: E, payload: BaileysEventMap[E]) {
    this.ev.emit(event, payload);
  }

  /** The default answer of a send: the message as Baileys answers it, with WhatsApp's id. */
  accept: SendHandler = async (jid, content) => {
    const id = waMessageId();
    const text = wordsOf(content);
    this.sent.push({ jid, text, at: Date.now(), id, ...('image' in content && { image: content.image }) });
    const message = 'image' in content ? { imageMessage: { caption: text } } : { extendedTextMessage: { text } };
    return { key: { remoteJid: jid, fromMe: true, id }, message, messageTimestamp: Math.floor(Date.now() / 1000), status: 1 };
  };

  async sendMessage(jid: string, content: OutgoingContent) {
    this.attempts.push({ jid, text: wordsOf(content), at: Date.now() });
    return (this.onSend ?? this.accept)(jid, content);
  }

  async logout() {
    this.loggedOut = true;
    this.close(DisconnectReason.loggedOut, 'Intentional Logout');
  }

  end(error: Error | undefined) {
    if (this.ended) return;
    this.ended = true;
    this.emit('connection.update', { connection: 'close', lastDisconnect: { error, date: new Date() } });
  }

  // ---- what WhatsApp's servers make Baileys say ----

  qr(ref = randomBytes(12).toString('base64')) {
    const noise = randomBytes(32).toString('base64');
    const identity = randomBytes(32).toString('base64');
    const adv = randomBytes(32).toString('base64');
    const qr = [ref, noise, identity, adv].join(',');
    this.emit('connection.update', { qr });
    return qr;
  }

  /**
   * The phone scanned the QR (WhatsApp sends our identity, then the connection opens), or a paired
   * session reconnected: then it is the number it was paired with.
   */
  open(phoneDigits = /^\d+/.exec(this.config.auth.creds.me?.id ?? '')?.[0] ?? '5213312345678') {
    this.user = { id: `${phoneDigits}:17@s.whatsapp.net` };
    this.emit('creds.update', { me: { id: this.user.id, lid: `${phoneDigits.slice(-9)}123@lid`, name: 'Clínica Sonrisa' }, registered: true, platform: 'smba' });
    this.emit('connection.update', { connection: 'open', isNewLogin: false, receivedPendingNotifications: true });
  }

  /** WhatsApp closed the connection for this reason. */
  close(statusCode: number, message = 'Connection Failure') {
    if (this.ended) return;
    this.ended = true;
    this.emit('connection.update', {
      connection: 'close',
      lastDisconnect: { error: new Boom(message, { statusCode }), date: new Date() },
    });
  }

  upsert(messages: WAMessage[], type: 'notify' | 'append' = 'notify') {
    this.emit('messages.upsert', { messages, type });
  }

  creds(update: BaileysEventMap['creds.update']) {
    this.emit('creds.update', update);
  }
}

/** The socket factory handed to the session manager, and every socket it made, per bot. */
export function fakeWhatsapp() {
  const sockets: FakeSocket[] = [];
  const factory: CreateSocket = (config, { botId }) => {
    const sock = new FakeSocket(config, botId);
    sockets.push(sock);
    return sock;
  };
  const of = (botId: string) => sockets.filter((s) => s.botId === botId);
  return {
    factory,
    sockets,
    of,
    /** The bot's socket number `n` (1-based), once the session made it. */
    async socket(botId: string, n: number, ms = 8000): Promise<FakeSocket> {
      const end = Date.now() + ms;
      while (of(botId).length < n) {
        if (Date.now() > end) throw new Error(`socket ${n} of ${botId} never made (${of(botId).length} so far)`);
        await new Promise((r) => setTimeout(r, 10));
      }
      return of(botId)[n - 1]!;
    },
  };
}

/** A customer's message as Baileys 7 gives it: chat by LID, the phone number as remoteJidAlt. */
export function incoming(opts: {
  text?: string;
  message?: WAMessage['message'];
  lid?: string;
  phone?: string;
  /** 'lid' (default): the chat is the LID and the phone number comes beside it; 'pn': the other way round. */
  addressing?: 'lid' | 'pn';
  id?: string;
  name?: string;
  fromMe?: boolean;
  remoteJid?: string;
  participant?: string;
  at?: Date;
}): WAMessage {
  const lid = `${opts.lid ?? '204512345678901'}@lid`;
  const pn = `${opts.phone ?? '5213398765432'}@s.whatsapp.net`;
  const [remoteJid, remoteJidAlt] = opts.addressing === 'pn' ? [pn, lid] : [lid, pn];
  return {
    key: {
      remoteJid: opts.remoteJid ?? remoteJid,
      remoteJidAlt: opts.remoteJid ? undefined : remoteJidAlt,
      fromMe: opts.fromMe ?? false,
      id: opts.id ?? waMessageId(),
      participant: opts.participant,
      addressingMode: opts.addressing ?? 'lid',
    },
    messageTimestamp: Math.floor((opts.at ?? new Date()).getTime() / 1000),
    pushName: opts.name ?? 'María Pérez',
    broadcast: false,
    message: 'message' in opts ? opts.message : { conversation: opts.text ?? 'Hola' },
  } as WAMessage;
}
