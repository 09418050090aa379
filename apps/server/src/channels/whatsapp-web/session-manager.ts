import type { WhatsappSessionStatus } from '@charla/shared';
import type { SendContext } from '../../modules/conversations/ports.ts';
import { inboundQueue } from './inbound-queue.ts';
import { ownershipLoop } from './ownership-loop.ts';
import { pacedSender } from './paced-sender.ts';
import { peerRpc } from './peer-rpc.ts';
import { WhatsappWebError, type SendOutcome } from './session-errors.ts';
import { sessionLifecycle } from './session-lifecycle.ts';
import { sessionState, type ManagerDeps } from './session-state.ts';
import type { CreateSocket } from './wa-socket.ts';
import { wantedStatuses } from './whatsapp-web.repository.ts';

export { pairErrors, sendFailures, WhatsappWebError, type SendOutcome } from './session-errors.ts';
export type { ManagerDeps, ManagerOptions } from './session-state.ts';
export { pickRecipient } from './paced-sender.ts';
export { baileysSocket, type CreateSocket, type OutgoingContent, type WaSocket } from './wa-socket.ts';

const PEER_SEND_TIMEOUT_MS = 45_000;
const PEER_LOGOUT_TIMEOUT_MS = 10_000;

/**
 * Runs the WhatsApp Web sessions this process owns: their life (session-lifecycle.ts), incoming
 * messages into the conversations module (inbound-queue.ts), paced sends (paced-sender.ts), calls
 * to the process that runs a session (peer-rpc.ts) and the lease sweeper (ownership-loop.ts).
 * Each session runs in one process only (see Lease).
 */
export function sessionManager(deps: ManagerDeps) {
  const { repo, lease, log, options } = deps;
  const state = sessionState(deps);
  const { running } = state;
  const lifecycle = sessionLifecycle(state, inboundQueue(state).onMessages);
  const { view, setStatus, halt, finish, own } = lifecycle;
  const sender = pacedSender(state);
  const { deliver } = sender;
  const ownership = ownershipLoop(state, lifecycle);
  const runTick = ownership.runTick;
  const rpc = peerRpc(state, { sender, lifecycle, runTick });
  let loop: NodeJS.Timeout | undefined;

  return {
    /** Starts the ownership loop: claims sessions nobody runs, renews ours. */
    async begin() {
      await lease.start({
        onLost: () => {
          for (const s of [...running.values()]) halt(s);
        },
        onMessage: rpc.onPeerMessage,
      });
      await runTick();
      loop = setInterval(() => void runTick(), Math.max(100, Math.floor(options.leaseMs / 3)));
      loop.unref();
    },

    /** Stops every socket of this process (sessions stay paired; another process or the next start resumes them). */
    async close() {
      state.closed = true;
      clearInterval(loop);
      await ownership.ticking();
      for (const s of [...running.values()]) {
        halt(s);
        await repo.release(s.botId, lease.id).catch(() => undefined);
        await lease.release(s.botId);
      }
      rpc.rejectAll();
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
          await rpc.request(owner, { op: 'logout', botId }, PEER_LOGOUT_TIMEOUT_MS);
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
    async send(ctx: SendContext): Promise<SendOutcome> {
      const { message } = ctx;
      if (message.externalId) return { externalId: message.externalId };
      const attempt = await repo.countAttempt(message.id);
      try {
        if (running.has(message.botId)) return { externalId: await deliver(ctx) };
        const owner = lease.shared ? await repo.liveOwner(message.botId) : null;
        if (!owner || owner === lease.id) throw new WhatsappWebError('CHANNEL_NOT_CONNECTED');
        return { externalId: await rpc.request(owner, { op: 'send', messageId: message.id }, PEER_SEND_TIMEOUT_MS) };
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
      state.createSocket = factory;
    },

    /** Replaces how reply pictures are downloaded (tests serve them on loopback). */
    useImageFetcher(fetcher: (url: string) => Promise<Buffer>) {
      state.fetchImage = fetcher;
    },
  };
}

export type SessionManager = ReturnType<typeof sessionManager>;
