import { setTimeout as sleep } from 'node:timers/promises';
import type { BaileysEventMap } from '@whiskeysockets/baileys';
import { toInbound, type WhatsappInbound } from './inbound.ts';
import type { Running, SessionState } from './session-state.ts';

/**
 * Customers' messages of each session, one after another, into the conversations module (three
 * tries each); a customer known by their phone number and by their LID stays one contact.
 */
export function inboundQueue(state: SessionState) {
  const { deps } = state;
  const { log, options } = deps;

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
        const contactExternalId = (await deps.messages.knownIdentity(botId, 'whatsmeow', m.identities)) ?? m.identities[0]!;
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
          for (const id of m.identities) if (id !== contactExternalId) await deps.messages.addIdentity(botId, 'whatsmeow', id, stored.conversation.contactId);
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

  return { onMessages };
}
