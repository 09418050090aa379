import { describe, expect, it } from 'vitest';
import { analyzeQuestion } from './question.ts';
import { sameWord } from './word-match.ts';

const alternatives = (word: string) => analyzeQuestion(`¿Tienen ${word}?`, { now: new Date('2026-03-02T10:00:00-06:00'), timeZone: 'America/Mexico_City' }).terms.find((t) => t.word === word)!.alternatives;

describe('sameWord', () => {
  it('joins a stem and a longer word that only adds an ending', () => {
    expect(sameWord('hipoteca', 'hipotecarios')).toBe(true);
    expect(sameWord('reservar', 'reservacion')).toBe(true);
  });

  it('does not join two roots that only start alike', () => {
    expect(sameWord('comprar', 'comprobable')).toBe(false);
    expect(sameWord('compro', 'comprobable')).toBe(false);
    expect(sameWord('transporte', 'transparente')).toBe(false);
  });

  it('reads a one-letter slip as a typo, but not another word of the same root', () => {
    expect(sameWord('habitacon', 'habitacion')).toBe(true);
    expect(sameWord('cafeteria', 'cafetera')).toBe(false);
    expect(sameWord('panaderias', 'panaderas')).toBe(false);
  });

  it('finds a word inside one made with a prefix', () => {
    expect(sameWord('rabia', 'antirrabica')).toBe(true);
    expect(sameWord('antiinflamatorio', 'inflamatorio')).toBe(true);
    expect(sameWord('rabia', 'rabano')).toBe(false);
  });
});

describe('alternatives of a question word', () => {
  it('a means of payment is a payment, but not another means', () => {
    expect(alternatives('tarjeta')).toContain('pago');
    expect(alternatives('tarjeta')).not.toContain('efectivo');
    expect(alternatives('pago')).toContain('tarjeta');
  });

  it('a bank transfer is not a transfer to the airport', () => {
    expect(alternatives('transferencia')).not.toContain('traslado');
    expect(alternatives('pago')).not.toContain('traslado');
  });
});

describe('verb forms spelt apart to keep their sound', () => {
  it('"recojo" is "recogen", "venzo" is "vence", but not another word', () => {
    expect(sameWord('recojo', 'recogen')).toBe(true);
    expect(sameWord('venzo', 'vencen')).toBe(true);
    expect(sameWord('recojo', 'recorrido')).toBe(false);
  });
});
