/**
 * Dates and numbers in the reader's language. Building an `Intl` format costs far more than
 * using one (about a millisecond on a phone against microseconds): a page of a hundred dates
 * built a hundred. Each format is built once per locale and options and kept for the session.
 */

/** The regional format of each UI language ('es', 'en', 'en-US'…): the product speaks Mexican Spanish. */
export const intlLocale = (language: string | undefined): string => (language?.startsWith('en') ? 'en-US' : 'es-MX');

const formats = new Map<string, Intl.DateTimeFormat | Intl.NumberFormat | Intl.RelativeTimeFormat>();

function kept<T extends Intl.DateTimeFormat | Intl.NumberFormat | Intl.RelativeTimeFormat>(kind: string, locale: string, options: object, build: () => T): T {
  const key = `${kind}|${locale}|${JSON.stringify(options)}`;
  let format = formats.get(key) as T | undefined;
  if (!format) {
    format = build();
    formats.set(key, format);
  }
  return format;
}

/** A date format for a BCP 47 locale ("es-MX", "en-CA"…); throws like `Intl.DateTimeFormat` on an unknown time zone. */
export const dateFormat = (locale: string, options: Intl.DateTimeFormatOptions = {}): Intl.DateTimeFormat =>
  kept('date', locale, options, () => new Intl.DateTimeFormat(locale, options));

/** A number format for a BCP 47 locale. */
export const numberFormat = (locale: string, options: Intl.NumberFormatOptions = {}): Intl.NumberFormat =>
  kept('number', locale, options, () => new Intl.NumberFormat(locale, options));

/** A relative time format ("hace 5 min") for a BCP 47 locale. */
export const relativeTimeFormat = (locale: string, options: Intl.RelativeTimeFormatOptions = {}): Intl.RelativeTimeFormat =>
  kept('relative', locale, options, () => new Intl.RelativeTimeFormat(locale, options));
