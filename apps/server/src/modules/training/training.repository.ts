import { and, desc, eq, sql } from 'drizzle-orm';
import { queryRows, type Db } from '../../db/client.ts';
import { chunks, documents } from './training.table.ts';
import { searchText } from './search-text.ts';

export type DocumentRow = typeof documents.$inferSelect;
export type NewDocument = typeof documents.$inferInsert;
export type TsConfig = 'spanish' | 'english';

export interface ChunkInput {
  heading?: string;
  text: string;
}

export interface Candidate {
  id: number;
  documentId: string | null;
  productId: string | null;
  heading: string;
  content: string;
  /** Per query term: 1 when the term (stemmed) is in the chunk, else its best trigram word similarity. */
  matches: number[];
}

const BATCH = 500;

/** The only code that reads and writes documents and chunks. */
export function trainingRepository(db: Db) {
  return {
    async insertDocument(doc: NewDocument): Promise<DocumentRow> {
      const [row] = await db.insert(documents).values(doc).returning();
      return row!;
    },

    async listDocuments(botId: string): Promise<DocumentRow[]> {
      return db
        .select()
        .from(documents)
        .where(and(eq(documents.botId, botId), eq(documents.isDeleted, false)))
        .orderBy(desc(documents.createdAt));
    },

    async findDocument(id: string): Promise<DocumentRow | undefined> {
      const [row] = await db.select().from(documents).where(eq(documents.id, id)).limit(1);
      return row;
    },

    async updateDocument(id: string, patch: Partial<NewDocument>): Promise<void> {
      await db.update(documents).set({ ...patch, updatedAt: new Date() }).where(eq(documents.id, id));
    },

    /** Marks the document deleted and drops its chunks in one transaction; false if it was already gone. */
    async deleteDocument(id: string): Promise<boolean> {
      return db.transaction(async (tx) => {
        const rows = await tx
          .update(documents)
          .set({ isDeleted: true, updatedAt: new Date() })
          .where(and(eq(documents.id, id), eq(documents.isDeleted, false)))
          .returning({ id: documents.id });
        if (!rows.length) return false;
        await tx.delete(chunks).where(eq(chunks.documentId, id));
        return true;
      });
    },

    /**
     * Replaces a document's chunks and marks it ready in one transaction: a search sees either
     * none of the new chunks or all of them. A document deleted meanwhile stays deleted.
     */
    async indexDocument(doc: { id: string; botId: string }, config: TsConfig, items: ChunkInput[], content: string): Promise<boolean> {
      return db.transaction(async (tx) => {
        const [live] = await tx
          .select({ id: documents.id })
          .from(documents)
          .where(and(eq(documents.id, doc.id), eq(documents.isDeleted, false)))
          .for('update');
        if (!live) return false;
        await tx.delete(chunks).where(eq(chunks.documentId, doc.id));
        for (let i = 0; i < items.length; i += BATCH) {
          await tx.insert(chunks).values(
            items.slice(i, i + BATCH).map((c, j) => chunkValues(doc.botId, config, c, { documentId: doc.id, ordinal: i + j })),
          );
        }
        await tx
          .update(documents)
          .set({ status: 'ready', errorCode: null, chunkCount: items.length, content, updatedAt: new Date() })
          .where(eq(documents.id, doc.id));
        return true;
      });
    },

    async countChunks(botId: string): Promise<number> {
      const [row] = await db.select({ n: sql<number>`count(*)::int` }).from(chunks).where(eq(chunks.botId, botId));
      return Number(row?.n ?? 0);
    },

    /**
     * Chunks of ready documents and of the catalog that contain any term (stemmed, in the bot's
     * language) or a word within trigram distance of one (typos), best lexical rank first.
     */
    async candidates(botId: string, config: TsConfig, terms: string[], limit: number): Promise<Candidate[]> {
      if (!terms.length) return [];
      const anyTerm = terms.map((t) => `'${t}'`).join(' | ');
      const fuzzy = terms.filter((t) => t.length >= 4);
      const matchCols = terms.map(
        (t) =>
          sql`case when c.tsv @@ to_tsquery(${config}::regconfig, ${`'${t}'`}) then 1.0 else ${
            t.length >= 4 ? sql`word_similarity(${t}, c.search_text)` : sql`0.0`
          } end`,
      );
      const fuzzyWhere = fuzzy.length ? sql` or ${sql.join(fuzzy.map((t) => sql`${t} <% c.search_text`), sql` or `)}` : sql``;
      const rows = await queryRows<{
        id: number;
        document_id: string | null;
        product_id: string | null;
        heading: string;
        content: string;
        matches: number[];
      }>(
        db,
        sql`
        with q as (select to_tsquery(${config}::regconfig, ${anyTerm}) as q)
        select c.id, c.document_id, c.product_id, c.heading, c.content,
               array[${sql.join(matchCols, sql`, `)}]::float8[] as matches
        from chunks c cross join q
        left join documents d on d.id = c.document_id
        where c.bot_id = ${botId}
          and (c.document_id is null or (d.status = 'ready' and not d.is_deleted))
          and (c.tsv @@ q.q${fuzzyWhere})
        order by ts_rank_cd(c.tsv, q.q) desc
        limit ${limit}`,
      );
      return rows.map((r) => ({
        id: Number(r.id),
        documentId: r.document_id,
        productId: r.product_id,
        heading: r.heading,
        content: r.content,
        matches: r.matches.map(Number),
      }));
    },
  };
}

/** A chunks row: its normalized search text and tsvector in the bot's language. */
export function chunkValues(
  botId: string,
  config: TsConfig,
  c: ChunkInput,
  owner: { documentId?: string; productId?: string; ordinal: number },
) {
  const heading = c.heading ?? '';
  const normalized = searchText(heading ? `${heading}\n${c.text}` : c.text);
  return {
    botId,
    ...owner,
    heading,
    content: c.text,
    searchText: normalized,
    tsv: sql`to_tsvector(${config}::regconfig, ${normalized})` as unknown as string,
  };
}

export type TrainingRepository = ReturnType<typeof trainingRepository>;
