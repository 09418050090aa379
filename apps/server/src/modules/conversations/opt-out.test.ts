import { describe, expect, it } from 'vitest';
import { asksToOptOut, optOutConfirmation } from './opt-out.ts';

describe('opting out of marketing', () => {
  it('recognises BAJA, STOP and the ways people say it, and not ordinary messages', () => {
    for (const text of ['BAJA', 'baja.', 'Stop', ' STOP! ', 'Ya no me escriban', 'ya no me escriban por favor', 'No me manden más mensajes', 'dejen de escribirme', 'no quiero recibir más promociones', 'Quiero darme de baja']) {
      expect(asksToOptOut(text), text).toBe(true);
    }
    for (const text of ['Hola, ¿tienen cita el lunes?', 'La baja de precio aplica?', 'no me escribieron la dirección', 'stop by tomorrow?', '']) {
      expect(asksToOptOut(text), text).toBe(false);
    }
  });

  it('confirms in the bot’s tone', () => {
    expect(optOutConfirmation({ language: 'es', tone: 'Formal' })).toMatch(/le enviaremos/);
    expect(optOutConfirmation({ language: 'es', tone: 'Informal' })).toMatch(/te enviaremos/);
    expect(optOutConfirmation({ language: 'en', tone: 'Formal' })).toMatch(/promotional/);
  });
});
