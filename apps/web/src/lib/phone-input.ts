import { checkPhone, phoneCountryOf, type PhoneProblem } from '@charla/shared/input-rules';

/** The country a number typed without "+" belongs to: the browser's locale, Mexico when it names none. */
export function browserPhoneCountry(languages: readonly string[] = typeof navigator === 'undefined' ? [] : navigator.languages ?? [navigator.language]) {
  return phoneCountryOf(languages.find((l) => /[-_][A-Za-z]{2}$/.test(l)) ?? languages[0]);
}

/** Why a typed phone is refused (the server's rule), or undefined; '' is left to the required check. */
export function phoneProblem(value: string, country = browserPhoneCountry()): PhoneProblem | undefined {
  if (value.trim() === '') return undefined;
  const checked = checkPhone(value, country);
  return checked.ok ? undefined : checked.problem;
}

/** The phone in E.164 as the server stores it; a refused one is sent as typed, for the server to explain. */
export function phoneToSend(value: string, country = browserPhoneCountry()): string {
  const checked = checkPhone(value, country);
  return checked.ok ? checked.e164 : value.trim();
}

/** The i18n key (common namespace) of a phone problem. */
const problemKeys = { phone: 'validation.phone', phone_short: 'validation.phoneShort', phone_long: 'validation.phoneLong' } as const satisfies Record<PhoneProblem, string>;
export const phoneProblemKey = (problem: PhoneProblem) => problemKeys[problem];
