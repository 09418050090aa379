import rows from './kinds-es.json' with { type: 'json' };
import { plainText } from './plain-text.ts';

/**
 * The broader kinds of Spanish nouns ("perro" → "animal", "lavadora" → "electrodoméstico"), made
 * from WordNet and Apertium's English–Spanish dictionary by `scripts/build-lexicon.mjs`: a
 * customer naming a thing finds what the business writes about its kind.
 */
const kinds = new Map<string, string[]>((rows as [string, string[]][]).map(([word, list]) => [plainText(word), list.map(plainText)]));

/** The kinds a customer's word belongs to, read as written or as the plural of a listed noun. */
export function lexiconKindsOf(word: string): string[] {
  return kinds.get(word) ?? (word.endsWith('es') ? kinds.get(word.slice(0, -2)) : undefined) ?? (word.endsWith('s') ? kinds.get(word.slice(0, -1)) : undefined) ?? [];
}
