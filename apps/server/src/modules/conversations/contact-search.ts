import { sql, type SQL } from 'drizzle-orm';

/** Accented letters and their plain forms: a contact search ignores accents and case (PGlite has no unaccent). */
const accented = 'áàâäãåéèêëíìîïóòôöõúùûüñç';
const plain = 'aaaaaaeeeeiiiiooooouuuunc';
const folds = new Map([...accented].map((c, i) => [c, plain[i]!]));

/** `text` in lower case without accents, in SQL: the one fold every search and its index share. */
const folded = (text: SQL): SQL => sql`translate(lower(${text}), ${sql.raw(`'${accented}'`)}, ${sql.raw(`'${plain}'`)})`;

/** The expression of contacts_search_idx over the table's own columns. */
export const contactSearchIndexText = (name: SQL, phone: SQL, email: SQL): SQL =>
  folded(sql`${name} || ' ' || ${phone} || ' ' || ${email} || ' ' || regexp_replace(${phone}, '[^0-9]', '', 'g')`);

/**
 * What a contact search matches: name, phone and e-mail in lower case without accents, and the
 * phone's digits alone (so "33 1140 8862" finds +523311408862). The expression of
 * contacts_search_idx (a trigram index), so a search reads it.
 */
export const contactSearchText = (alias: string): SQL => contactSearchIndexText(sql.raw(`${alias}.name`), sql.raw(`${alias}.phone`), sql.raw(`${alias}.email`));

/** A message's text as a search matches it: lower case, without accents (the expression of messages_search_idx). */
export const messageSearchText = folded;

/** `text` in lower case without accents, as a LIKE pattern that finds it anywhere; `%`, `_` and `\` are letters. */
const containing = (text: string) => `%${[...text.toLowerCase()].map((c) => folds.get(c) ?? c).join('').replace(/[\\%_]/g, (c) => `\\${c}`)}%`;

/**
 * The LIKE pattern of what a person typed: a phone as its digits alone ("+52 (33) 1140-8862" →
 * 523311408862), anything else in lower case without accents.
 */
export function contactSearchPattern(q: string): string {
  const typed = q.trim();
  const digits = typed.replace(/\D/g, '');
  return containing(/^[+\d\s().-]+$/.test(typed) && digits.length >= 3 ? digits : typed);
}

/** The LIKE pattern of what a person typed, for messages' text (`messageSearchText`). */
export const messageSearchPattern = (q: string): string => containing(q.trim());
