/**
 * The form messages are compared in: lower case, accents removed (ñ → n), thousands separators
 * between digits removed, anything but letters, digits and a few signs made a space, letters
 * repeated three or more times made one ("holaaa" → "hola", "siii" → "si").
 */
export function plainText(input: string): string {
  const known = plainForms.get(input);
  if (known !== undefined) return known;
  const plain = normalize(input);
  if (plainForms.size >= 5_000) plainForms.clear();
  plainForms.set(input, plain);
  return plain;
}

/**
 * Plain forms met lately: the passages a search finds come back question after question, and each
 * is made plain for every one; a lookup costs far less than the passes of `normalize`.
 */
const plainForms = new Map<string, string>();

function normalize(input: string): string {
  return input
    .normalize('NFD')
    .replace(/\p{M}+/gu, '')
    // "m²" and "m³" as people type them: "m2", "m3".
    .replace(/²/g, '2')
    .replace(/³/g, '3')
    .toLowerCase()
    .replace(/(\d)[,.](?=\d{3}(?!\d))/g, '$1')
    .replace(/(\p{L})\1{2,}/gu, '$1')
    .replace(/[^\p{L}\p{N}$%:@.+-]+/gu, ' ')
    .replace(/(?<!\d)[.:](?!\d)/g, ' ')
    .replace(/\s+/g, ' ')
    .trim();
}

/** The words of a text in plain form, letters and digits only. */
export function wordsOf(input: string): string[] {
  return plainText(input)
    .split(/[^\p{L}\p{N}]+/u)
    .filter(Boolean);
}

/** Whether the text holds at least one letter or digit (not only emoji or signs). */
export const hasContent = (input: string): boolean => /[\p{L}\p{N}]/u.test(input);
