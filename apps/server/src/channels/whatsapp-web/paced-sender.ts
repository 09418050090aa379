import { setTimeout as sleep } from 'node:timers/promises';
import type { WAMessage } from '@whiskeysockets/baileys';
import type { SendContext } from '../../modules/conversations/ports.ts';
import { WhatsappWebError } from './session-errors.ts';
import type { SessionState } from './session-state.ts';
import { outgoingContent } from './whatsapp-web-outbound.ts';

/** How many sent messages' ids a process keeps in memory. */
const SENT_KEPT = 10_000;

/** The customer's address to write to: the phone number's JID when known, else the LID. */
export const pickRecipient = (ids: string[]) => ids.find((id) => id.endsWith('@s.whatsapp.net')) ?? ids.find((id) => id.endsWith('@lid'));

/**
 * Sends from the sessions this process runs: one message at a time per number, spaced by the
 * least delay plus a random jitter, each sent at most once (WhatsApp's id is kept on the message).
 */
export function pacedSender(state: SessionState) {
  const { deps, running } = state;
  const { log, options } = deps;

  /** Sends one stored reply from the session this process runs, spaced from the one before. */
  function deliver(ctx: SendContext): Promise<string | undefined> {
    const { message } = ctx;
    const botId = message.botId;
    const s = running.get(botId);
    if (!s) return Promise.reject(new WhatsappWebError('CHANNEL_NOT_CONNECTED'));
    const job = s.sends.then(async () => {
      if (s.stopped || !s.open) throw new WhatsappWebError('CHANNEL_NOT_CONNECTED');
      const wait = s.nextSendAt - Date.now();
      if (wait > 0) await sleep(wait);
      // Already out (a job that ran twice, or an answer to another process that never arrived).
      const done = message.externalId ?? state.sent.get(message.id);
      if (done) return done;
      const sock = s.sock;
      if (s.stopped || !s.open || !sock) throw new WhatsappWebError('CHANNEL_NOT_CONNECTED');
      const jid = pickRecipient(ctx.recipients);
      if (!jid) throw new WhatsappWebError('NO_RECIPIENT');
      const content = await outgoingContent(message, state.fetchImage, log, botId);
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
      if (externalId) remember(message.id, externalId);
      return externalId;
    });
    s.sends = job.catch(() => undefined);
    return job;
  }

  /** Keeps WhatsApp's id of a sent message until the send job has stored it (the newest ids only). */
  function remember(messageId: string, externalId: string) {
    state.sent.set(messageId, externalId);
    if (state.sent.size > SENT_KEPT) state.sent.delete(state.sent.keys().next().value!);
  }

  return { deliver };
}
export type PacedSender = ReturnType<typeof pacedSender>;
