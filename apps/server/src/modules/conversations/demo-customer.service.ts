import type { ChosenOption, DemoCustomer, DemoCustomerChat, DemoCustomerList, DemoCustomerSendBody, DemoCustomerSendResponse } from '@charla/shared';
import { demoChannelLimits } from '@charla/shared';
import { AppError } from '../../lib/errors.ts';
import type { AccessedBot, AccessService } from '../access/access.module.ts';
import type { UserRow } from '../auth/index.ts';
import type { ConversationsRepository } from './conversations.repository.ts';
import type { DemoCustomerRepository, DemoCustomerRow } from './demo-customer.repository.ts';
import { toConversationMessage } from './message-view.ts';
import type { Pipeline } from './pipeline.ts';

const CHANNEL = 'demo' as const;

/** How the channel knows a new customer: by the phone they write from, else by the first message's id (a retry finds the same one). */
export function demoExternalId(customer: { phone?: string | undefined }, clientMessageId: string): string {
  const digits = customer.phone?.replace(/\D/g, '') ?? '';
  return digits.length >= 6 ? `phone:${digits}` : `guest:${clientMessageId}`;
}

const businessOf = (bot: AccessedBot) => ({ name: bot.businessName || bot.botName, botName: bot.botName, timeZone: bot.timezone });

const toCustomer = (row: DemoCustomerRow): DemoCustomer => ({
  contactId: row.contactId,
  name: row.name,
  phone: row.phone,
  conversationId: row.conversation?.id ?? null,
  status: row.conversation?.status ?? null,
  lastMessageAt: row.conversation?.lastMessageAt.toISOString() ?? null,
});

/**
 * "Simular cliente": the owner (or the team of the bot) writes as a customer of the
 * demonstration channel. Each message goes through the one receive path, as a WhatsApp message
 * does (the bot answers, the inbox and the CRM hear of it); the customer page reads the chat and
 * marks the business's replies read when it shows them. Another account's bot or contact: 404.
 */
export function demoCustomerService(deps: { repo: ConversationsRepository; customers: DemoCustomerRepository; access: AccessService; pipeline: Pick<Pipeline, 'receive' | 'channelMessages'> }) {
  async function customerOf(botId: string, contactId: string): Promise<DemoCustomerRow> {
    const found = await deps.customers.find(botId, contactId);
    if (!found) throw new AppError('NOT_FOUND');
    return found;
  }

  return {
    async list(caller: UserRow, botId: string): Promise<DemoCustomerList> {
      const bot = await deps.access.requireRead(caller, botId, 'conversations', { hidden: true });
      return { business: businessOf(bot), customers: (await deps.customers.list(botId, demoChannelLimits.customers)).map(toCustomer) };
    },

    async chat(caller: UserRow, botId: string, contactId: string): Promise<DemoCustomerChat> {
      const bot = await deps.access.requireRead(caller, botId, 'conversations', { hidden: true });
      const customer = await customerOf(botId, contactId);
      const messages = customer.conversation ? await deps.repo.listMessages(customer.conversation.id) : [];
      return { business: businessOf(bot), customer: toCustomer(customer), messages: messages.map(toConversationMessage) };
    },

    /** The customer writes: an existing one by contact, or a new one by name (and phone). */
    async send(caller: UserRow, botId: string, body: Omit<DemoCustomerSendBody, 'chosen'> & { chosen?: ChosenOption | undefined }): Promise<DemoCustomerSendResponse> {
      const bot = await deps.access.requireWrite(caller, botId, 'conversations', { hidden: true });
      const customer = body.contact_id
        ? { externalId: (await customerOf(bot.id, body.contact_id)).externalId }
        : { externalId: demoExternalId(body.customer ?? {}, body.client_message_id), name: body.customer?.name, phone: body.customer?.phone?.trim() || undefined };
      const stored = await deps.pipeline.receive({
        botId: bot.id,
        channel: CHANNEL,
        contactExternalId: customer.externalId,
        ...('name' in customer && customer.name && { contactName: customer.name }),
        ...('phone' in customer && customer.phone && { contactPhone: customer.phone }),
        externalId: `${bot.id}:${customer.externalId}:${body.client_message_id}`,
        text: body.text,
        ...(body.chosen && { chosen: body.chosen }),
        at: new Date(),
      });
      if (stored !== 'duplicate') return { duplicate: false, contactId: stored.conversation.contactId, message: toConversationMessage(stored.message) };
      const contactId = body.contact_id ?? (await deps.customers.contactOf(bot.id, customer.externalId));
      if (!contactId) throw new AppError('NOT_FOUND');
      return { duplicate: true, contactId };
    },

    /** The customer's phone shows the chat: the business's replies delivered to it until now are read. */
    async read(caller: UserRow, botId: string, contactId: string): Promise<{ read: number }> {
      await deps.access.requireRead(caller, botId, 'conversations', { hidden: true });
      const customer = await customerOf(botId, contactId);
      const moved = await deps.pipeline.channelMessages.advanceUntil(botId, CHANNEL, customer.externalId, 'read', new Date());
      return { read: moved.length };
    },
  };
}

export type DemoCustomerService = ReturnType<typeof demoCustomerService>;
