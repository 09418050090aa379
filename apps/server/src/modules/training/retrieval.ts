import type { Locale } from '@charla/shared';
import type { TrainingRepository, TsConfig } from './training.repository.ts';
import { queryTerms } from './search-text.ts';

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

export const tsConfigOf = (language: Locale | string): TsConfig => (language === 'en' ? 'english' : 'spanish');

/**
 * Lexical retrieval over a bot's documents and catalog: PostgreSQL full-text search in the bot's
 * language finds candidates (with trigram similarity for typos); they are ranked here by the
 * inverse document frequency of the terms they hold, so "endodoncia" outweighs "cuesta", with a
 * mild preference for shorter passages.
 */
export function retrieval(repo: TrainingRepository) {
  return async function search(botId: string, language: string, question: string, k = 5): Promise<Passage[]> {
    const terms = queryTerms(question);
    if (!terms.length) return [];
    const config = tsConfigOf(language);
    const [candidates, total] = await Promise.all([repo.candidates(botId, config, terms, CANDIDATES), repo.countChunks(botId)]);
    if (!candidates.length) return [];

    const idf = terms.map((_, i) => {
      const df = candidates.filter((c) => c.matches[i]! >= 1).length;
      return Math.log(1 + (Math.max(total, candidates.length) - df + 0.5) / (df + 0.5));
    });
    const maxWeight = idf.reduce((a, b) => a + b, 0);
    const avgLen = candidates.reduce((a, c) => a + c.content.length, 0) / candidates.length;

    return candidates
      .map((c) => {
        let weight = 0;
        const matched: string[] = [];
        c.matches.forEach((m, i) => {
          const strength = m >= 1 ? 1 : m >= FUZZY_MIN ? 0.7 * m : 0;
          if (strength > 0) matched.push(terms[i]!);
          weight += strength * idf[i]!;
        });
        const lengthNorm = 0.85 + 0.15 * Math.min(c.content.length / avgLen, 4);
        return {
          chunkId: c.id,
          documentId: c.documentId,
          productId: c.productId,
          heading: c.heading,
          text: c.content,
          matched,
          score: maxWeight > 0 ? weight / maxWeight / lengthNorm : 0,
        };
      })
      .filter((p) => p.matched.length > 0)
      .sort((a, b) => b.score - a.score)
      .slice(0, k)
      .map((p) => ({ ...p, score: Math.min(1, Math.round(p.score * 1000) / 1000) }));
  };
}

export type Search = ReturnType<typeof retrieval>;
