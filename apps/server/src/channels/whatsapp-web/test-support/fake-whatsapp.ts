import { createCipheriv, createHmac, randomBytes } from 'node:crypto';
import { EventEmitter } from 'node:events';
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { Boom } from '@hapi/boom';
import { DisconnectReason, getMediaKeys, type BaileysEventMap, type UserFacingSocketConfig, type WAMessage } from '@whiskeysockets/baileys';
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

/**
 * WhatsApp's media servers (mmg.whatsapp.net) on loopback: files are kept encrypted as WhatsApp
 * keeps them (AES-256-CBC with keys expanded from the message's mediaKey, then 10 bytes of MAC),
 * at the `directPath` the message carries. `file` makes the content of a media message.
 */
export async function fakeWhatsappMedia() {
  const files = new Map<string, Buffer>();
  const requests: string[] = [];
  const server = createServer((req, res) => {
    requests.push(req.url ?? '');
    const found = files.get((req.url ?? '').split('?')[0]!);
    if (!found) return void res.writeHead(404).end();
    res.writeHead(200, { 'content-type': 'application/octet-stream', 'content-length': String(found.byteLength) }).end(found);
  });
  await new Promise<void>((r) => server.listen(0, '127.0.0.1', r));
  const base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  return {
    base,
    requests,
    /** Keeps `bytes` encrypted for a message of this kind; answers the fields the message carries. */
    async file(kind: 'image' | 'audio' | 'video' | 'document' | 'sticker', bytes: Buffer, extra: { declaredLength?: number; stored?: boolean } = {}) {
      const mediaKey = randomBytes(32);
      const { iv, cipherKey, macKey } = await getMediaKeys(mediaKey, kind);
      const cipher = createCipheriv('aes-256-cbc', cipherKey, iv);
      const enc = Buffer.concat([cipher.update(bytes), cipher.final()]);
      const mac = createHmac('sha256', macKey!).update(Buffer.concat([iv, enc])).digest().subarray(0, 10);
      const directPath = `/v/t62.7118-24/${randomBytes(8).toString('hex')}.enc?ccb=11-4&oh=${randomBytes(6).toString('hex')}`;
      if (extra.stored !== false) files.set(directPath.split('?')[0]!, Buffer.concat([enc, mac]));
      return { directPath, mediaKey, fileLength: extra.declaredLength ?? bytes.byteLength, url: `https://mmg.whatsapp.net${directPath}&mms3=true` };
    },
    close: () => new Promise<void>((r) => server.close(() => r())),
  };
}
