import type { BaileysEventMap, ConnectionState, UserFacingSocketConfig } from '@whiskeysockets/baileys';
import { rooms, type WhatsappSessionStatus } from '@charla/shared';
import { closeCode, closeReasons, loadBaileys } from './baileys.ts';
import { phoneOfJid } from './inbound.ts';
import { pairErrors } from './session-errors.ts';
import type { Running, SessionState } from './session-state.ts';
import { endQuietly, type WaSocket } from './wa-socket.ts';
import { wantedStatuses, type SessionRow, type WhatsappWebRepository } from './whatsapp-web.repository.ts';

const BACKOFF_CAP_MS = 60_000;

/**
 * A session's life in this process: claimed (its lease taken), its socket made and remade after
 * drops with back-off, pairing by QR, and its end (halted here, or finished: logged out and forgotten).
 * Incoming messages of each socket go to `onMessages`.
 */
export function sessionLifecycle(state: SessionState, onMessages: (s: Running, upsert: BaileysEventMap['messages.upsert']) => void) {
  const { deps, running, claiming } = state;
  const { repo, lease, log, options } = deps;
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
        const text = key.id ? (await deps.messages.byExternalId('whatsmeow', key.id, s.botId))?.text : undefined;
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
      sock = await state.createSocket(await socketConfig(s), { botId: s.botId });
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
      s.reached = true;
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
    s.reached = true;
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

  /**
   * A new pairing whose sockets keep closing before WhatsApp draws a QR code (no internet, WhatsApp
   * down or blocked) ends with the reason, instead of "connecting" for ever.
   */
  function watchPairing(s: Running) {
    s.watchdog = setTimeout(() => {
      s.events = s.events
        .then(() => {
          if (s.stopped || s.reached) return;
          log.warn({ botId: s.botId, ms: options.unreachableMs }, 'whatsapp web: no QR code drawn; WhatsApp unreachable');
          return finish(s, { status: 'disconnected', pairError: pairErrors.unreachable, clear: true });
        })
        .catch((err) => log.error({ err, botId: s.botId }, 'whatsapp web: pairing watchdog failed'));
    }, options.unreachableMs);
    s.watchdog.unref();
  }

  /** Stops the socket here without touching the stored state (another process takes over, or we close). */
  function halt(s: Running) {
    s.stopped = true;
    s.open = false;
    s.generation++;
    clearTimeout(s.timer);
    clearTimeout(s.watchdog);
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
    if (claiming.has(botId) || state.closed) return false;
    claiming.add(botId);
    try {
      if (!(await lease.acquire(botId))) return false;
      const row = await repo.find(botId);
      if (!row || !(wantedStatuses as readonly string[]).includes(row.status) || state.closed) {
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
        reached: false,
      };
      running.set(botId, s);
      if (!s.auth.state.creds.registered) watchPairing(s);
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

  return { view, announce, setStatus, halt, finish, own };
}

export type SessionLifecycle = ReturnType<typeof sessionLifecycle>;
