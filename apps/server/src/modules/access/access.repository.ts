import { and, eq, isNull } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { users } from '../auth/auth.table.ts';
import { bots } from '../bots/bots.table.ts';

export type AccessedBot = typeof bots.$inferSelect;

/** The reads behind the access check (it writes nothing). */
export function accessRepository(db: Db) {
  return {
    /** A live bot by its primary key: the one query of each access check. */
    async liveBot(botId: string): Promise<AccessedBot | undefined> {
      const [row] = await db.select().from(bots).where(and(eq(bots.id, botId), isNull(bots.deletedAt))).limit(1);
      return row;
    },

    async userIdByEmail(email: string): Promise<string | undefined> {
      const [row] = await db.select({ id: users.id }).from(users).where(eq(users.email, email)).limit(1);
      return row?.id;
    },
  };
}

export type AccessRepository = ReturnType<typeof accessRepository>;
