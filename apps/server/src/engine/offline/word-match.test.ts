import { describe, expect, it } from 'vitest';
import { analyzeQuestion, splitQuestions } from './question.ts';
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

describe('irregular participles', () => {
  it('"visto" is "ver", "impresa" is "imprimir", and their compounds follow them', () => {
    expect(sameWord('ver', 'visto')).toBe(true);
    expect(sameWord('impriman', 'impresa')).toBe(true);
    expect(sameWord('devolvemos', 'devuelto')).toBe(true);
    expect(sameWord('inscribir', 'inscrito')).toBe(true);
    expect(sameWord('cubre', 'cubierto')).toBe(true);
    // A short root takes no prefix.
    expect(sameWord('romper', 'derrota')).toBe(false);
  });
});

describe('nouns made by a suffix', () => {
  it('"kilometraje" is about "kilómetros", "hospedaje" about "hospedarse", but "masaje" is not "masa"', () => {
    expect(sameWord('kilometros', 'kilometraje')).toBe(true);
    expect(sameWord('hospedaje', 'hospedar')).toBe(true);
    expect(sameWord('masaje', 'masa')).toBe(false);
  });
});

describe('the questions of one message', () => {
  it('splits a question written after another without its marks, and one after a statement', () => {
    expect(splitQuestions('ustedes traen las cajas o las consigo yo? cuanto cuestan')).toEqual(['ustedes traen las cajas o las consigo yo?', 'cuanto cuestan']);
    expect(splitQuestions('quiero un pastel de 3 pisos, con cuanto tiempo lo pido y cuanto cuesta?')).toEqual([
      'quiero un pastel de 3 pisos, con cuanto tiempo lo pido',
      'cuanto cuesta?',
    ]);
    expect(splitQuestions('¿Tienen pastel de chocolate y de vainilla?')).toEqual(['¿Tienen pastel de chocolate y de vainilla?']);
    expect(splitQuestions('Estoy embarazada, ¿me pueden dar un masaje?')).toEqual(['Estoy embarazada, ¿me pueden dar un masaje?']);
  });

  it("weighs the customer's own doing after an object pronoun little, and the business's doing fully", () => {
    const clock = { now: new Date('2026-03-02T10:00:00-06:00'), timeZone: 'America/Mexico_City' };
    const weight = (text: string, word: string) => analyzeQuestion(text, clock).terms.find((t) => t.word === word)?.weight;
    expect(weight('¿traen las cajas o las consigo yo?', 'consigo')).toBeLessThan(0.5);
    expect(weight('¿En cuánto tiempo me entregan un traje?', 'entregan')).toBe(1);
    expect(weight('¿En cuánto tiempo me entregan un traje?', 'traje')).toBe(1);
  });
});

describe('what a question asks', () => {
  const clock = { now: new Date('2026-03-02T10:00:00-06:00'), timeZone: 'America/Mexico_City' };

  it('reads a word of a kind of fact after an indefinite article as a thing wanted, not the kind asked', () => {
    const wanted = analyzeQuestion('ocupo una direccion fiscal, tienen?', clock);
    expect(wanted.kinds).not.toContain('place');
    expect(wanted.terms.map((t) => t.word)).toContain('direccion');
    expect(analyzeQuestion('¿Cuál es su dirección?', clock).kinds).toContain('place');
    expect(analyzeQuestion('¿hay un costo extra?', clock).kinds).toContain('price');
    // "un lugar donde …" describes the thing; it does not ask where.
    expect(analyzeQuestion('necesito un lugar donde dejar mis cosas', clock).kinds).not.toContain('place');
    expect(analyzeQuestion('¿dónde puedo dejar mis cosas?', clock).kinds).toContain('place');
  });

  it('marks the words of a clause of purpose when the thing is named outside it, and asks no name there', () => {
    const q = analyzeQuestion('ocupo una direccion para darme de alta en el SAT, tienen eso?', clock);
    const sat = q.terms.find((t) => t.word === 'sat')!;
    expect(sat.purpose).toBe(true);
    expect(sat.entity).toBeUndefined();
    expect(q.terms.find((t) => t.word === 'direccion')!.purpose).toBeUndefined();
    // Without a thing named outside it, the clause is what is asked.
    expect(analyzeQuestion('¿Qué necesito para inscribirme?', clock).terms.every((t) => !t.purpose)).toBe(true);
    // "para mujer" is no clause of purpose.
    expect(analyzeQuestion('¿Tienen perfumes para mujer?', clock).terms.every((t) => !t.purpose)).toBe(true);
  });

  it('reads the place after a verb of sending as where to', () => {
    expect(analyzeQuestion('mandan a cancun?', clock).terms.find((t) => t.word === 'cancun')!.destination).toContain('enviar');
    expect(analyzeQuestion('¿Hacen envíos hasta Playa del Carmen?', clock).terms.filter((t) => t.destination).map((t) => t.word)).toEqual(['playa', 'carmen']);
    expect(analyzeQuestion('¿Tienen sucursal en Cholula?', clock).terms.some((t) => t.destination)).toBe(false);
    // "a domicilio" is how, not where.
    expect(analyzeQuestion('¿Entregan a domicilio?', clock).terms.some((t) => t.destination)).toBe(false);
  });
});
