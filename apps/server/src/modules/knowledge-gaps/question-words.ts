import { wordsOf } from '../../engine/offline/plain-text.ts';
import { LIGHT_WORDS, STOPWORDS } from '../../engine/offline/vocabulary.ts';

/** Two questions ask the same thing when this share of their content words is common (Jaccard). */
export const SAME_QUESTION = 0.5;
/** Words are compared by their first letters, so "estacionamiento" and "estacionarse" are one. */
const STEM = 6;

/**
 * The content words of a question, as questions are compared: lower case, accents removed,
 * the everyday words that carry no topic dropped (articles, question words, "tienen", "aceptan"),
 * each word cut to its first letters, each once, in order.
 */
export function questionWords(question: string): string[] {
  const words = wordsOf(question).filter((w) => w.length > 1 && !STOPWORDS.has(w) && !LIGHT_WORDS.has(w));
  return [...new Set(words.map((w) => (/^\d+$/.test(w) ? w : w.slice(0, STEM))))];
}

/** How alike two questions' word sets are: the words they share over all their words (0..1). */
export function similarity(a: readonly string[], b: readonly string[]): number {
  if (!a.length || !b.length) return 0;
  const left = new Set(a);
  const shared = b.filter((w) => left.has(w)).length;
  return shared / (left.size + new Set(b).size - shared);
}

/** The most alike of `candidates` that asks the same as `words` (at least SAME_QUESTION), if any. */
export function sameQuestion<T extends { words: readonly string[] }>(words: readonly string[], candidates: readonly T[]): T | undefined {
  let best: T | undefined;
  let score = 0;
  for (const candidate of candidates) {
    const s = similarity(words, candidate.words);
    if (s >= SAME_QUESTION && s > score) {
      best = candidate;
      score = s;
    }
  }
  return best;
}

/** Whether a wording is already among the examples (compared in plain form). */
export function sameWording(a: string, b: string): boolean {
  return wordsOf(a).join(' ') === wordsOf(b).join(' ');
}
