import { sql } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { messageUsage } from './conversations.table.ts';

/** The only code that writes the owners' monthly message usage (read with the bot by the turn). */
export function usageRepository(db: Db) {
  return {
    /** Counts `count` more automatic replies of the owner in `month`. */
    async add(userId: string, month: string, count: number): Promise<void> {
      if (count <= 0) return;
      await db
        .insert(messageUsage)
        .values({ userId, month, count })
        .onConflictDoUpdate({ target: [messageUsage.userId, messageUsage.month], set: { count: sql`${messageUsage.count} + ${count}` } });
    },
  };
}
