import { decodeBytes } from './decode-bytes.ts';
import { ExtractError } from './extract-error.ts';
import { normalizeText } from './normalize.ts';

export const DEFAULT_MAX_TEXT_CHARS = 200_000;

export interface ExtractTextOptions {
  /** More characters than this (after clean-up) is TEXT_TOO_LONG. Default 200,000. */
  maxChars?: number;
}

export interface ExtractedText {
  text: string;
}

/**
 * Pasted text or an uploaded .txt / .md file (bytes: UTF-8, UTF-16 with BOM or
 * windows-1252), normalized. Markdown is kept as written: its headings and lists are what
 * the chunker uses. TEXT_EMPTY when nothing readable is left, TEXT_TOO_LONG past the limit
 * (counted in characters after normalization, so stray spaces do not count).
 */
export function extractText(input: string | Uint8Array, options: ExtractTextOptions = {}): ExtractedText {
  const maxChars = options.maxChars ?? DEFAULT_MAX_TEXT_CHARS;
  const raw = typeof input === 'string' ? input : decodeBytes(input).text;
  // Refuse absurd input before normalizing it: normalization can only shrink it by so much.
  if (raw.length > maxChars * 4 + 10_000) throw new ExtractError('TEXT_TOO_LONG', { limit: maxChars });
  const text = normalizeText(raw);
  if (!/[\p{L}\p{N}]/u.test(text)) throw new ExtractError('TEXT_EMPTY');
  if (text.length > maxChars) throw new ExtractError('TEXT_TOO_LONG', { limit: maxChars });
  return { text };
}
