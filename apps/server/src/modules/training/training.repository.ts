import { and, asc, desc, eq, inArray, sql } from 'drizzle-orm';
import { queryRows, type Db } from '../../db/client.ts';
import { botTerms, botWords, chunks, documents } from './training.table.ts';
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
  /** The normalized heading and text, as indexed. */
  searchText: string;
  /** Per word asked for: 1 when the chunk holds it (stemmed), else 0. */
  matches: number[];
}

const BATCH = 500;
/** Passages indexed at once past which their tables are analysed right away. */
const ANALYZE_AFTER = 1000;

export interface WordStats {
  word: string;
  /** Passages holding it (see `frequencies`). */
  df: number;
  /** The word as a tsquery in the bot's language; longer words match as prefixes of their stem
   * (the Spanish stemmer cuts "propiedad" and "propiedades" differently, and a customer writes
   * either). Empty for a stop word. */
  query: string;
}

/** A conjunction of groups of words, as tsquery text: ('tiend':* | 'mes') & 'mor':*. */
const tsquery = (groups: WordStats[][]) =>
  groups.map((g) => `(${g.filter((w) => w.query).map((w) => `(${w.query})`).join(' | ')})`).join(' & ');
/** A text[] literal of normalized words (letters and digits only, so nothing needs quoting). */
const toArray = (words: string[]) => `{${words.join(',')}}`;
/**
 * Word statistics, typo corrections and passage counts read lately, per bot: a search's second
 * pass and the next questions reuse them. The generation moves before and after every change to passages
 * in this process, and an entry counts only in the generation it was read in, so nothing read
 * while a change was under way is kept. Another process may change them too: 15 s at most.
 */
const WORDS_TTL_MS = 15_000;
let generation = 0;
const wordCache = new Map<string, { generation: number; at: number; value: unknown }>();
function cachedWord<T>(key: string): T | undefined {
  const hit = wordCache.get(key);
  return hit && hit.generation === generation && hit.at > Date.now() - WORDS_TTL_MS ? (hit.value as T) : undefined;
}
function rememberWord(key: string, readIn: number, value: unknown): void {
  if (readIn !== generation) return;
  if (wordCache.size >= 50_000) wordCache.clear();
  wordCache.set(key, { generation: readIn, at: Date.now(), value });
}

/** Runs a change to passages (a document's or the catalog's): the words read before it no longer count. */
export async function changingPassages<T>(change: () => Promise<T>): Promise<T> {
  generation++;
  try {
    return await change();
  } finally {
    generation++;
  }
}

interface ChunkText {
  heading: string;
  content: string;
  searchText: string;
}

/**
 * Passages' texts read lately, by id, per database. A passage is never changed in place (a new
 * text is a new row with a new id), so an entry stays true as long as it is kept; the least
 * recently used go past the budget. A search then reads only ids and matches, and the texts of
 * passages it has not met yet.
 */
const TEXT_CACHE_CHARS = 32_000_000;
class TextCache {
  private entries = new Map<number, ChunkText>();
  private chars = 0;

  get(id: number): ChunkText | undefined {
    const text = this.entries.get(id);
    if (text) {
      this.entries.delete(id);
      this.entries.set(id, text);
    }
    return text;
  }

  set(id: number, text: ChunkText): void {
    if (this.entries.has(id)) return;
    this.entries.set(id, text);
    this.chars += TextCache.size(text);
    for (const [oldest, old] of this.entries) {
      if (this.chars <= TEXT_CACHE_CHARS) break;
      this.entries.delete(oldest);
      this.chars -= TextCache.size(old);
    }
  }

  private static size = (t: ChunkText) => t.heading.length + t.content.length + t.searchText.length;
}
const textCaches = new WeakMap<Db, TextCache>();

type Correction = { term: string; word: string; similarity: number };

