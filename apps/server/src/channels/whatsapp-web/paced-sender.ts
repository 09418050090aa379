import { setTimeout as sleep } from 'node:timers/promises';
import type { WAMessage } from '@whiskeysockets/baileys';
import { WhatsappWebError } from './session-errors.ts';
import type { SessionState } from './session-state.ts';
import { outgoingContent } from './whatsapp-web-outbound.ts';

/** The customer's address to write to: the phone number's JID when known, else the LID. */
export const pickRecipient = (ids: string[]) => ids.find((id) => id.endsWith('@s.whatsapp.net')) ?? ids.find((id) => id.endsWith('@lid'));

/**
 * Sends from the sessions this process runs: one message at a time per number, spaced by the
 * least delay plus a random jitter, each sent at most once (WhatsApp's id is kept on the message).
 */
export function pacedSender(state: SessionState) {
  const { deps, running } = state;
  const { log, options } = deps;

  /** One of this channel's outbound messages. */
  const outboundMessage = async (messageId: string) => {
    const m = await deps.messages.find(messageId);
    return m && m.channel === 'whatsmeow' && m.direction === 'out' ? m : undefined;
  };

  /** Sends one stored reply from the session this process runs, spaced from the one before. */
  function deliver(messageId: string, botId: string): Promise<string | undefined> {
    const s = running.get(botId);
    if (!s) return Promise.reject(new WhatsappWebError('CHANNEL_NOT_CONNECTED'));
    const job = s.sends.then(async () => {
      if (s.stopped || !s.open) throw new WhatsappWebError('CHANNEL_NOT_CONNECTED');
      const wait = s.nextSendAt - Date.now();
      if (wait > 0) await sleep(wait);
      const m = await outboundMessage(messageId);
      // Already out (a job that ran twice, or an answer from another process that never arrived).
      if (!m || m.externalId || m.status !== 'queued') return m?.externalId ?? undefined;
      const sock = s.sock;
      if (s.stopped || !s.open || !sock) throw new WhatsappWebError('CHANNEL_NOT_CONNECTED');
      const jid = pickRecipient(await deps.messages.recipientIds(messageId));
      if (!jid) throw new WhatsappWebError('NO_RECIPIENT');
      const content = await outgoingContent(m, state.fetchImage, log, botId);
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
      if (externalId) await deps.messages.setExternalId(messageId, externalId);
      return externalId;
    });
    s.sends = job.catch(() => undefined);
    return job;
  }

  return { deliver, outboundMessage };
}
export type PacedSender = ReturnType<typeof pacedSender>;
