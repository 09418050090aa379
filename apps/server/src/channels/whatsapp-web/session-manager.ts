import { randomUUID } from 'node:crypto';
import { setTimeout as sleep } from 'node:timers/promises';
import type { BaileysEventMap, ConnectionState, UserFacingSocketConfig, WAMessage } from '@whiskeysockets/baileys';
import type { FastifyBaseLogger } from 'fastify';
import { rooms, type ChannelErrorCode, type Notice, type ServerToClientEvents, type WhatsappSessionStatus } from '@charla/shared';
import type { Inbound, MessageRow } from '../../modules/conversations/conversations.repository.ts';
import type { DatabaseAuthState, UseDatabaseAuthState } from './auth-state.ts';
import { closeCode, closeReasons, loadBaileys } from './baileys.ts';
import { phoneOfJid, toInbound, type WhatsappInbound } from './inbound.ts';
import type { Lease, PeerMessage } from './lease.ts';
import { wantedStatuses, type SessionRow, type WhatsappWebRepository } from './whatsapp-web.repository.ts';

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

type Emit = <E extends keyof ServerToClientEvents>(room: string, event: E, ...args: Parameters<ServerToClientEvents[E]>) => void;
type Receive = (m: Inbound) => Promise<'duplicate' | { conversation: { contactId: string } }>;

export interface ManagerOptions {
  qrMax: number;
  minDelayMs: number;
  jitterMs: number;
  reconnectMs: number;
  leaseMs: number;
  /** False on API-only processes: they answer routes and leave the sockets to the workers. */
  runsSessions: boolean;
  /** Tries of the send job (its first run and its retries): the last one marks the message failed. */
  sendAttempts: number;
  /** Messages older than this (delivered late, e.g. after a long disconnection) are stored but not answered. */
  replayMaxAgeMs: number;
}

export interface ManagerDeps {
  repo: WhatsappWebRepository;
  useAuthState: UseDatabaseAuthState;
  lease: Lease;
  receive: Receive;
  emit: Emit;
  log: FastifyBaseLogger;
  options: ManagerOptions;
  createSocket?: CreateSocket;
  /**
   * Downloads a reply's picture (WhatsApp by QR uploads the bytes itself). It must refuse the
   * server's own network: the link is the business's, not ours.
   */
  fetchImage?: (url: string) => Promise<Buffer>;
}

/** A send that cannot happen now; the message's job tries again later. */
export class WhatsappWebError extends Error {
  constructor(
    readonly code: (typeof sendFailures)[number],
    detail?: string,
  ) {
    super(detail ?? code);
  }
}

/** What the pipeline stores after a send: WhatsApp's id of the message, or why it failed for good. */
export type SendOutcome = { externalId?: string } | { failed: Notice };

/** Why a send failed for good (codes of the shared notice catalogue). */
export const sendFailures = ['CHANNEL_NOT_CONNECTED', 'NO_RECIPIENT', 'PEER_UNAVAILABLE'] as const satisfies readonly ChannelErrorCode[];
const isSendFailure = (code: string): code is (typeof sendFailures)[number] => (sendFailures as readonly string[]).includes(code);

/** Why a session ended, as stored in pair_error (codes of the shared notice catalogue). */
export const pairErrors = {
  qrTimeout: 'QR_TIMEOUT',
  loggedOut: 'WHATSAPP_LOGGED_OUT',
  forbidden: 'WHATSAPP_NUMBER_BLOCKED',
  numberTaken: 'CHANNEL_ACCOUNT_TAKEN',
} as const satisfies Record<string, ChannelErrorCode>;

interface Running {
  botId: string;
  auth: DatabaseAuthState;
  sock?: WaSocket;
  /** Bumped for every new socket: events of an older socket are ignored. */
  generation: number;
  open: boolean;
  stopped: boolean;
  attempt: number;
  timer?: NodeJS.Timeout;
  /** Connection events, one after another. */
  events: Promise<void>;
  /** Incoming messages, one after another. */
  inbound: Promise<void>;
  /** Outgoing messages, one after another and spaced out. */
  sends: Promise<unknown>;
  nextSendAt: number;
}

const BACKOFF_CAP_MS = 60_000;
const PEER_SEND_TIMEOUT_MS = 45_000;
const PEER_LOGOUT_TIMEOUT_MS = 10_000;

