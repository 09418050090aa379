import { and, eq, isNull } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { users } from '../auth/auth.table.ts';
import { bots } from '../bots/bots.table.ts';
import { contacts, conversations } from '../conversations/conversations.table.ts';

/** What a notice about one conversation says and whom it goes to, read in one query. */
export interface NoticeSubject {
  bot: { id: string; name: string; language: string; timezone: string };
  owner: { id: string; name: string; email: string };
  contact: { name: string; phone: string };
  assignedTo: string | null;
}

/** The reads behind the e-mail notices (this module writes nothing). */
export function notificationsRepository(db: Db) {
  return {
    /** A conversation of a live bot with its owner and contact; undefined when any of them is gone. */
    async subject(botId: string, conversationId: string): Promise<NoticeSubject | undefined> {
      const [row] = await db
        .select({
          bot: { id: bots.id, name: bots.botName, language: bots.language, timezone: bots.timezone },
          owner: { id: users.id, name: users.name, email: users.email },
          contact: { name: contacts.name, phone: contacts.phone },
          assignedTo: conversations.assignedTo,
        })
        .from(conversations)
        .innerJoin(bots, and(eq(bots.id, conversations.botId), isNull(bots.deletedAt)))
        .innerJoin(users, eq(users.id, bots.userId))
        .innerJoin(contacts, eq(contacts.id, conversations.contactId))
        .where(and(eq(conversations.id, conversationId), eq(conversations.botId, botId)))
        .limit(1);
      return row;
    },

    async email(userId: string): Promise<{ name: string; email: string } | undefined> {
      const [row] = await db.select({ name: users.name, email: users.email }).from(users).where(eq(users.id, userId)).limit(1);
      return row;
    },
  };
}

export type NotificationsRepository = ReturnType<typeof notificationsRepository>;
