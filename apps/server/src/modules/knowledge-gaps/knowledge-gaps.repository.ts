import { and, desc, eq, inArray, ne, sql } from 'drizzle-orm';
import type { KnowledgeGapStatus } from '@charla/shared';
import type { Db } from '../../db/client.ts';
import { knowledgeGapAskers, knowledgeGaps } from './knowledge-gaps.table.ts';

export type GapRow = typeof knowledgeGaps.$inferSelect;

/** Gaps compared with a new question: the most recently asked first, this many at most. */
const COMPARED = 500;
/** Lists show this many gaps at most. */
const LISTED = 200;

export function knowledgeGapsRepository(db: Db) {
  return {
    async find(id: string): Promise<GapRow | undefined> {
      const [row] = await db.select().from(knowledgeGaps).where(eq(knowledgeGaps.id, id)).limit(1);
      return row;
    },

    /** A bot's gaps of one status, most asked first, then the most recent. */
    async list(botId: string, status: KnowledgeGapStatus): Promise<GapRow[]> {
      return db
        .select()
        .from(knowledgeGaps)
        .where(and(eq(knowledgeGaps.botId, botId), eq(knowledgeGaps.status, status)))
        .orderBy(...(status === 'answered' ? [desc(knowledgeGaps.answeredAt)] : [desc(knowledgeGaps.askedCount), desc(knowledgeGaps.lastAskedAt)]))
        .limit(LISTED);
    },

    /** The bot's gaps a new question may belong to (open or set aside; answered ones are knowledge already). */
    async comparable(botId: string, statuses: readonly KnowledgeGapStatus[] = ['open', 'dismissed']): Promise<GapRow[]> {
      return db
        .select()
        .from(knowledgeGaps)
        .where(and(eq(knowledgeGaps.botId, botId), inArray(knowledgeGaps.status, [...statuses])))
        .orderBy(desc(knowledgeGaps.lastAskedAt))
        .limit(COMPARED);
    },

    async create(input: { botId: string; question: string; words: string[]; contactId: string | null; at: Date; status?: KnowledgeGapStatus }): Promise<GapRow> {
      return db.transaction(async (tx) => {
        const [row] = await tx
          .insert(knowledgeGaps)
          .values({
            botId: input.botId,
            question: input.question,
            examples: [input.question],
            words: input.words,
            askedCount: 1,
            firstAskedAt: input.at,
            lastAskedAt: input.at,
            status: input.status ?? 'open',
          })
          .returning();
        if (input.contactId) await tx.insert(knowledgeGapAskers).values({ gapId: row!.id, contactId: input.contactId, askedAt: input.at }).onConflictDoNothing();
        return row!;
      });
    },

    /**
     * Another customer asked a gap's question: counted once per customer, the wording kept
     * when it is new (`example`), the last time moved. Answers whether it counted.
     */
    async asked(gapId: string, contactId: string, at: Date, example: string | null, maxExamples: number): Promise<boolean> {
      return db.transaction(async (tx) => {
        const added = await tx.insert(knowledgeGapAskers).values({ gapId, contactId, askedAt: at }).onConflictDoNothing().returning({ gapId: knowledgeGapAskers.gapId });
        await tx
          .update(knowledgeGaps)
          .set({
            ...(added.length && { askedCount: sql`${knowledgeGaps.askedCount} + 1` }),
            lastAskedAt: sql`greatest(${knowledgeGaps.lastAskedAt}, ${at.toISOString()}::timestamptz)`,
            ...(example && {
              examples: sql`case when jsonb_array_length(${knowledgeGaps.examples}) < ${maxExamples} then ${knowledgeGaps.examples} || jsonb_build_array(${example}::text) else ${knowledgeGaps.examples} end`,
            }),
          })
          .where(eq(knowledgeGaps.id, gapId));
        return added.length > 0;
      });
    },

    /** Marks a gap answered unless it already is; answers the row when this call answered it. */
    async claimAnswer(id: string, answer: string, userId: string, at: Date): Promise<GapRow | undefined> {
      const [row] = await db
        .update(knowledgeGaps)
        .set({ status: 'answered', answer, answeredBy: userId, answeredAt: at })
        .where(and(eq(knowledgeGaps.id, id), ne(knowledgeGaps.status, 'answered')))
        .returning();
      return row;
    },

    /** The answer's knowledge entry could not be written: the gap waits again. */
    async releaseAnswer(id: string, status: KnowledgeGapStatus): Promise<void> {
      await db.update(knowledgeGaps).set({ status, answer: null, answeredBy: null, answeredAt: null }).where(eq(knowledgeGaps.id, id));
    },

    async setDocument(id: string, documentId: string): Promise<GapRow | undefined> {
      const [row] = await db.update(knowledgeGaps).set({ documentId }).where(eq(knowledgeGaps.id, id)).returning();
      return row;
    },

    async dismiss(id: string): Promise<GapRow | undefined> {
      const [row] = await db
        .update(knowledgeGaps)
        .set({ status: 'dismissed' })
        .where(and(eq(knowledgeGaps.id, id), eq(knowledgeGaps.status, 'open')))
        .returning();
      return row ?? (await this.find(id));
    },
  };
}

export type KnowledgeGapsRepository = ReturnType<typeof knowledgeGapsRepository>;
