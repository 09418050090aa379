import { describe, expect, it } from 'vitest';
import { slashQuery } from './slash-query.ts';

describe('the composer’s / search', () => {
  it('opens when the whole text is / and words on one line, and closes otherwise', () => {
    expect(slashQuery('/')).toBe('');
    expect(slashQuery('/hor')).toBe('hor');
    expect(slashQuery('/horario de sábado')).toBe('horario de sábado');
    expect(slashQuery('Hola /hor')).toBeNull();
    expect(slashQuery('/hor\nsegunda línea')).toBeNull();
    expect(slashQuery('')).toBeNull();
  });
});
