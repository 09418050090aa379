import { randomUUID } from 'node:crypto';
import type { PeerMessage } from './lease.ts';
import type { PacedSender } from './paced-sender.ts';
import type { SessionLifecycle } from './session-lifecycle.ts';
import { isSendFailure, WhatsappWebError } from './session-errors.ts';
import type { SessionState } from './session-state.ts';

/**
 * Calls between processes over the lease's channel: a process that does not run a session asks
 * the one that does to send a message or log out, and waits for its answer; a wake asks the
 * workers to claim a session at once.
 */
export function peerRpc(state: SessionState, parts: { sender: PacedSender; lifecycle: Pick<SessionLifecycle, 'finish'>; runTick: () => Promise<void> }) {
  const { deps, running } = state;
  const { lease, log, options } = deps;
  const { deliver } = parts.sender;
  const { finish } = parts.lifecycle;
  const runTick = parts.runTick;
  const pending = new Map<string, { resolve(externalId?: string): void; reject(err: Error): void; timer: NodeJS.Timeout }>();

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
          // The context is read here: the request carries only the message's id.
          const ctx = await deps.messages.sendContext(message.messageId);
          const externalId = ctx ? await deliver(ctx) : undefined;
          // Stored at once: should the answer be lost, the next try finds the message sent.
          if (ctx && externalId && !ctx.message.externalId) await deps.messages.setExternalId(ctx.message.id, externalId);
          return answer(true, undefined, externalId);
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

  /** Every call still waiting fails (the process closes). */
  function rejectAll() {
    for (const [id, p] of pending) {
      clearTimeout(p.timer);
      p.reject(new WhatsappWebError('PEER_UNAVAILABLE'));
      pending.delete(id);
    }
  }

  return { request, onPeerMessage, rejectAll };
}
