import { isNull, sql, type SQL } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { messageUsage } from './conversations.table.ts';

/**
 * Counts `count` more automatic replies of the owner in `month`, as a statement to run inside
 * another (a turn's stored replies, counted in the statement that stores them).
 */
export function addingUsage(db: Db, userId: string, month: string, count: SQL) {
  return db
    .insert(messageUsage)
    .values({ userId, month, count })
    .onConflictDoUpdate({ target: [messageUsage.userId, messageUsage.month], set: { count: sql`${messageUsage.count} + excluded.count` } });
}

/** The only code that writes the owners' monthly message usage (read with the bot by the turn). */
export function usageRepository(db: Db) {
  return {
    /** Counts `count` more automatic replies of the owner in `month`. */
    async add(userId: string, month: string, count: number): Promise<void> {
      if (count > 0) await addingUsage(db, userId, month, sql`${count}::int`);
    },

    /** Marks the month's quota as told to the owner; true only the first time in `month`. */
    async markLimitNotified(userId: string, month: string, now = new Date()): Promise<boolean> {
      const rows = await db
        .insert(messageUsage)
        .values({ userId, month, count: 0, limitNotifiedAt: now })
        .onConflictDoUpdate({ target: [messageUsage.userId, messageUsage.month], set: { limitNotifiedAt: now }, setWhere: isNull(messageUsage.limitNotifiedAt) })
        .returning({ month: messageUsage.month });
      return rows.length > 0;
    },
  };
}
