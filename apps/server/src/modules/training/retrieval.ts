import type { Locale } from '@charla/shared';
import type { Candidate, TrainingRepository, TsConfig, WordStats } from './training.repository.ts';
import { holdsKind, queryTerms, searchText } from './search-text.ts';
import type { KnowledgeSearch, Passage } from '../../engine/ports.ts';

export type { Passage };


/** Passages read and ranked per search, at most. */
const CANDIDATES = 120;
const FUZZY_MIN = 0.6;
const HEADING_BONUS = 1.3;

export const tsConfigOf = (language: Locale | string): TsConfig => (language === 'en' ? 'english' : 'spanish');

/**
 * Lexical retrieval over a bot's documents and catalog: PostgreSQL full-text search in the bot's
 * language finds candidates (with trigram similarity for typos); they are ranked here by the
 * inverse document frequency of the terms they hold, so "endodoncia" outweighs "cuesta", with a
 * mild preference for shorter passages.
 */
export function retrieval(repo: TrainingRepository): KnowledgeSearch {
  return async function search(botId: string, language: string, question: string, k = 5, also?: string): Promise<Passage[]> {
    const query = queryTerms(also ? `${question} ${also}` : question);
    if (!query.length) return [];
    const terms = query.map((q) => q.term);
    const config = tsConfigOf(language);

    // The words to look for: each term as written, and for a term the knowledge never uses,
    // its closest words in the knowledge (typos), worth a little less. Only words the customer
    // wrote may be typos: the related words that join them are the engine's own.
    const typed = new Set(searchText(question).split(' '));
    const corrections = await repo.corrections(botId, terms.filter((t) => typed.has(t)));
    const words: { word: string; term: number; strength: number }[] = terms.map((t, i) => ({ word: t, term: i, strength: 1 }));
    for (const c of corrections) {
      if (c.similarity >= FUZZY_MIN - 0.2) words.push({ word: c.word, term: terms.indexOf(c.term), strength: 0.7 * Math.max(c.similarity, FUZZY_MIN) });
    }
    // Words that name the thing asked about find the candidates; kind words ("cuánto",
    // "horario") join only when those find nothing, since nearly every passage holds them.
    const stats = await repo.frequencies(botId, config, words.map((w) => w.word));
    const all: Word[] = words.map((w, i) => ({ ...w, ...stats[i]! }));
    const strong = all.filter((w) => query[w.term]!.weight >= 0.5);
    const list = strong.some((w) => w.df > 0) ? strong : all;
    const plan = searchPlan(list);
    if (!plan) return [];
    const candidates = await repo.candidates(botId, list, plan.queries, CANDIDATES);
    if (!candidates.length) return [];
    const total = await repo.countChunks(botId);

    /** Per term of the question, how strongly a candidate holds it (0 when not at all). */
    const holds = (c: Candidate) => {
      const held = terms.map(() => 0);
      list.forEach((w, j) => {
        if (c.matches[j] && w.strength > held[w.term]!) held[w.term] = w.strength;
      });
      return held;
    };
    const strengths = new Map(candidates.map((c) => [c.id, holds(c)]));
    // Document frequency: counted among the candidates when they hold every passage with the
    // word, else the bot's count (a common word's passages were not all read).
    const own = new Map(list.filter((w) => w.strength === 1).map((w) => [w.term, w]));
    const idf = query.map((q, i) => {
      let n = candidates.filter((c) => strengths.get(c.id)![i]! >= 1).length;
      const w = own.get(i);
      if (w && !plan.complete.has(w.word)) n = Math.max(n, w.df);
      return q.weight * Math.log(1 + (Math.max(total, candidates.length) - n + 0.5) / (n + 0.5));
    });
    const maxWeight = idf.reduce((a, b) => a + b, 0);
    const avgLen = candidates.reduce((a, c) => a + c.content.length, 0) / candidates.length;
    // A word of the question in the passage's heading ("Renta de canchas") says the passage is about it.
    const stems = terms.map((t) => t.slice(0, Math.max(4, t.length - 2)));

    return candidates
      .map((c) => {
        let weight = 0;
        const matched: string[] = [];
        const headingWords = c.heading ? headingWordsOf(c.heading) : [];
        // The indexed text is the heading's words, then the passage's.
        const start = afterWords(c.searchText, headingWords.length);
        strengths.get(c.id)!.forEach((held, i) => {
          const kind = query[i]!.kind;
          let strength = held;
          if (kind && holdsKind(c.content, kind)) strength = Math.max(strength, 1);
          if (strength === 0) return;
          matched.push(terms[i]!);
          // A passage naming the thing several times is more about it (term frequency, saturated).
          const tf = wordsStartingWith(c.searchText, start, stems[i]!);
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

export type Search = KnowledgeSearch;

/** Headings in search form, as words: a search's candidates share a few, and a reply searches several times. */
const headingForms = new Map<string, string[]>();

function headingWordsOf(heading: string): string[] {
  let words = headingForms.get(heading);
  if (!words) {
    words = searchText(heading).split(' ');
    if (headingForms.size >= 2_000) headingForms.clear();
    headingForms.set(heading, words);
  }
  return words;
}

/** Where the words of a space-separated text begin once the first `n` are skipped. */
function afterWords(text: string, n: number): number {
  let at = 0;
  for (let k = 0; k < n; k++) {
    const space = text.indexOf(' ', at);
    if (space === -1) return text.length;
    at = space + 1;
  }
  return at;
}

/** How many words of a space-separated text, from `from` on, start with `stem` (no array of its words is made). */
export function wordsStartingWith(text: string, from: number, stem: string): number {
  let n = text.startsWith(stem, from) ? 1 : 0;
  const needle = ` ${stem}`;
  for (let at = text.indexOf(needle, from); at !== -1; at = text.indexOf(needle, at + needle.length)) n++;
  return n;
}

interface Word extends WordStats {
  /** The question's term it stands for (itself, or a correction of a typo). */
  term: number;
  strength: number;
}

/**
 * Which passages to read for these words, rarest first (they say most about what is asked):
 * every passage holding one of the rarest words, as long as they are at most CANDIDATES in all,
 * so a search reads a few hundred rows however large the knowledge is. When even the rarest
 * word is that common, passages holding a word of every term come first. `complete` names the words
 * whose passages are all read.
 */
export function searchPlan(words: Word[]): { queries: Word[][][]; complete: Set<string> } | null {
  const known = words.filter((w) => w.df > 0).sort((a, b) => a.df - b.df);
  if (!known.length) return null;
  const rare: Word[] = [];
  let rows = 0;
  for (const w of known) {
    if (rare.length && rows + w.df > CANDIDATES) break;
    rare.push(w);
    rows += w.df;
  }
  const complete = new Set(rows <= CANDIDATES ? rare.map((w) => w.word) : []);
  const byTerm = new Map<number, Word[]>();
  for (const w of known) byTerm.set(w.term, [...(byTerm.get(w.term) ?? []), w]);
  const every = [...byTerm.values()];
  // A passage holding every term is among those read already when one term's words all are.
  const covered = every.some((group) => group.every((w) => complete.has(w.word)));
  return { queries: every.length > 1 && !covered ? [every, [rare]] : [[rare]], complete };
}
