import { describe, expect, it } from 'vitest';
import { joinHyphenatedLines, normalizeText } from './normalize.ts';

describe('normalizeText', () => {
  it('composes accents (NFC)', () => {
    const decomposed = 'Cafe\u0301 y an\u0303o';
    expect(normalizeText(decomposed)).toBe('Café y año');
    expect(normalizeText(decomposed)).toHaveLength('Café y año'.length);
  });

  it('collapses spaces, keeps lines, allows one blank line', () => {
    expect(normalizeText('  uno   dos\t\ttres \r\n\r\n\r\n\n cuatro\u00A0\u00A0cinco\u2003seis  ')).toBe('uno dos tres\n\ncuatro cinco seis');
  });

  it('strips control and invisible characters', () => {
    expect(normalizeText('a\u0000b\u0007c\u001Fd\u007Fe\u200Bf\uFEFFg\u00ADh\u0085i\fj')).toBe('abcdefgh\ni\n\nj');
  });

  it('joins words hyphenated at a line end, but not dashes or list items', () => {
    expect(joinHyphenatedLines('informa-\nción del trata-\nmiento')).toBe('información del tratamiento');
    expect(joinHyphenatedLines('precio-\n- Limpieza\nCDMX-\nGuadalajara')).toBe('precio-\n- Limpieza\nCDMX-\nGuadalajara');
  });
});
