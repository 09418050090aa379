import { describe, expect, it } from 'vitest';
import { spanishClock } from './clock-style.ts';

describe('spanishClock', () => {
  it('writes every 12-hour time as the engine does ("5:00 p. m.")', () => {
    expect(spanishClock('Abrimos de 9 am a 5:00pm.')).toBe('Abrimos de 9:00 a. m. a 5:00 p. m.');
    expect(spanishClock('Cerramos a las 7:30 P.M. y el sábado a las 2 p.m.')).toBe('Cerramos a las 7:30 p. m. y el sábado a las 2:00 p. m.');
    expect(spanishClock('Cita el jueves a las 4:00 p. m.')).toBe('Cita el jueves a las 4:00 p. m.');
  });

  it('keeps 24-hour times and words that only look like a marker', () => {
    expect(spanishClock('Lunes a viernes de 9:00 a 17:00; 3 amigos pagan menos')).toBe('Lunes a viernes de 9:00 a 17:00; 3 amigos pagan menos');
  });
});
