import { describe, expect, it } from 'vitest';
import { uploadTrainingType } from '@charla/shared/input-rules';
import { fileProblem, formatBytes, formatDocumentDate, looksLikeHttpUrl, looksLikeYoutube, maxUploadBytes, uploadTypeOf } from './training-type.ts';

describe('upload mime type → training type', () => {
  const cases: Array<[string, string, 'PDF' | 'CSV']> = [
    ['application/pdf', 'lista.pdf', 'PDF'],
    ['text/csv', 'catalogo.csv', 'CSV'],
    ['application/vnd.ms-excel', 'catalogo.csv', 'CSV'],
    ['TEXT/CSV', 'datos', 'CSV'],
    ['application/csv', '', 'CSV'],
    ['text/comma-separated-values', 'x', 'CSV'],
    ['text/x-csv', 'x', 'CSV'],
    ['', 'Precios.CSV', 'CSV'],
    ['application/octet-stream', 'precios.csv', 'CSV'],
    ['', 'sin-tipo', 'PDF'],
    ['image/png', 'foto.png', 'PDF'],
    ['application/vnd.openxmlformats-officedocument.wordprocessingml.document', 'menu.docx', 'PDF'],
  ];

  it.each(cases)('%s (%s) → %s, falling back to PDF', (mime, name, expected) => {
    expect(uploadTypeOf(mime, name)).toBe(expected);
  });

  it('agrees with the server rule for every case', () => {
    for (const [mime, name] of cases) expect(uploadTypeOf(mime, name)).toBe(uploadTrainingType(mime, name));
  });
});

describe('file checks before sending', () => {
  it('accepts PDF and CSV, refuses empty, too large and other files', () => {
    expect(fileProblem({ name: 'a.pdf', type: 'application/pdf', size: 10 })).toBeNull();
    expect(fileProblem({ name: 'a.csv', type: 'text/csv', size: 10 })).toBeNull();
    expect(fileProblem({ name: 'a.pdf', type: '', size: 10 })).toBeNull();
    expect(fileProblem({ name: 'a.pdf', type: 'application/pdf', size: 0 })).toBe('empty');
    expect(fileProblem({ name: 'a.pdf', type: 'application/pdf', size: maxUploadBytes + 1 })).toBe('tooLarge');
    expect(fileProblem({ name: 'a.pdf', type: 'application/pdf', size: maxUploadBytes })).toBeNull();
    expect(fileProblem({ name: 'foto.png', type: 'image/png', size: 10 })).toBe('unsupported');
  });
});

describe('formatting', () => {
  it('writes sizes people read', () => {
    expect(formatBytes(820, 'es-MX')).toBe('820 B');
    expect(formatBytes(1536, 'es-MX')).toBe('1.5 KB');
    expect(formatBytes(14 * 1024, 'es-MX')).toBe('14 KB');
    expect(formatBytes(3.25 * 1024 * 1024, 'es-MX')).toBe('3.3 MB');
  });

  it('writes dates in es-MX, or en-US for the English interface', () => {
    const es = formatDocumentDate('2026-11-21T18:07:00Z', 'es');
    expect(es).toMatch(/nov/);
    expect(es).toMatch(/2026/);
    expect(formatDocumentDate('2026-11-21T18:07:00Z', 'en')).toMatch(/Nov/);
    expect(formatDocumentDate('not a date', 'es')).toBe('');
  });

  it('recognizes web and YouTube addresses', () => {
    expect(looksLikeHttpUrl('https://tienda.mx/precios')).toBe(true);
    expect(looksLikeHttpUrl('tienda.mx')).toBe(false);
    expect(looksLikeYoutube('https://www.youtube.com/watch?v=dQw4w9WgXcQ')).toBe(true);
    expect(looksLikeYoutube('https://youtu.be/dQw4w9WgXcQ')).toBe(true);
    expect(looksLikeYoutube('https://vimeo.com/1')).toBe(false);
  });
});
