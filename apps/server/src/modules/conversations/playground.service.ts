import type { ChosenOption, PlaygroundConversation } from '@charla/shared';
import type { AccessService } from '../access/access.module.ts';
import type { UserRow } from '../auth/index.ts';
import type { TurnAppointments } from './appointments-port.ts';
import type { ConversationsRepository } from './conversations.repository.ts';
import { toConversationMessage } from './message-view.ts';
import type { Pipeline } from './pipeline.ts';

/** The owner's own identity on the playground channel of a bot. */
const ownerIdentity = (userId: string) => `owner:${userId}`;

/** The owner talks to their bot as a customer would, through the same pipeline as WhatsApp. */
export function playgroundService(deps: { repo: ConversationsRepository; appointments: Pick<TurnAppointments, 'listForConversation'>; access: AccessService; pipeline: Pipeline }) {
  return {
    /** `chosen`: the option of a reply the owner tapped; the engine gets it as a channel's tap. */
    async send(caller: UserRow, botId: string, text: string, clientMessageId: string, chosen?: ChosenOption) {
      const bot = await deps.access.requireRead(caller, botId, 'conversations');
      const stored = await deps.pipeline.receive({
        botId: bot.id,
        channel: 'playground',
        contactExternalId: ownerIdentity(caller.id),
        externalId: `${caller.id}:${clientMessageId}`,
        text,
        ...(chosen && { chosen }),
        at: new Date(),
      });
      return stored === 'duplicate' ? { duplicate: true } : { duplicate: false, message: toConversationMessage(stored.message) };
    },

    async conversation(caller: UserRow, botId: string): Promise<PlaygroundConversation> {
      await deps.access.requireRead(caller, botId, 'conversations');
      const conversation = await deps.repo.openConversationOf(botId, 'playground', ownerIdentity(caller.id));
      if (!conversation) return { conversationId: null, status: null, messages: [], contact: null, appointments: [] };
      const [messages, contact, appointments] = await Promise.all([
        deps.repo.listMessages(conversation.id),
        deps.repo.findContact(conversation.contactId),
        deps.appointments.listForConversation(conversation.id),
      ]);
      return {
        conversationId: conversation.id,
        status: conversation.status,
        messages: messages.map(toConversationMessage),
        contact: contact ? { name: contact.name, email: contact.email, phone: contact.phone } : null,
        appointments: appointments.map((a) => ({ id: a.id, start: a.startAt.toISOString(), end: a.endAt.toISOString(), service: a.service, status: a.status })),
      };
    },

    /** Starts over: the current playground conversation is closed; the next message opens a new one. */
    async reset(caller: UserRow, botId: string): Promise<void> {
      await deps.access.requireRead(caller, botId, 'conversations');
      const conversation = await deps.repo.openConversationOf(botId, 'playground', ownerIdentity(caller.id));
      if (conversation) await deps.repo.setConversationStatus(conversation.id, 'closed');
    },
  };
}

export type PlaygroundService = ReturnType<typeof playgroundService>;
