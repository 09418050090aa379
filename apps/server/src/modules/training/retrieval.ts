import type { Locale } from '@charla/shared';
import type { Candidate, TrainingRepository, TsConfig } from './training.repository.ts';
import { holdsKind, queryTerms, searchText } from './search-text.ts';

export interface Passage {
  chunkId: number;
  documentId: string | null;
  productId: string | null;
  heading: string;
  text: string;
  /** 0..1: the share of the question's weight (rare words weigh more) this passage covers. */
  score: number;
  /** The query terms it matched. */
  matched: string[];
}

const CANDIDATES = 200;
const FUZZY_MIN = 0.6;
const HEADING_BONUS = 1.3;

export const tsConfigOf = (language: Locale | string): TsConfig => (language === 'en' ? 'english' : 'spanish');

/**
 * Lexical retrieval over a bot's documents and catalog: PostgreSQL full-text search in the bot's
 * language finds candidates (with trigram similarity for typos); they are ranked here by the
 * inverse document frequency of the terms they hold, so "endodoncia" outweighs "cuesta", with a
 * mild preference for shorter passages.
 */
export function retrieval(repo: TrainingRepository) {
  return async function search(botId: string, language: string, question: string, k = 5): Promise<Passage[]> {
    const query = queryTerms(question);
    if (!query.length) return [];
    const terms = query.map((q) => q.term);
    const config = tsConfigOf(language);

    // The words to look for: each term as written, and for a term the knowledge never uses,
    // its closest words in the knowledge (typos), worth a little less.
    const corrections = await repo.corrections(botId, terms);
    const words: { word: string; term: number; strength: number }[] = terms.map((t, i) => ({ word: t, term: i, strength: 1 }));
    for (const c of corrections) {
      if (c.similarity >= FUZZY_MIN - 0.2) words.push({ word: c.word, term: terms.indexOf(c.term), strength: 0.7 * Math.max(c.similarity, FUZZY_MIN) });
    }
    // Words that name the thing asked about find the candidates; kind words ("cuánto",
    // "horario") join only when those find nothing, since nearly every passage holds them.
    const strong = words.filter((w) => query[w.term]!.weight >= 0.5);
    const search = async (list: typeof words) => ({ list, found: await repo.candidates(botId, config, list.map((w) => w.word), CANDIDATES) });
    let { list, found: candidates } = strong.length ? await search(strong) : { list: words, found: [] as Candidate[] };
    if (!candidates.length) ({ list, found: candidates } = await search(words));
    if (!candidates.length) return [];
    const total = await repo.countChunks(botId);

    /** Per term of the question, how strongly a candidate holds it (0 when not at all). */
    const holds = (c: Candidate) =>
      terms.map((_, i) => Math.max(0, ...list.map((w, j) => (w.term === i && c.matches[j] ? w.strength : 0))));
    const strengths = new Map(candidates.map((c) => [c.id, holds(c)]));
    const idf = query.map((q, i) => {
      const df = candidates.filter((c) => strengths.get(c.id)![i]! >= 1).length;
      return q.weight * Math.log(1 + (Math.max(total, candidates.length) - df + 0.5) / (df + 0.5));
    });
    const maxWeight = idf.reduce((a, b) => a + b, 0);
    const avgLen = candidates.reduce((a, c) => a + c.content.length, 0) / candidates.length;
    // A word of the question in the passage's heading ("Renta de canchas") says the passage is about it.
    const stems = terms.map((t) => t.slice(0, Math.max(4, t.length - 2)));

    return candidates
      .map((c) => {
        let weight = 0;
        const matched: string[] = [];
        const headingWords = searchText(c.heading).split(' ');
        const words = searchText(c.content).split(' ');
        strengths.get(c.id)!.forEach((held, i) => {
          const kind = query[i]!.kind;
          let strength = held;
          if (kind && holdsKind(c.content, kind)) strength = Math.max(strength, 1);
          if (strength === 0) return;
          matched.push(terms[i]!);
          // A passage naming the thing several times is more about it (term frequency, saturated).
          const tf = words.filter((w) => w.startsWith(stems[i]!)).length;
          const inHeading = headingWords.some((w) => w.startsWith(stems[i]!));
          weight += strength * idf[i]! * (inHeading ? HEADING_BONUS : 1) * (1 + 0.15 * Math.min(Math.max(tf - 1, 0), 3));
        });
        const lengthNorm = 0.7 + 0.3 * Math.min(c.content.length / avgLen, 4);
        return {
          chunkId: c.id,
          documentId: c.documentId,
          productId: c.productId,
          heading: c.heading,
          text: c.content,
          matched,
          score: maxWeight > 0 ? weight / (maxWeight * HEADING_BONUS * 1.45) / lengthNorm : 0,
        };
      })
      .filter((p) => p.matched.length > 0)
      .sort((a, b) => b.score - a.score)
      .slice(0, k)
      .map((p) => ({ ...p, score: Math.min(1, Math.round(p.score * 1000) / 1000) }));
  };
}

export type Search = ReturnType<typeof retrieval>;
