import { useCallback, useEffect, useState } from 'react';
import type { CountryCode, PhoneProblem } from '@charla/shared/input-rules';
import type * as PhoneModule from '@charla/shared/phone';
import { whenIdle } from './when-idle.ts';

type PhoneRules = typeof PhoneModule;

let rules: PhoneRules | undefined;
let loading: Promise<PhoneRules> | undefined;

/**
 * The phone rules (libphonenumber's metadata, some 25 KB) are downloaded once a screen with a
 * phone field is on screen, not with its code: the screen paints first. Until they arrive the
 * checks below let a number through as typed and the server, which applies the same rules,
 * answers for it.
 */
export function loadPhoneRules(): Promise<PhoneRules> {
  loading ??= import('@charla/shared/phone').then(
    (loaded) => (rules = loaded),
    (error: unknown) => {
      // A failed download is asked for again next time.
      loading = undefined;
      throw error;
    },
  );
  return loading;
}

/**
 * Runs a form's submit once the phone rules are in (at once when they already are), so its checks
 * and the number it sends use them; if they cannot be had, it runs anyway and the server checks.
 */
export function afterPhoneRules(submit: () => void): void {
  if (rules) {
    submit();
    return;
  }
  loadPhoneRules().then(submit, submit);
}

/** Starts the phone rules' download (a phone field's onFocus: a screen where the phone is rarely edited loads them when it is). */
export function startPhoneRules(): void {
  if (!rules) void loadPhoneRules().catch(() => undefined);
}

/** Starts the phone rules' download once the screen has painted and the browser is idle. */
export function usePhoneRules(): void {
  useEffect(() => (rules ? undefined : whenIdle(() => void loadPhoneRules().catch(() => undefined))), []);
}

/** The locale that names the country of a number typed without "+": the browser's first with a region. */
export function browserPhoneLocale(languages: readonly string[] = typeof navigator === 'undefined' ? [] : navigator.languages ?? [navigator.language]): string | undefined {
  return languages.find((l) => /[-_][A-Za-z]{2}$/.test(l)) ?? languages[0];
}

/** Why a typed phone is refused (the server's rule), or undefined; '' is left to the required check. */
export function phoneProblem(value: string, country?: CountryCode): PhoneProblem | undefined {
  if (value.trim() === '' || !rules) return undefined;
  const checked = rules.checkPhone(value, country ?? rules.phoneCountryOf(browserPhoneLocale()));
  return checked.ok ? undefined : checked.problem;
}

/** The phone in E.164 as the server stores it; a refused one is sent as typed, for the server to explain. */
export function phoneToSend(value: string, country?: CountryCode): string {
  const checked = rules?.checkPhone(value, country ?? rules.phoneCountryOf(browserPhoneLocale()));
  return checked?.ok ? checked.e164 : value.trim();
}

/** The i18n key (common namespace) of a phone problem. */
const problemKeys = { phone: 'validation.phone', phone_short: 'validation.phoneShort', phone_long: 'validation.phoneLong' } as const satisfies Record<PhoneProblem, string>;
export const phoneProblemKey = (problem: PhoneProblem) => problemKeys[problem];

/**
 * Stored phones shown grouped ("+52 33 1140 8862"; one without "+" is of the browser's country); until the phone rules arrive they are shown as
 * stored, and the screen shows them grouped once they do.
 */
export function usePhoneFormat(): (phone: string) => string {
  const [loaded, setLoaded] = useState<PhoneRules | undefined>(rules);
  useEffect(() => {
    if (loaded) return undefined;
    let live = true;
    loadPhoneRules().then(
      (r) => live && setLoaded(() => r),
      () => undefined,
    );
    return () => {
      live = false;
    };
  }, [loaded]);
  return useCallback((phone: string) => (loaded ? loaded.formatPhone(phone, loaded.phoneCountryOf(browserPhoneLocale())) : phone), [loaded]);
}
