import { describe, expect, it } from 'vitest';
import { phoneCountryOf } from '@charla/shared/input-rules';
import { afterPhoneRules, browserPhoneLocale, loadPhoneRules, phoneProblem, phoneToSend } from './phone-input.ts';

describe('phones typed in the browser', () => {
  it("reads the country of the browser's locale, Mexico when it names none", () => {
    expect(phoneCountryOf(browserPhoneLocale(['es-MX', 'es']))).toBe('MX');
    expect(phoneCountryOf(browserPhoneLocale(['es', 'en-US']))).toBe('US');
    expect(phoneCountryOf(browserPhoneLocale(['es']))).toBe('MX');
    expect(phoneCountryOf(browserPhoneLocale([]))).toBe('MX');
  });

  it('lets a number through as typed until the rules are in, for the server to check', () => {
    expect(phoneProblem('33 1234', 'MX')).toBeUndefined();
    expect(phoneToSend(' 33 1234 5678 ', 'MX')).toBe('33 1234 5678');
  });

  it('runs a submit once the rules are in, so it checks with them', async () => {
    const seen: (string | undefined)[] = [];
    afterPhoneRules(() => seen.push(phoneProblem('33 1234', 'MX')));
    expect(seen).toEqual([]);
    await expect.poll(() => seen).toEqual(['phone_short']);
    afterPhoneRules(() => seen.push(phoneToSend('33 1234 5678', 'MX')));
    expect(seen).toEqual(['phone_short', '+523312345678']);
  });

  it('refuses a number without its area code and sends a good one in E.164', async () => {
    await loadPhoneRules();
    expect(phoneProblem('33 1234', 'MX')).toBe('phone_short');
    expect(phoneProblem('', 'MX')).toBeUndefined();
    expect(phoneToSend('33 1234 5678', 'MX')).toBe('+523312345678');
    expect(phoneToSend('415 555 2671', 'US')).toBe('+14155552671');
    expect(phoneToSend(' 33 12 ', 'MX')).toBe('33 12');
  });
});
