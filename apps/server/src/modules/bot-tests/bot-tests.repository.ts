import { and, asc, count, eq, sql } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { botTests } from './bot-tests.table.ts';

export type BotTestRow = typeof botTests.$inferSelect;
export type NewBotTest = Pick<typeof botTests.$inferInsert, 'botId' | 'question' | 'expect' | 'expectNot'>;

/** The one writer of `bot_tests`. */
export function botTestsRepository(db: Db) {
  return {
    /** A bot's tests, oldest first (the order the owner wrote them). */
    list: (botId: string): Promise<BotTestRow[]> => db.select().from(botTests).where(eq(botTests.botId, botId)).orderBy(asc(botTests.createdAt), asc(botTests.id)),

    async find(id: string): Promise<BotTestRow | undefined> {
      const [row] = await db.select().from(botTests).where(eq(botTests.id, id)).limit(1);
      return row;
    },

    async findByQuestion(botId: string, question: string): Promise<BotTestRow | undefined> {
      const [row] = await db.select().from(botTests).where(and(eq(botTests.botId, botId), eq(botTests.question, question))).limit(1);
      return row;
    },

    /**
     * Stores a test unless the bot already has one with the same question ('exists') or `limit`
     * of them ('full'). The bot's tests are counted under a lock of the bot, so two requests at
     * once cannot pass the limit together.
     */
    async insert(test: NewBotTest, limit: number): Promise<BotTestRow | 'full' | 'exists'> {
      return db.transaction(async (tx) => {
        await tx.execute(sql`select pg_advisory_xact_lock(hashtextextended(${`bot-tests:${test.botId}`}, 0))`);
        const [same] = await tx.select({ id: botTests.id }).from(botTests).where(and(eq(botTests.botId, test.botId), eq(botTests.question, test.question))).limit(1);
        if (same) return 'exists';
        const [{ n } = { n: 0 }] = await tx.select({ n: count() }).from(botTests).where(eq(botTests.botId, test.botId));
        if (n >= limit) return 'full';
        const [row] = await tx.insert(botTests).values(test).onConflictDoNothing().returning();
        return row ?? 'exists';
      });
    },

    async remove(id: string): Promise<boolean> {
      const rows = await db.delete(botTests).where(eq(botTests.id, id)).returning({ id: botTests.id });
      return rows.length > 0;
    },

    /** Keeps each test's latest outcome (a test deleted meanwhile is skipped). */
    async saveRuns(runs: { id: string; passed: boolean; reply: string }[], at: Date): Promise<void> {
      if (!runs.length) return;
      await db.transaction(async (tx) => {
        for (const r of runs) await tx.update(botTests).set({ lastPassed: r.passed, lastReply: r.reply, lastRunAt: at }).where(eq(botTests.id, r.id));
      });
    },
  };
}

export type BotTestsRepository = ReturnType<typeof botTestsRepository>;
