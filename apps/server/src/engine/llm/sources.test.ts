import { describe, expect, it } from 'vitest';
import { usedSources } from './sources.ts';
import { testPassages } from './test-support.ts';

const [cleaning, hours, , whitening] = testPassages as [(typeof testPassages)[0], (typeof testPassages)[0], unknown, (typeof testPassages)[0]];

describe('usedSources', () => {
  it('keeps the passages that lent the reply a number or words the customer did not say', () => {
    const shown = [cleaning, whitening, hours];
    expect(usedSources(shown, 'La limpieza dental cuesta $600 MXN.', '¿Cuánto cuesta la limpieza dental?')).toEqual([cleaning]);
    expect(usedSources(shown, 'Abrimos de lunes a viernes de 9:00 a 18:00.', '¿Qué horario tienen?')).toEqual([hours]);
  });

  it('has none when the reply admits not having the information', () => {
    expect(usedSources([cleaning], 'Disculpe, no tengo esa información.', '¿Aceptan tarjeta?')).toEqual([]);
  });

  it('keeps all shown when the reply paraphrases beyond recognition', () => {
    expect(usedSources([cleaning, whitening], 'Sure, that is available.', 'Do you do cleanings?')).toEqual([cleaning, whitening]);
  });
});
