import { and, eq, isNull, sql } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { once } from '../../lib/once.ts';
import { users } from '../auth/auth.table.ts';
import { bots } from '../bots/bots.table.ts';
import { contacts, messageUsage } from '../conversations/conversations.table.ts';
import { seats as seatRows } from '../seats/seats.table.ts';

/** The reads behind the plan's limits (it writes nothing). */
export function quotaRepository(db: Db) {
  // Read by every turn: put together once per repository.
  const ofMonth = once(() => planAndMessagesQuery(db));
  return {
    /** The account's plan; `lock` keeps its row locked until the transaction `db` ends. */
    async plan(accountId: string, lock = false): Promise<string | undefined> {
      const query = db.select({ plan: users.membershipType }).from(users).where(eq(users.id, accountId));
      const [row] = await (lock ? query.for('update') : query);
      return row?.plan;
    },

    /** The account's plan and its automatic replies of `month`, in one read. */
    async planAndMessages(accountId: string, month: string): Promise<{ plan: string | undefined; used: number }> {
      const [row] = await ofMonth().execute({ accountId, month });
      return { plan: row?.plan, used: row?.used ?? 0 };
    },

    async liveBots(accountId: string): Promise<number> {
      const [row] = await db
        .select({ n: sql<number>`count(*)::int` })
        .from(bots)
        .where(and(eq(bots.userId, accountId), isNull(bots.deletedAt)));
      return Number(row?.n ?? 0);
    },

    /** The account's seats that take a place: invited or active, not turned off. */
    async seats(accountId: string): Promise<number> {
      const [row] = await db
        .select({ n: sql<number>`count(*)::int` })
        .from(seatRows)
        .where(and(eq(seatRows.accountId, accountId), eq(seatRows.isActive, true)));
      return Number(row?.n ?? 0);
    },

    /** The CRM contacts of the account's live bots (the playground's are the owner's own tries). */
    async contacts(accountId: string): Promise<number> {
      const [row] = await db
        .select({ n: sql<number>`count(*)::int` })
        .from(contacts)
        .innerJoin(bots, eq(bots.id, contacts.botId))
        .where(and(eq(bots.userId, accountId), isNull(bots.deletedAt), eq(contacts.playground, false)));
      return Number(row?.n ?? 0);
    },
  };
}

export type QuotaRepository = ReturnType<typeof quotaRepository>;

function planAndMessagesQuery(db: Db) {
  return db
    .select({ plan: users.membershipType, used: messageUsage.count })
    .from(users)
    .leftJoin(messageUsage, and(eq(messageUsage.userId, users.id), eq(messageUsage.month, sql.placeholder('month'))))
    .where(eq(users.id, sql.placeholder('accountId')))
    .limit(1)
    .prepare('plan_and_messages');
}
