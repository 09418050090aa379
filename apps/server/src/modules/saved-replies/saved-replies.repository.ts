import { asc, count, eq, sql } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { savedReplies } from './saved-replies.table.ts';

export type SavedReplyRow = typeof savedReplies.$inferSelect;

/** The one writer of `saved_replies`. */
export function savedRepliesRepository(db: Db) {
  return {
    /** A bot's saved replies by title (accents and case as the database sorts them), then age. */
    list: (botId: string): Promise<SavedReplyRow[]> =>
      db.select().from(savedReplies).where(eq(savedReplies.botId, botId)).orderBy(asc(sql`lower(${savedReplies.title})`), asc(savedReplies.createdAt), asc(savedReplies.id)),

    async find(id: string): Promise<SavedReplyRow | undefined> {
      const [row] = await db.select().from(savedReplies).where(eq(savedReplies.id, id)).limit(1);
      return row;
    },

    /**
     * Stores a reply unless the bot already keeps `limit` of them ('full'). The bot's replies are
     * counted under a lock of the bot, so two requests at once cannot pass the limit together.
     */
    async insert(reply: { botId: string; title: string; text: string }, limit: number): Promise<SavedReplyRow | 'full'> {
      return db.transaction(async (tx) => {
        await tx.execute(sql`select pg_advisory_xact_lock(hashtextextended(${`saved-replies:${reply.botId}`}, 0))`);
        const [{ n } = { n: 0 }] = await tx.select({ n: count() }).from(savedReplies).where(eq(savedReplies.botId, reply.botId));
        if (n >= limit) return 'full';
        const [row] = await tx.insert(savedReplies).values(reply).returning();
        return row!;
      });
    },

    async update(id: string, patch: { title?: string | undefined; text?: string | undefined }): Promise<SavedReplyRow | undefined> {
      const [row] = await db
        .update(savedReplies)
        .set({ ...(patch.title !== undefined && { title: patch.title }), ...(patch.text !== undefined && { text: patch.text }), updatedAt: sql`now()` })
        .where(eq(savedReplies.id, id))
        .returning();
      return row;
    },

    async remove(id: string): Promise<boolean> {
      const rows = await db.delete(savedReplies).where(eq(savedReplies.id, id)).returning({ id: savedReplies.id });
      return rows.length > 0;
    },
  };
}

export type SavedRepliesRepository = ReturnType<typeof savedRepliesRepository>;
