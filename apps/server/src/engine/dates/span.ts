/** A range [start, end) of positions in a text. */
export interface Span {
  start: number;
  end: number;
}

/** The item that starts first; of those starting together, the longest. */
export function earliest<T extends Span>(items: T[]): T | undefined {
  return items.reduce<T | undefined>(
    (best, item) => (!best || item.start < best.start || (item.start === best.start && item.end > best.end) ? item : best),
    undefined,
  );
}

/** Longest alternatives first, so a regular expression prefers "miercoles" over "mie". */
export const alternatives = (words: Iterable<string>): string =>
  [...words].sort((a, b) => b.length - a.length).join('|');

const NEGATION_BEFORE = /\b(?:no|ni)\s$/;
const NEGATION_AFTER = /^\s?,?\s?(?:no\s*(?:[,.!?;]|$)|no\s+(?:puedo|podemos|puede|me\s+queda|me\s+acomoda|se\s+puede)\b|ni\b)/;

/** "el lunes no puedo, mejor el martes", "no a las 4": a mention the customer rules out. */
export const isRuledOut = (text: string, { start, end }: Span): boolean =>
  NEGATION_BEFORE.test(text.slice(0, start)) || NEGATION_AFTER.test(text.slice(end));