/** The only code that reads and writes documents and chunks. */
export function trainingRepository(db: Db) {
  const textCache = textCaches.get(db) ?? new TextCache();
  textCaches.set(db, textCache);
  /** Per word, its lexemes and passage count, read from `bot_terms` (see `frequencies`). */
  async function readFrequencies(botId: string, config: TsConfig, words: string[]): Promise<WordStats[]> {
    if (!words.length) return [];
    const rows = await queryRows<{ i: number; lexeme: string; df: number }>(
      db,
      sql`
      select w.i::int as i, l.lexeme, coalesce(s.df, 0)::int as df
      from unnest(${toArray(words)}::text[]) with ordinality as w(word, i)
      cross join lateral unnest(tsvector_to_array(to_tsvector(${config}::regconfig, w.word))) as l(lexeme)
      cross join lateral (
        select sum(t.df) as df from ${botTerms} t
        where t.bot_id = ${botId}
          and t.lexeme >= l.lexeme collate "C"
          and t.lexeme < (l.lexeme || case when length(w.word) >= 5 then chr(1114111) else chr(1) end) collate "C"
      ) s`,
    );
    const stats = words.map((word) => ({ word, lexemes: [] as string[], df: 0 }));
    for (const r of rows) {
      const s = stats[Number(r.i) - 1]!;
      s.lexemes.push(r.lexeme);
      // A word of two lexemes is found where both are: at most the rarer one's passages.
      s.df = s.lexemes.length === 1 ? Number(r.df) : Math.min(s.df, Number(r.df));
    }
    return stats.map(({ word, lexemes, df }) => ({
      word,
      df,
      query: lexemes.map((l) => `'${l.replace(/['\\]/g, '\\$&')}'${word.length >= 5 ? ':*' : ''}`).join(' & '),
    }));
  }

  /** The texts of these passages: from the cache of passages read lately, the rest in one query. */
  async function chunkTexts(ids: number[]): Promise<Map<number, ChunkText>> {
    const texts = new Map<number, ChunkText>();
    const missing: number[] = [];
    for (const id of ids) {
      const text = textCache.get(id);
      if (text) texts.set(id, text);
      else missing.push(id);
    }
    if (missing.length) {
      const rows = await queryRows<{ id: number; heading: string; content: string; search_text: string }>(
        db,
        sql`select id, heading, content, search_text from ${chunks} where id = any(${`{${missing.join(',')}}`}::bigint[])`,
      );
      for (const r of rows) {
        const text = { heading: r.heading, content: r.content, searchText: r.search_text };
        texts.set(Number(r.id), text);
        textCache.set(Number(r.id), text);
      }
    }
    return texts;
  }

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

    /** A document's passages in order, one page of them, with how many there are. */
    async passages(documentId: string, offset: number, limit: number): Promise<{ items: { ordinal: number; heading: string; text: string }[]; total: number }> {
      const [count] = await db.select({ n: sql<number>`count(*)::int` }).from(chunks).where(eq(chunks.documentId, documentId));
      const items = await db
        .select({ ordinal: chunks.ordinal, heading: chunks.heading, text: chunks.content })
        .from(chunks)
        .where(eq(chunks.documentId, documentId))
        .orderBy(asc(chunks.ordinal))
        .offset(offset)
        .limit(limit);
      return { items, total: Number(count?.n ?? 0) };
    },

    /** A failed document back to "processing", its reason cleared; false when it was not failed. */
    async markForRetry(id: string): Promise<DocumentRow | undefined> {
      const [row] = await db
        .update(documents)
        .set({ status: 'processing', errorCode: null, errorReason: null, updatedAt: new Date() })
        .where(and(eq(documents.id, id), eq(documents.status, 'failed'), eq(documents.isDeleted, false)))
        .returning();
      return row;
    },

    async updateDocument(id: string, patch: Partial<NewDocument>): Promise<void> {
      await db.update(documents).set({ ...patch, updatedAt: new Date() }).where(eq(documents.id, id));
    },

    /** Marks the document deleted and drops its chunks in one transaction; false if it was already gone. */
    async deleteDocument(id: string): Promise<boolean> {
      return changingPassages(() => db.transaction(async (tx) => {
        const rows = await tx
          .update(documents)
          .set({ isDeleted: true, updatedAt: new Date() })
          .where(and(eq(documents.id, id), eq(documents.isDeleted, false)))
          .returning({ id: documents.id });
        if (!rows.length) return false;
        await tx.delete(chunks).where(eq(chunks.documentId, id));
        return true;
      }));
    },

    /**
     * Replaces a document's chunks and marks it ready in one transaction: a search sees either
     * none of the new chunks or all of them. A document deleted meanwhile stays deleted.
     */
    async indexDocument(doc: { id: string; botId: string }, config: TsConfig, items: ChunkInput[], content: string): Promise<boolean> {
      const indexed = await changingPassages(() => db.transaction(async (tx) => {
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
      }));
      // Thousands of new passages: the planner learns of them now, not at the next upkeep (a
      // search planned for a small table reads the bot's whole index beside the words').
      if (indexed && items.length >= ANALYZE_AFTER) await db.execute(sql`analyze ${chunks}, ${botTerms}, ${botWords}`);
      return indexed;
    },

    /** How many passages a bot has (for word rarity), reused like the word statistics. */
    async countChunks(botId: string): Promise<number> {
      const readIn = generation;
      const cached = cachedWord<number>(`n:${botId}`);
      if (cached !== undefined) return cached;
      const [row] = await db.select({ n: sql<number>`count(*)::int` }).from(chunks).where(eq(chunks.botId, botId));
      const n = Number(row?.n ?? 0);
      rememberWord(`n:${botId}`, readIn, n);
      return n;
    },

    /**
     * Words of the bot's knowledge close to a misspelled term ("Narvate" → "narvarte"), for
     * terms that are not words of the knowledge themselves. One query for all terms.
     */
    async corrections(botId: string, terms: string[]): Promise<Correction[]> {
      const candidates = terms.filter((t) => t.length >= 4 && !/^\d+$/.test(t));
      const readIn = generation;
      const known = new Map(candidates.map((t) => [t, cachedWord<Correction[]>(`c:${botId}:${t}`)]));
      const missing = candidates.filter((t) => !known.get(t));
      if (missing.length) {
        // Through the trigram index, scans ruled out (see migration 0013).
        const rows = await queryRows<Correction>(
          db,
          sql`select term, word, sim as similarity from bot_word_corrections(${botId}::uuid, ${toArray(missing)}::text[])`,
        );
        for (const t of missing) {
          const found = rows.filter((r) => r.term === t);
          known.set(t, found);
          rememberWord(`c:${botId}:${t}`, readIn, found);
        }
      }
      return candidates.flatMap((t) => known.get(t) ?? []);
    },

    /**
     * Per word, its lexemes in the bot's language (none for a stop word) and how many of the
     * bot's passages hold it: the document frequency of its stem (of the stems it prefixes, for
     * words of 5 letters or more, as `candidates` matches them), from `bot_terms`. A prefix shared
     * by two stems of one passage counts it twice, so this may overstate a little.
     */
    async frequencies(botId: string, config: TsConfig, words: string[]): Promise<WordStats[]> {
      const readIn = generation;
      const key = (word: string) => `f:${botId}:${config}:${word}`;
      const known = new Map(words.map((w) => [w, cachedWord<WordStats>(key(w))]));
      const missing = [...new Set(words.filter((w) => !known.get(w)))];
      for (const stats of await readFrequencies(botId, config, missing)) {
        known.set(stats.word, stats);
        rememberWord(key(stats.word), readIn, stats);
      }
      return words.map((w) => known.get(w)!);
    },

    /**
     * Chunks of ready documents and of the catalog found through the full-text index, at most
     * `limit`: those of the first query first, then of the next. A query is a conjunction of
     * groups of words (a chunk matching it holds a word of every group); words are given as
     * their tsquery from `frequencies`. With each chunk, per word of `words`, whether it holds it.
     */
    async candidates(botId: string, words: WordStats[], queries: WordStats[][][], limit: number): Promise<Candidate[]> {
      const found = queries.filter((q) => q.length && q.every((g) => g.some((w) => w.query)));
      if (!words.length || !found.length) return [];
      // tsquery constants (lexemes already in the bot's language): parsed once per statement.
      const matchCols = words.map((w) => (w.query ? sql`(c.tsv @@ ${w.query}::tsquery)` : sql`false`));
      const tiers = found.map(
        (q, tier) => sql`(select id, ${tier}::int as tier from ${chunks}
          where bot_id = ${botId} and tsv @@ ${tsquery(q)}::tsquery limit ${limit})`,
      );
      const columns = sql`c.id, c.document_id, c.product_id, array[${sql.join(matchCols, sql`, `)}] as matches`;
      const ready = sql`left join ${documents} d on d.id = c.document_id
        where (c.document_id is null or (d.status = 'ready' and not d.is_deleted))`;
      // One query (the common case) is read straight; several, in order, without repeats.
      const query =
        found.length === 1
          ? sql`select ${columns} from ${chunks} c ${ready}
              and c.bot_id = ${botId} and c.tsv @@ ${tsquery(found[0]!)}::tsquery
              limit ${limit}`
          : sql`with found as (select id, min(tier) as tier from (${sql.join(tiers, sql` union all `)}) f group by id)
              select ${columns} from found join ${chunks} c on c.id = found.id ${ready}
              order by found.tier, c.id limit ${limit}`;
      const rows = await queryRows<{ id: number; document_id: string | null; product_id: string | null; matches: boolean[] }>(db, query);
      const texts = await chunkTexts(rows.map((r) => Number(r.id)));
      return rows.flatMap((r) => {
        const text = texts.get(Number(r.id));
        // A passage replaced between the two reads is left out of this search.
        if (!text) return [];
        return [{
          id: Number(r.id),
          documentId: r.document_id,
          productId: r.product_id,
          ...text,
          matches: r.matches.map((m) => (m === true || (m as unknown) === 't' ? 1 : 0)),
        }];
      });
    },
  };
}

type Tx = Parameters<Parameters<Db['transaction']>[0]>[0];

/**
 * Indexes products, one passage each, inside the catalog's transaction: their old passages are
 * deleted and the new ones inserted.
 */
export async function indexProducts(tx: Tx, botId: string, config: TsConfig, items: { productId: string; chunk: ChunkInput }[]): Promise<void> {
  if (!items.length) return;
  await tx.delete(chunks).where(inArray(chunks.productId, items.map((it) => it.productId)));
  await insertChunks(tx, botId, config, items.map((it) => ({ chunk: it.chunk, owner: { productId: it.productId, ordinal: 0 } })));
}

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

/**
 * A chunks row: its normalized search text and tsvector in the bot's language, without positions
 * (nothing ranks by them; a smaller row is matched without decompressing it).
 */
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
    tsv: sql`strip(to_tsvector(${config}::regconfig, ${normalized}))` as unknown as string,
  };
}

export type TrainingRepository = ReturnType<typeof trainingRepository>;