/** Closes a socket; one that is closed already may complain, which changes nothing. */
function endQuietly(sock: WaSocket) {
  try {
    void Promise.resolve(sock.end(undefined)).catch(() => undefined);
  } catch {
    // already closed
  }
}

/** The customer's address to write to: the phone number's JID when known, else the LID. */
export const pickRecipient = (ids: string[]) => ids.find((id) => id.endsWith('@s.whatsapp.net')) ?? ids.find((id) => id.endsWith('@lid'));

/**
 * Runs the WhatsApp Web sessions this process owns: pairing by QR, reconnection, incoming
 * messages into the pipeline, paced sends. Each session runs in one process only (see Lease);
 * other processes hand it their sends and logouts.
 */
export function sessionManager(deps: ManagerDeps) {
  const { repo, lease, log, options } = deps;
  let createSocket = deps.createSocket ?? baileysSocket;
  let fetchImage = deps.fetchImage;
  const running = new Map<string, Running>();
  const claiming = new Set<string>();
  const pending = new Map<string, { resolve(externalId?: string): void; reject(err: Error): void; timer: NodeJS.Timeout }>();
  let loop: NodeJS.Timeout | undefined;
  let ticking: Promise<void> | undefined;
  let closed = false;

  const quietLevel = ['silent', 'fatal', 'error'].includes(log.level) ? log.level : 'warn';

  function view(row: SessionRow | undefined): WhatsappSessionStatus {
    if (!row) return { status: 'disconnected', pair_error: null, phone: null, qr: null };
    let status = row.status;
    // A session whose runner went away is being picked up by another process.
    const lapsed = !running.has(row.botId) && (!row.leaseUntil || row.leaseUntil.getTime() < Date.now());
    if (lapsed && (status === 'connected' || status === 'waiting_qr')) status = 'connecting';
    return { status, pair_error: row.pairError, phone: row.phone, qr: status === 'waiting_qr' ? row.lastQr : null };
  }

  function announce(botId: string, row: SessionRow | undefined) {
    deps.emit(rooms.bot(botId), 'whatsappStatus', { botId, ...view(row) });
  }

  async function setStatus(botId: string, patch: Parameters<WhatsappWebRepository['update']>[1]) {
    const row = await repo.update(botId, patch);
    announce(botId, row);
    return row;
  }

  async function socketConfig(s: Running): Promise<UserFacingSocketConfig> {
    const { makeCacheableSignalKeyStore } = await loadBaileys();
    const logger = log.child({ module: 'whatsapp-web', botId: s.botId }, { level: quietLevel }) as unknown as UserFacingSocketConfig['logger'];
    return {
      // Keys read through a memory cache in front of the database.
      auth: { creds: s.auth.state.creds, keys: makeCacheableSignalKeyStore(s.auth.state.keys, logger) },
      browser: ['Charla', 'Chrome', '1.0.0'],
      markOnlineOnConnect: false,
      printQRInTerminal: false,
      syncFullHistory: false,
      logger,
      // WhatsApp asks for a message again when a recipient could not decrypt it.
      getMessage: async (key) => {
        const text = key.id ? await repo.messageText(s.botId, key.id) : undefined;
        return text === undefined ? undefined : { conversation: text };
      },
    };
  }

  async function connect(s: Running): Promise<void> {
    if (s.stopped) return;
    const generation = ++s.generation;
    s.open = false;
    let sock: WaSocket;
    try {
      sock = await createSocket(await socketConfig(s), { botId: s.botId });
    } catch (err) {
      log.error({ err, botId: s.botId }, 'whatsapp web: socket could not be created');
      return scheduleReconnect(s, undefined);
    }
    if (s.stopped || generation !== s.generation) {
      endQuietly(sock);
      return;
    }
    s.sock = sock;
    const current = () => !s.stopped && generation === s.generation;
    const inOrder = (fn: () => Promise<void>) => {
      s.events = s.events.then(() => (current() ? fn() : undefined)).catch((err) => log.error({ err, botId: s.botId }, 'whatsapp web: event failed'));
    };
    sock.ev.on('connection.update', (update) => inOrder(() => onConnection(s, sock, update)));
    sock.ev.on('creds.update', (update) =>
      inOrder(async () => {
        Object.assign(s.auth.state.creds, update);
        await s.auth.saveCreds();
      }),
    );
    sock.ev.on('messages.upsert', (upsert) => {
      if (current()) onMessages(s, upsert);
    });
  }

  async function onConnection(s: Running, sock: WaSocket, update: Partial<ConnectionState>) {
    if (update.qr) await onQr(s, update.qr);
    if (update.connection === 'open') {
      s.open = true;
      s.attempt = 0;
      const phone = phoneOfJid(sock.user?.id) ?? null;
      // One number, one bot: a number another bot holds is logged out of this session at once.
      if (phone && !(await repo.holdPhone(s.botId, phone))) {
        log.warn({ botId: s.botId, phone: phone.slice(-4) }, 'whatsapp web: the paired number belongs to another bot; logged out');
        return finish(s, { status: 'disconnected', pairError: pairErrors.numberTaken, clear: true, logout: true });
      }
      await setStatus(s.botId, { status: 'connected', pairError: null, qrCount: 0, lastQr: null, phone });
    } else if (update.connection === 'close') {
      await onClose(s, update.lastDisconnect?.error);
    }
  }

  async function onQr(s: Running, qr: string) {
    const attempt = await repo.countQr(s.botId, qr);
    if (attempt > options.qrMax) return finish(s, { status: 'qr_timeout', pairError: pairErrors.qrTimeout, clear: true });
    await setStatus(s.botId, { status: 'waiting_qr', pairError: null });
    deps.emit(rooms.bot(s.botId), 'whatsappQr', { botId: s.botId, qr, attempt, max: options.qrMax });
  }

  async function onClose(s: Running, error: unknown) {
    s.open = false;
    s.sock = undefined;
    const code = closeCode(error);
    if (code === closeReasons.loggedOut) return finish(s, { status: 'disconnected', pairError: pairErrors.loggedOut, clear: true });
    if (code === closeReasons.forbidden) return finish(s, { status: 'disconnected', pairError: pairErrors.forbidden, clear: true });
    log.info({ botId: s.botId, code }, 'whatsapp web: connection closed, reconnecting');
    await setStatus(s.botId, { status: 'connecting' });
    scheduleReconnect(s, code);
  }

  function scheduleReconnect(s: Running, code: number | undefined) {
    if (s.stopped) return;
    // After pairing WhatsApp asks for a restart at once; other drops back off.
    const delay = code === closeReasons.restartRequired ? 0 : Math.min(options.reconnectMs * 2 ** s.attempt, BACKOFF_CAP_MS) * (0.8 + Math.random() * 0.4);
    s.attempt++;
    clearTimeout(s.timer);
    s.timer = setTimeout(() => void connect(s).catch((err) => log.error({ err, botId: s.botId }, 'whatsapp web: reconnect failed')), delay);
    s.timer.unref();
  }

  /** Stops the socket here without touching the stored state (another process takes over, or we close). */
  function halt(s: Running) {
    s.stopped = true;
    s.open = false;
    s.generation++;
    clearTimeout(s.timer);
    const sock = s.sock;
    s.sock = undefined;
    running.delete(s.botId);
    if (sock) endQuietly(sock);
    return sock;
  }

  /** Ends the session for good here: optionally logs out of WhatsApp and forgets the credentials. */
  async function finish(
    s: Running,
    end: { status: SessionRow['status']; pairError: string | null; clear: boolean; logout?: boolean },
  ) {
    const wasOpen = s.open;
    const sock = s.sock;
    if (end.logout && sock && wasOpen) {
      s.stopped = true;
      await sock.logout().catch((err) => log.warn({ err, botId: s.botId }, 'whatsapp web: logout failed'));
    }
    halt(s);
    if (end.clear) await s.auth.clear();
    await setStatus(s.botId, {
      status: end.status,
      pairError: end.pairError,
      lastQr: null,
      ...(end.status === 'qr_timeout' ? {} : { qrCount: 0 }),
      ...(end.clear ? { phone: null } : {}),
    });
    await repo.release(s.botId, lease.id);
    await lease.release(s.botId);
  }

  /** Takes the session if its lock is free, and opens it. */
  async function own(botId: string): Promise<boolean> {
    if (running.has(botId)) return true;
    if (claiming.has(botId) || closed) return false;
    claiming.add(botId);
    try {
      if (!(await lease.acquire(botId))) return false;
      const row = await repo.find(botId);
      if (!row || !(wantedStatuses as readonly string[]).includes(row.status) || closed) {
        await lease.release(botId);
        return false;
      }
      await repo.claim(botId, lease.id, options.leaseMs);
      const s: Running = {
        botId,
        auth: await deps.useAuthState(botId),
        generation: 0,
        open: false,
        stopped: false,
        attempt: 0,
        events: Promise.resolve(),
        inbound: Promise.resolve(),
        sends: Promise.resolve(),
        nextSendAt: 0,
      };
      running.set(botId, s);
      await connect(s);
      return true;
    } catch (err) {
      log.error({ err, botId }, 'whatsapp web: session could not start');
      running.delete(botId);
      await lease.release(botId).catch(() => undefined);
      return false;
    } finally {
      claiming.delete(botId);
    }
  }

  // ---- incoming ----

  function onMessages(s: Running, upsert: BaileysEventMap['messages.upsert']) {
    if (upsert.type !== 'notify') return;
    for (const msg of upsert.messages) {
      const m = toInbound(msg);
      if (!m) continue;
      s.inbound = s.inbound.then(() => receiveOne(s.botId, m));
    }
  }

  async function receiveOne(botId: string, m: WhatsappInbound, attempts = 3): Promise<void> {
    for (let attempt = 1; ; attempt++) {
      try {
        // A customer first seen by their phone number and now by their LID (or the other way round) stays one contact.
        const contactExternalId = (await repo.knownIdentity(botId, m.identities)) ?? m.identities[0]!;
        const stored = await deps.receive({
          botId,
          channel: 'whatsmeow',
          contactExternalId,
          contactName: m.name,
          contactPhone: m.phone,
          externalId: m.externalId,
          text: m.text,
          media: m.media,
          at: m.at,
          answer: Date.now() - m.at.getTime() <= options.replayMaxAgeMs,
        });
        if (stored !== 'duplicate') {
          for (const id of m.identities) if (id !== contactExternalId) await repo.addIdentity(botId, id, stored.conversation.contactId);
        }
        return;
      } catch (err) {
        if (attempt >= attempts) {
          log.error({ err, botId, externalId: m.externalId }, 'whatsapp web: incoming message could not be stored');
          return;
        }
        await sleep(300 * attempt);
      }
    }
  }

  // ---- outgoing ----

  /**
   * A reply's picture with its text as caption. When the picture cannot be read the text goes
   * alone; a picture without text is tried again by the send job.
   */
  async function outgoing(m: { text: string; media: { type: string; url?: string }[] | null }, botId: string): Promise<OutgoingContent> {
    const image = m.media?.find((f) => f.type === 'image' && f.url && /^https?:\/\//i.test(f.url));
    if (!image || !fetchImage) return { text: m.text };
    try {
      const bytes = await fetchImage(image.url!);
      return m.text.trim() ? { image: bytes, caption: m.text } : { image: bytes };
    } catch (err) {
      if (!m.text.trim()) throw err;
      log.warn({ err, botId }, 'whatsapp web: the reply picture could not be read; the text goes alone');
      return { text: m.text };
    }
  }

  /** Sends one stored reply from the session this process runs, spaced from the one before. */
  function deliver(messageId: string, botId: string): Promise<string | undefined> {
    const s = running.get(botId);
    if (!s) return Promise.reject(new WhatsappWebError('CHANNEL_NOT_CONNECTED'));
    const job = s.sends.then(async () => {
      if (s.stopped || !s.open) throw new WhatsappWebError('CHANNEL_NOT_CONNECTED');
      const wait = s.nextSendAt - Date.now();
      if (wait > 0) await sleep(wait);
      const m = await repo.outbound(messageId);
      // Already out (a job that ran twice, or an answer from another process that never arrived).
      if (!m || m.externalId || m.status !== 'queued') return m?.externalId ?? undefined;
      const sock = s.sock;
      if (s.stopped || !s.open || !sock) throw new WhatsappWebError('CHANNEL_NOT_CONNECTED');
      const jid = pickRecipient(await repo.recipientIds(messageId));
      if (!jid) throw new WhatsappWebError('NO_RECIPIENT');
      const content = await outgoing(m, botId);
      if (s.stopped || !s.open || s.sock !== sock) throw new WhatsappWebError('CHANNEL_NOT_CONNECTED');
      let sent: WAMessage | undefined;
      try {
        sent = await sock.sendMessage(jid, content);
      } catch (err) {
        if (!s.open || s.sock !== sock) throw new WhatsappWebError('CHANNEL_NOT_CONNECTED', (err as Error).message);
        throw err;
      } finally {
        s.nextSendAt = Date.now() + options.minDelayMs + Math.random() * options.jitterMs;
      }
      const externalId = sent?.key?.id ?? undefined;
      if (externalId) await repo.setExternalId(messageId, externalId);
      return externalId;
    });
    s.sends = job.catch(() => undefined);
    return job;
  }

  function request(to: string, body: { op: 'send'; messageId: string } | { op: 'logout'; botId: string }, timeoutMs: number): Promise<string | undefined> {
    const id = randomUUID();
    return new Promise<string | undefined>((resolve, reject) => {
      const timer = setTimeout(() => {
        pending.delete(id);
        reject(new WhatsappWebError('PEER_UNAVAILABLE', 'the process running the session did not answer'));
      }, timeoutMs);
      pending.set(id, { resolve, reject, timer });
      lease.post({ kind: 'request', to, from: lease.id, id, ...body } as PeerMessage).catch((err) => {
        clearTimeout(timer);
        pending.delete(id);
        reject(err as Error);
      });
    });
  }

  function onPeerMessage(message: PeerMessage) {
    if (message.kind === 'wake') {
      if (options.runsSessions) void runTick();
      return;
    }
    if (message.kind === 'reply') {
      const waiting = pending.get(message.id);
      if (!waiting) return;
      pending.delete(message.id);
      clearTimeout(waiting.timer);
      if (message.ok) waiting.resolve(message.externalId);
      else {
        const error = message.error ?? 'CHANNEL_NOT_CONNECTED';
        waiting.reject(isSendFailure(error) ? new WhatsappWebError(error) : new Error(error));
      }
      return;
    }
    const answer = (ok: boolean, error?: string, externalId?: string) =>
      lease.post({ kind: 'reply', to: message.from, from: lease.id, id: message.id, ok, ...(error ? { error } : {}), ...(externalId ? { externalId } : {}) }).catch((err) =>
        log.warn({ err }, 'whatsapp web: answer to a peer failed'),
      );
    void (async () => {
      try {
        if (message.op === 'send') {
          const m = await repo.outbound(message.messageId);
          return answer(true, undefined, m ? await deliver(m.id, m.botId) : undefined);
        }
        const s = running.get(message.botId);
        if (!s) return answer(false, 'CHANNEL_NOT_CONNECTED');
        await finish(s, { status: 'disconnected', pairError: null, clear: true, logout: true });
        await answer(true);
      } catch (err) {
        await answer(false, (err as { code?: string }).code ?? (err as Error).message);
      }
    })();
  }

  // ---- ownership loop ----

  async function tick(): Promise<void> {
    if (closed) return;
    if (!(await lease.ensure())) return;
    const mine = [...running.keys()];
    const renewed = new Map((await repo.renew(mine, lease.id, options.leaseMs)).map((r) => [r.botId, r]));
    for (const botId of mine) {
      const s = running.get(botId);
      if (!s || s.stopped) continue;
      const row = renewed.get(botId);
      if (!row) {
        // Another process holds it now (we were too slow to renew): stop without touching its state.
        log.warn({ botId }, 'whatsapp web: session taken over by another process');
        halt(s);
        await lease.release(botId);
      } else if (row.status === 'disconnected' || row.botDeleted) {
        // Disconnected from a process that could not reach us (its reason kept), or the bot is gone: log out here.
        await finish(s, { status: 'disconnected', pairError: row.status === 'disconnected' ? row.pairError : null, clear: true, logout: true });
      }
    }
    if (!options.runsSessions) return;
    for (const u of await repo.unclaimed(lease.id)) {
      if (running.has(u.botId) || (await own(u.botId))) continue;
      // Its owner stopped renewing but still holds the lock: end that lock; the next round takes over.
      if (u.expired && u.owner && lease.shared && (await lease.fence(u.botId))) {
        log.warn({ botId: u.botId, owner: u.owner }, 'whatsapp web: took the lock of a silent owner');
      }
    }
  }

  function runTick(): Promise<void> {
    ticking ??= tick()
      .catch((err) => log.error({ err }, 'whatsapp web: lease round failed'))
      .finally(() => (ticking = undefined));
    return ticking;
  }

  return {
    /** Starts the ownership loop: claims sessions nobody runs, renews ours. */
    async begin() {
      await lease.start({
        onLost: () => {
          for (const s of [...running.values()]) halt(s);
        },
        onMessage: onPeerMessage,
      });
      await runTick();
      loop = setInterval(() => void runTick(), Math.max(100, Math.floor(options.leaseMs / 3)));
      loop.unref();
    },

    /** Stops every socket of this process (sessions stay paired; another process or the next start resumes them). */
    async close() {
      closed = true;
      clearInterval(loop);
      await ticking;
      for (const s of [...running.values()]) {
        halt(s);
        await repo.release(s.botId, lease.id).catch(() => undefined);
        await lease.release(s.botId);
      }
      for (const [id, p] of pending) {
        clearTimeout(p.timer);
        p.reject(new WhatsappWebError('PEER_UNAVAILABLE'));
        pending.delete(id);
      }
      await lease.stop();
    },

    async status(botId: string): Promise<WhatsappSessionStatus> {
      return view(await repo.find(botId));
    },

    /** Starts pairing (or reconnects a paired session); answers where it stands. */
    async start(botId: string): Promise<WhatsappSessionStatus> {
      const row = await repo.ensure(botId);
      if (running.has(botId)) return view(row);
      const elsewhere = row.owner && row.owner !== lease.id && row.leaseUntil && row.leaseUntil.getTime() > Date.now();
      if (elsewhere && (wantedStatuses as readonly string[]).includes(row.status)) return view(row);
      await setStatus(botId, { status: 'connecting', pairError: null, qrCount: 0, lastQr: null });
      if (options.runsSessions) await own(botId);
      else await lease.post({ kind: 'wake', to: '*', from: lease.id }).catch((err) => log.warn({ err }, 'whatsapp web: could not wake the workers'));
      return view(await repo.find(botId));
    },

    /** Logs the session out of WhatsApp and forgets it, wherever it runs. */
    async disconnect(botId: string): Promise<void> {
      const s = running.get(botId);
      if (s) return finish(s, { status: 'disconnected', pairError: null, clear: true, logout: true });
      const owner = lease.shared ? await repo.liveOwner(botId) : null;
      if (owner && owner !== lease.id) {
        try {
          await request(owner, { op: 'logout', botId }, PEER_LOGOUT_TIMEOUT_MS);
          return;
        } catch (err) {
          // The owner will see the session disconnected at its next renewal and log out then.
          log.warn({ err, botId }, 'whatsapp web: owner did not log out; clearing here');
        }
      }
      await repo.clearAuth(botId);
      await setStatus(botId, { status: 'disconnected', pairError: null, qrCount: 0, lastQr: null, phone: null });
    },

    /**
     * The pipeline's sender for 'whatsmeow'. Throws when it cannot send now (the job tries again);
     * on the job's last try, or when there is nobody to write to, answers why it failed.
     */
    async send(message: MessageRow): Promise<SendOutcome> {
      if (message.externalId) return { externalId: message.externalId };
      const attempt = await repo.countAttempt(message.id);
      try {
        if (running.has(message.botId)) return { externalId: await deliver(message.id, message.botId) };
        const owner = lease.shared ? await repo.liveOwner(message.botId) : null;
        if (!owner || owner === lease.id) throw new WhatsappWebError('CHANNEL_NOT_CONNECTED');
        return { externalId: await request(owner, { op: 'send', messageId: message.id }, PEER_SEND_TIMEOUT_MS) };
      } catch (err) {
        const code = err instanceof WhatsappWebError ? err.code : undefined;
        if (code === 'NO_RECIPIENT') return { failed: { code } };
        if (attempt < options.sendAttempts) throw err;
        return { failed: code ? { code } : { code: 'WHATSAPP_REFUSED', params: { detail: (err as Error).message.slice(0, 300) } } };
      }
    },

    /** One round of the ownership loop (the timer runs it; tests call it to not wait). */
    tick: runTick,

    /**
     * Stops renewing and claiming while keeping what runs, as a frozen process would: once the
     * leases lapse another process ends this one's locks and takes the sessions over.
     */
    pause() {
      clearInterval(loop);
    },

    /** Sessions this process runs now. */
    running: () => [...running.keys()],

    /** Replaces how sockets are made (tests put a fake WhatsApp peer here). */
    useSocketFactory(factory: CreateSocket) {
      createSocket = factory;
    },

    /** Replaces how reply pictures are downloaded (tests serve them on loopback). */
    useImageFetcher(fetcher: (url: string) => Promise<Buffer>) {
      fetchImage = fetcher;
    },
  };
}

export type SessionManager = ReturnType<typeof sessionManager>;
