import { z } from 'zod';

/**
 * Characters PostgreSQL cannot store: NUL (refused in text and in jsonb) and a UTF-16 half
 * without its pair (a lone surrogate: jsonb refuses its escape, text would turn it into "�").
 */
const unstorable = /\u0000|[\ud800-\udbff](?![\udc00-\udfff])|(?<![\ud800-\udbff])[\udc00-\udfff]/;
const unstorableAll = new RegExp(unstorable.source, 'g');

/** True when PostgreSQL can store the text as it is. */
export const isStorableText = (value: string): boolean => !unstorable.test(value);

/** The text without the characters PostgreSQL cannot store (customers' messages are kept, cleaned). */
export const storableText = (value: string): string => (unstorable.test(value) ? value.replace(unstorableAll, '') : value);

/** Every string of a value (object keys too) made storable; anything else is kept as it is. */
export function storableDeep<T>(value: T): T {
  if (typeof value === 'string') return storableText(value) as T;
  if (Array.isArray(value)) return value.map(storableDeep) as T;
  if (value === null || typeof value !== 'object') return value;
  // Plain objects only (from JSON, literals, Object.create(null)); a Date or a Buffer is kept as it is.
  const proto: unknown = Object.getPrototypeOf(value);
  if (proto === Object.prototype || proto === null) {
    return Object.fromEntries(Object.entries(value).map(([k, v]) => [storableText(k), storableDeep(v)])) as T;
  }
  return value;
}

/**
 * Free text an owner writes (names, descriptions, messages, products, training text): trimmed,
 * at most `max` characters, refused with the `text` rule when it holds a character PostgreSQL
 * cannot store. Every free-text field of the contract is this one type (`trim: false` where
 * spaces matter, as in a CSV column's name).
 */
export const freeText = (max: number, { trim = true } = {}) =>
  (trim ? z.string().trim() : z.string()).max(max).refine(isStorableText, { error: 'text' });

/** A secret Meta issues (access token, signup code, app secret, verify token): printable ASCII, no spaces. */
export const printableAscii = /^[\x21-\x7e]+$/;
export const tokenText = (min: number, max: number) => z.string().trim().min(min).max(max).regex(printableAscii, { error: 'token' });
