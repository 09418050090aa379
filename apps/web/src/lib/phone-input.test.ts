import { describe, expect, it } from 'vitest';
import { browserPhoneCountry, phoneProblem, phoneToSend } from './phone-input.ts';

describe('phones typed in the browser', () => {
  it("reads the country of the browser's locale, Mexico when it names none", () => {
    expect(browserPhoneCountry(['es-MX', 'es'])).toBe('MX');
    expect(browserPhoneCountry(['es', 'en-US'])).toBe('US');
    expect(browserPhoneCountry(['es'])).toBe('MX');
    expect(browserPhoneCountry([])).toBe('MX');
  });

  it('refuses a number without its area code and sends a good one in E.164', () => {
    expect(phoneProblem('33 1234', 'MX')).toBe('phone_short');
    expect(phoneProblem('', 'MX')).toBeUndefined();
    expect(phoneToSend('33 1234 5678', 'MX')).toBe('+523312345678');
    expect(phoneToSend('415 555 2671', 'US')).toBe('+14155552671');
    expect(phoneToSend(' 33 12 ', 'MX')).toBe('33 12');
  });
});
