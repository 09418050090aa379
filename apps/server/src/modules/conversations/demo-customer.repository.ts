import { and, desc, eq, inArray } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { contactIdentities, contacts, conversations } from './conversations.table.ts';
import type { ConversationRow } from './conversations.repository.ts';

const CHANNEL = 'demo' as const;

/** A customer of the demonstration channel: the contact, how the channel knows them, and their newest conversation there. */
export interface DemoCustomerRow {
  contactId: string;
  externalId: string;
  name: string;
  phone: string;
  conversation: Pick<ConversationRow, 'id' | 'status' | 'lastMessageAt'> | null;
}

/** Reads of the demonstration channel's customers (the contacts and conversations it made, through `receive`). */
export function demoCustomerRepository(db: Db) {
  async function withConversations(botId: string, people: { contactId: string; externalId: string; name: string; phone: string }[]): Promise<DemoCustomerRow[]> {
    if (!people.length) return [];
    const rows = await db
      .select({ id: conversations.id, contactId: conversations.contactId, status: conversations.status, lastMessageAt: conversations.lastMessageAt })
      .from(conversations)
      .where(and(eq(conversations.botId, botId), eq(conversations.channel, CHANNEL), inArray(conversations.contactId, people.map((p) => p.contactId))))
      .orderBy(desc(conversations.lastMessageAt));
    // The open conversation when there is one (a contact has one open per channel), else the newest closed one.
    const newest = new Map<string, (typeof rows)[number]>();
    for (const row of rows) {
      const kept = newest.get(row.contactId);
      if (!kept || (kept.status === 'closed' && row.status !== 'closed')) newest.set(row.contactId, row);
    }
    return people
      .map((p) => {
        const c = newest.get(p.contactId);
        return { ...p, conversation: c ? { id: c.id, status: c.status, lastMessageAt: c.lastMessageAt } : null };
      })
      .sort((a, b) => (b.conversation?.lastMessageAt.getTime() ?? 0) - (a.conversation?.lastMessageAt.getTime() ?? 0));
  }

  const people = (where: ReturnType<typeof and>, limit: number) =>
    db
      .select({ contactId: contacts.id, externalId: contactIdentities.externalId, name: contacts.name, phone: contacts.phone })
      .from(contactIdentities)
      .innerJoin(contacts, eq(contacts.id, contactIdentities.contactId))
      .where(where)
      .orderBy(desc(contacts.updatedAt))
      .limit(limit);

  return {
    /** The bot's customers on the channel, newest activity first (at most `limit`). */
    async list(botId: string, limit: number): Promise<DemoCustomerRow[]> {
      return withConversations(botId, await people(and(eq(contactIdentities.botId, botId), eq(contactIdentities.channel, CHANNEL)), limit));
    },

    /** One customer of the bot on the channel, by contact; none when the contact is not one. */
    async find(botId: string, contactId: string): Promise<DemoCustomerRow | undefined> {
      const found = await people(and(eq(contactIdentities.botId, botId), eq(contactIdentities.channel, CHANNEL), eq(contactIdentities.contactId, contactId)), 1);
      return (await withConversations(botId, found))[0];
    },

    /** The contact the channel knows by this id. */
    async contactOf(botId: string, externalId: string): Promise<string | undefined> {
      const [row] = await db
        .select({ contactId: contactIdentities.contactId })
        .from(contactIdentities)
        .where(and(eq(contactIdentities.botId, botId), eq(contactIdentities.channel, CHANNEL), eq(contactIdentities.externalId, externalId)))
        .limit(1);
      return row?.contactId;
    },
  };
}

export type DemoCustomerRepository = ReturnType<typeof demoCustomerRepository>;
