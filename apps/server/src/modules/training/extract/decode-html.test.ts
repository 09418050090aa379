import { describe, expect, it } from 'vitest';
import { decodeHtml } from './decode-html.ts';

const latin1 = (s: string) => new Uint8Array(Buffer.from(s, 'latin1'));

describe('decodeHtml', () => {
  it('uses the charset of the Content-Type header', () => {
    expect(decodeHtml(latin1('<p>Año</p>'), 'text/html; charset=ISO-8859-1')).toBe('<p>Año</p>');
    expect(decodeHtml(new TextEncoder().encode('<p>Año</p>'), 'text/html; charset="utf-8"')).toBe('<p>Año</p>');
  });

  it('reads a <meta charset> when the header has none', () => {
    expect(decodeHtml(latin1('<html><head><meta charset="windows-1252"></head><body>Teléfono</body></html>'))).toContain('Teléfono');
    expect(decodeHtml(latin1('<meta http-equiv="Content-Type" content="text/html; charset=iso-8859-1"><p>Niños</p>'), 'text/html')).toContain('Niños');
  });

  it('guesses UTF-8, then windows-1252, and survives an unknown label', () => {
    expect(decodeHtml(new TextEncoder().encode('<p>Año</p>'))).toBe('<p>Año</p>');
    expect(decodeHtml(latin1('<p>Año</p>'))).toBe('<p>Año</p>');
    expect(decodeHtml(latin1('<p>Año</p>'), 'text/html; charset=x-no-such-thing')).toBe('<p>Año</p>');
    expect(decodeHtml(new Uint8Array([0xef, 0xbb, 0xbf, ...new TextEncoder().encode('<p>Sí</p>')]), 'text/html; charset=iso-8859-1')).toBe('<p>Sí</p>');
  });
});
