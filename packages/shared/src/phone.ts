import { isSupportedCountry, parsePhoneNumberFromString, validatePhoneNumberLength, type CountryCode } from 'libphonenumber-js/min';

/** The country a phone written without "+" belongs to when nothing says otherwise. */
export const defaultPhoneCountry: CountryCode = 'MX';
export const phoneMaxChars = 30;

/** Why a phone was refused; each names a rule message (`messages.ts`). */
export type PhoneProblem = 'phone' | 'phone_short' | 'phone_long';
export type PhoneCheck = { ok: true; e164: string } | { ok: false; problem: PhoneProblem };

/**
 * The country of a browser locale ("es-MX" → MX, "en-US" → US); Mexico when the locale names
 * no country we know ("es", "en", nothing).
 */
export function phoneCountryOf(locale: string | undefined | null): CountryCode {
  const region = (locale ?? '').split(/[-_]/)[1]?.toUpperCase();
  return region && /^[A-Z]{2}$/.test(region) && isSupportedCountry(region) ? region : defaultPhoneCountry;
}

/**
 * Validates a phone as a person types it ("33 1234 5678", "+52 33 1234 5678", "(55) 5555-1234")
 * and answers it in E.164 ("+523312345678"). A number without "+" belongs to `country`.
 */
export function checkPhone(input: string, country: CountryCode = defaultPhoneCountry): PhoneCheck {
  const text = input.trim();
  if (!text || text.length > phoneMaxChars || !/^\+?[0-9(][0-9 ().-]*$/.test(text)) return { ok: false, problem: 'phone' };
  // Mexico's old mobile prefix: +52 1 33 1234 5678 is +52 33 1234 5678.
  const digits = text.replace(/\D/g, '');
  const written = /^\+?52\s*1\s*/.test(text) && digits.length === 13 ? `+52${digits.slice(3)}` : text;
  const parsed = parsePhoneNumberFromString(written, country);
  if (parsed?.isValid()) return { ok: true, e164: parsed.number };
  const length = validatePhoneNumberLength(written, country);
  if (length === 'TOO_SHORT') return { ok: false, problem: 'phone_short' };
  if (length === 'TOO_LONG') return { ok: false, problem: 'phone_long' };
  return { ok: false, problem: 'phone' };
}

export type { CountryCode };

/** The country of a full number ("+52 33…" → MX), or `fallback` when it names none. */
export function countryOfPhone(phone: string, fallback: CountryCode = defaultPhoneCountry): CountryCode {
  return (phone.trim().startsWith('+') && parsePhoneNumberFromString(phone.trim())?.country) || fallback;
}

/**
 * A stored phone as people read it ("+523311408862" → "+52 33 1140 8862"); a number written without
 * "+" belongs to `country`. Anything that is not a valid number is answered as it is.
 */
export function formatPhone(phone: string, country: CountryCode = defaultPhoneCountry): string {
  const checked = phone.trim() ? checkPhone(phone, country) : undefined;
  return checked?.ok ? (parsePhoneNumberFromString(checked.e164)?.formatInternational() ?? phone) : phone;
}
