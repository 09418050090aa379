import { and, desc, eq, sql } from 'drizzle-orm';
import { queryRows, type Db } from '../../db/client.ts';
import { botWords, chunks, documents } from './training.table.ts';
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
  /** Per word asked for: 1 when the chunk holds it (stemmed), else 0. */
  matches: number[];
}

const BATCH = 500;
const chunkCounts = new Map<string, { n: number; at: number }>();

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
        await insertChunks(tx, doc.botId, config, items.map((c, i) => ({ chunk: c, owner: { documentId: doc.id, ordinal: i } })));
        await tx
          .update(documents)
          .set({ status: 'ready', errorCode: null, chunkCount: items.length, content, updatedAt: new Date() })
          .where(eq(documents.id, doc.id));
        return true;
      });
    },

    /** How many passages a bot has (for word rarity; a minute out of date does no harm). */
    async countChunks(botId: string): Promise<number> {
      const cached = chunkCounts.get(botId);
      if (cached && cached.at > Date.now() - 60_000) return cached.n;
      const [row] = await db.select({ n: sql<number>`count(*)::int` }).from(chunks).where(eq(chunks.botId, botId));
      const n = Number(row?.n ?? 0);
      chunkCounts.set(botId, { n, at: Date.now() });
      return n;
    },

    /**
     * Words of the bot's knowledge close to a misspelled term ("Narvate" → "narvarte"), for
     * terms that are not words of the knowledge themselves. One query for all terms.
     */
    async corrections(botId: string, terms: string[]): Promise<{ term: string; word: string; similarity: number }[]> {
      const candidates = terms.filter((t) => t.length >= 4 && !/^\d+$/.test(t));
      if (!candidates.length) return [];
      return queryRows<{ term: string; word: string; similarity: number }>(
        db,
        sql`
        select t.term, w.word, w.sim::float8 as similarity
        from unnest(${`{${candidates.join(',')}}`}::text[]) as t(term)
        cross join lateral (
          select bw.word, similarity(bw.word, t.term) as sim
          from ${botWords} bw
          where bw.bot_id = ${botId} and bw.word % t.term and bw.word <> t.term
          order by sim desc limit 2
        ) w
        where not exists (select 1 from ${botWords} x where x.bot_id = ${botId} and x.word = t.term)`,
      );
    },

    /**
     * Chunks of ready documents and of the catalog holding any of the words (stemmed, in the
     * bot's language), found through the full-text index, best lexical rank first; with, per
     * word, whether the chunk holds it.
     */
    async candidates(botId: string, config: TsConfig, words: string[], limit: number): Promise<Candidate[]> {
      if (!words.length) return [];
      // Longer words also match as prefixes of their stem: the Spanish stemmer cuts "propiedad"
      // and "propiedades" differently, and a customer writes either.
      const lexeme = (t: string) => (t.length >= 5 ? `'${t}':*` : `'${t}'`);
      const anyWord = words.map(lexeme).join(' | ');
      const matchCols = words.map((t) => sql`(c.tsv @@ to_tsquery(${config}::regconfig, ${lexeme(t)}))`);
      const rows = await queryRows<{
        id: number;
        document_id: string | null;
        product_id: string | null;
        heading: string;
        content: string;
        matches: boolean[];
      }>(
        db,
        sql`
        with q as (select to_tsquery(${config}::regconfig, ${anyWord}) as q),
        top as (
          select c.id, ts_rank(c.tsv, q.q) as rank
          from chunks c cross join q
          where c.bot_id = ${botId} and c.tsv @@ q.q
          order by rank desc
          limit ${limit * 2}
        )
        select c.id, c.document_id, c.product_id, c.heading, c.content,
               array[${sql.join(matchCols, sql`, `)}] as matches
        from top join chunks c on c.id = top.id
        left join documents d on d.id = c.document_id
        where c.document_id is null or (d.status = 'ready' and not d.is_deleted)
        order by top.rank desc
        limit ${limit}`,
      );
      return rows.map((r) => ({
        id: Number(r.id),
        documentId: r.document_id,
        productId: r.product_id,
        heading: r.heading,
        content: r.content,
        matches: r.matches.map((m) => (m === true || (m as unknown) === 't' ? 1 : 0)),
      }));
    },
  };
}

type Tx = Parameters<Parameters<Db['transaction']>[0]>[0];

/** Inserts chunks (in batches) and adds their words to the bot's word list, inside a transaction. */
export async function insertChunks(
  tx: Tx,
  botId: string,
  config: TsConfig,
  items: { chunk: ChunkInput; owner: { documentId?: string; productId?: string; ordinal: number } }[],
): Promise<void> {
  for (let i = 0; i < items.length; i += BATCH) {
    const rows = items.slice(i, i + BATCH).map((it) => chunkValues(botId, config, it.chunk, it.owner));
    await tx.insert(chunks).values(rows);
    const words = new Set<string>();
    for (const r of rows) for (const w of r.searchText.split(' ')) if (w.length >= 4 && w.length <= 40 && !/^\d+$/.test(w)) words.add(w);
    if (words.size) await tx.insert(botWords).values([...words].map((word) => ({ botId, word }))).onConflictDoNothing();
  }
}

/** A chunks row: its normalized search text and tsvector in the bot's language. */
function chunkValues(
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
