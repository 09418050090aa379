import { describe, expect, it } from 'vitest';
import { dateFormat, intlLocale, numberFormat } from './intl.ts';

describe('intl formats', () => {
  it('reads the UI language as its regional format', () => {
    expect(intlLocale('es')).toBe('es-MX');
    expect(intlLocale(undefined)).toBe('es-MX');
    expect(intlLocale('en')).toBe('en-US');
    expect(intlLocale('en-GB')).toBe('en-US');
  });

  it('builds a format once per locale and options', () => {
    const a = dateFormat('es-MX', { day: 'numeric', month: 'short', timeZone: 'UTC' });
    expect(dateFormat('es-MX', { day: 'numeric', month: 'short', timeZone: 'UTC' })).toBe(a);
    expect(dateFormat('en-US', { day: 'numeric', month: 'short', timeZone: 'UTC' })).not.toBe(a);
    expect(dateFormat('es-MX', { day: 'numeric', month: 'long', timeZone: 'UTC' })).not.toBe(a);
    expect(a.format(Date.UTC(2026, 10, 25))).toMatch(/^25 nov/);
    expect(numberFormat('es-MX', { style: 'percent' })).not.toBe(numberFormat('es-MX'));
    expect(numberFormat('es-MX').format(1234.5)).toBe('1,234.5');
  });

  it('throws on a time zone Intl does not know, and keeps nothing for it', () => {
    expect(() => dateFormat('es-MX', { timeZone: 'Mars/Olympus' })).toThrow(RangeError);
    expect(() => dateFormat('es-MX', { timeZone: 'Mars/Olympus' })).toThrow(RangeError);
  });
});
