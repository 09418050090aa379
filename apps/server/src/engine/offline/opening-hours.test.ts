import { describe, expect, it } from 'vitest';
import { defaultScheduling } from '@charla/shared';
import { conversation } from './test-support/conversation.ts';
import { openingHoursSentence } from './opening-hours.ts';

const NOW = new Date('2026-03-02T10:00:00-06:00');

describe('opening hours from the bot settings', () => {
  it('groups consecutive days with the same hours, in Spanish and English', () => {
    expect(openingHoursSentence(defaultScheduling.hours, 'es')).toBe('Atendemos de lunes a viernes de 9:00 a 18:00 y el sábado de 9:00 a 14:00.');
    expect(openingHoursSentence(defaultScheduling.hours, 'en')).toBe('We are open Monday to Friday from 9:00 to 18:00 and on Saturday from 9:00 to 14:00.');
    const split = { ...defaultScheduling.hours, wednesday: [{ start: '09:00', end: '13:00' }, { start: '15:00', end: '19:00' }] };
    expect(openingHoursSentence(split, 'es')).toBe(
      'Atendemos el lunes y el martes de 9:00 a 18:00, el miércoles de 9:00 a 13:00 y de 15:00 a 19:00, el jueves y el viernes de 9:00 a 18:00 y el sábado de 9:00 a 14:00.',
    );
    expect(openingHoursSentence({ ...defaultScheduling.hours, monday: [], tuesday: [], wednesday: [], thursday: [], friday: [], saturday: [] }, 'es')).toBeUndefined();
  });

  it('answers "¿Qué horario tienen?" from the settings when no document says it', async () => {
    const chat = conversation({ now: NOW, bot: { openingHours: defaultScheduling.hours } });
    const { text } = await chat.send('¿Qué horario tienen?');
    expect(text).toContain('Atendemos de lunes a viernes de 9:00 a 18:00 y el sábado de 9:00 a 14:00.');
  });
});
