import { describe, expect, it } from 'vitest';
import { ExtractError, extractReason, isExtractError, type ExtractErrorCode } from './extract-error.ts';

const codes: ExtractErrorCode[] = [
  'NOT_A_PDF', 'PDF_NO_TEXT', 'PDF_DAMAGED', 'CSV_EMPTY', 'CSV_MALFORMED', 'CSV_TOO_MANY_ROWS', 'TEXT_EMPTY',
  'TEXT_TOO_LONG', 'HTML_NO_TEXT', 'URL_INVALID', 'URL_BLOCKED', 'URL_UNREACHABLE', 'URL_TIMEOUT', 'URL_TOO_LARGE',
  'URL_BAD_TYPE', 'URL_TOO_MANY_REDIRECTS', 'YOUTUBE_BAD_URL', 'YOUTUBE_UNAVAILABLE',
];

describe('ExtractError', () => {
  it('has a reason in Spanish and English for every code', () => {
    for (const code of codes) {
      const { es, en } = extractReason(code, { limit: 1000 });
      expect(es.length, code).toBeGreaterThan(10);
      expect(en.length, code).toBeGreaterThan(10);
      expect(es).not.toBe(en);
    }
  });

  it('puts the limit, status or content type in the reason, and takes a more precise hint', () => {
    expect(new ExtractError('TEXT_TOO_LONG', { limit: 200_000 }).reason.es).toContain('200,000');
    expect(new ExtractError('URL_TOO_LARGE', { limit: 5_000_000 }).reason.en).toContain('5 MB');
    expect(new ExtractError('URL_UNREACHABLE', { status: 503 }).reason.es).toContain('503');
    const hinted = new ExtractError('CSV_MALFORMED', { hint: { es: 'Fila 3 rota.', en: 'Row 3 is broken.' } });
    expect(hinted.reason).toEqual({ es: 'Fila 3 rota.', en: 'Row 3 is broken.' });
    expect(hinted.message).toBe('CSV_MALFORMED: Row 3 is broken.');
  });

  it('is recognized by code', () => {
    const error = new ExtractError('URL_BLOCKED');
    expect(error).toBeInstanceOf(Error);
    expect(error.name).toBe('ExtractError');
    expect(isExtractError(error)).toBe(true);
    expect(isExtractError(error, 'URL_BLOCKED')).toBe(true);
    expect(isExtractError(error, 'URL_TIMEOUT')).toBe(false);
    expect(isExtractError(new Error('x'))).toBe(false);
  });
});
