import { describe, expect, it } from 'vitest';
import { isExtractError } from './extract-error.ts';
import { extractText } from './extract-text.ts';
import { hasEvalFiles, knowledgeFile } from './test-support/eval-files.ts';

function codeOf(run: () => unknown): string | undefined {
  try {
    run();
  } catch (error) {
    if (isExtractError(error)) return error.code;
    throw error;
  }
  return undefined;
}

describe('extractText', () => {
  it('normalizes pasted text and keeps Markdown as written', () => {
    expect(extractText('  # Horario\r\n\r\n\r\n\r\nLunes  a\tviernes\u00A0de 9 a 18 h.\u200B  \n- Sábados: cerrado ').text).toBe(
      '# Horario\n\nLunes a viernes de 9 a 18 h.\n- Sábados: cerrado',
    );
  });

  it('decodes uploaded bytes: UTF-8, UTF-8 with BOM, windows-1252', () => {
    expect(extractText(new TextEncoder().encode('Año: 2009')).text).toBe('Año: 2009');
    expect(extractText(new Uint8Array([0xef, 0xbb, 0xbf, ...new TextEncoder().encode('Teléfono')])).text).toBe('Teléfono');
    expect(extractText(new Uint8Array(Buffer.from('Niños y señoras', 'latin1'))).text).toBe('Niños y señoras');
  });

  it('says TEXT_EMPTY when nothing readable is left', () => {
    expect(codeOf(() => extractText(''))).toBe('TEXT_EMPTY');
    expect(codeOf(() => extractText(' \n\t\u200B\u0000 '))).toBe('TEXT_EMPTY');
    expect(codeOf(() => extractText('--- *** ...'))).toBe('TEXT_EMPTY');
    expect(codeOf(() => extractText(new Uint8Array()))).toBe('TEXT_EMPTY');
  });

  it('says TEXT_TOO_LONG past 200,000 characters, naming the limit', () => {
    expect(extractText('a'.repeat(200_000)).text).toHaveLength(200_000);
    expect(codeOf(() => extractText('a'.repeat(200_001)))).toBe('TEXT_TOO_LONG');
    expect(codeOf(() => extractText('a'.repeat(5_000_000)))).toBe('TEXT_TOO_LONG');
    expect(codeOf(() => extractText('abc def', { maxChars: 5 }))).toBe('TEXT_TOO_LONG');
    // spaces that normalization removes do not count
    expect(extractText(`${'a '.repeat(99_000)}${' '.repeat(50_000)}`).text.length).toBeLessThanOrEqual(200_000);
    try {
      extractText('a'.repeat(200_001));
    } catch (error) {
      expect(isExtractError(error) && error.reason.es).toContain('200,000 caracteres');
    }
  });

  it.skipIf(!hasEvalFiles)('reads the real knowledge files', () => {
    const md = extractText(knowledgeFile('padel-club-norte', 'club.md')).text;
    expect(md).toContain('## Membresía\nLa membresía mensual cuesta $1,200.');
    const txt = extractText(knowledgeFile('dental-sonrisa', 'informacion-general.txt')).text;
    expect(txt).toContain('Urgencias: atendemos urgencias dentales el mismo día');
  });
});
