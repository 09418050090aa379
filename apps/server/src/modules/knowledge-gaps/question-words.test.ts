import { describe, expect, it } from 'vitest';
import { questionWords, sameQuestion, sameWording, similarity } from './question-words.ts';

/** Groups questions as the recorder does: each joins the most alike group, or starts one. */
function group(questions: string[]): string[][] {
  const groups: { words: string[]; questions: string[] }[] = [];
  for (const q of questions) {
    const words = questionWords(q);
    const found = sameQuestion(words, groups);
    if (found) found.questions.push(q);
    else groups.push({ words, questions: [q] });
  }
  return groups.map((g) => g.questions);
}

describe('questions customers ask the same way', () => {
  it('keeps only content words: lower case, no accents, no stop words', () => {
    expect(questionWords('¿Aceptan TARJETA de crédito a meses?')).toEqual(['tarjet', 'credit', 'meses']);
    expect(questionWords('Hola, ¿tienen estacionamiento?')).toEqual(['estaci']);
    expect(questionWords('¿?')).toEqual([]);
  });

  it('groups different wordings of one question and keeps other questions apart', () => {
    const groups = group([
      '¿Aceptan tarjeta de crédito a meses?',
      '¿Tienen estacionamiento?',
      'Hola, ¿se puede pagar con tarjeta de crédito a meses sin intereses?',
      '¿Hay estacionamiento cerca?',
      'pagan a meses con tarjeta de credito??',
      '¿Atienden niños pequeños?',
      'Hay donde estacionarse?',
    ]);
    expect(groups).toEqual([
      ['¿Aceptan tarjeta de crédito a meses?', 'Hola, ¿se puede pagar con tarjeta de crédito a meses sin intereses?', 'pagan a meses con tarjeta de credito??'],
      ['¿Tienen estacionamiento?', '¿Hay estacionamiento cerca?', 'Hay donde estacionarse?'],
      ['¿Atienden niños pequeños?'],
    ]);
  });

  it('measures overlap as shared words over all words', () => {
    expect(similarity(['a', 'b'], ['a', 'b'])).toBe(1);
    expect(similarity(['a', 'b'], ['b', 'c'])).toBeCloseTo(1 / 3);
    expect(similarity([], ['a'])).toBe(0);
  });

  it('tells the same wording apart from another', () => {
    expect(sameWording('¿Tienen estacionamiento?', 'tienen  ESTACIONAMIENTO')).toBe(true);
    expect(sameWording('¿Tienen estacionamiento?', '¿Hay estacionamiento?')).toBe(false);
  });
});
