/**
 * The form messages are compared in: lower case, accents removed (ñ → n), thousands separators
 * between digits removed, anything but letters, digits and a few signs made a space, letters
 * repeated three or more times made one ("holaaa" → "hola", "siii" → "si").
 */
export function plainText(input: string): string {
  return input
    .normalize('NFD')
    .replace(/\p{M}+/gu, '')
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
