import { describe, expect, it } from 'vitest';
import { toConversation } from './messages.ts';

describe('toConversation', () => {
  it('merges consecutive messages of one side and puts the new ones last', () => {
    const { messages, opening } = toConversation(
      [
        { direction: 'in', text: 'Hola' },
        { direction: 'out', text: '¡Hola!' },
        { direction: 'out', text: '¿En qué le ayudo?' },
      ],
      ['Quiero una cita', 'para mañana', ' '],
    );
    expect(opening).toEqual([]);
    expect(messages).toEqual([
      { role: 'user', content: 'Hola' },
      { role: 'assistant', content: '¡Hola!\n¿En qué le ayudo?' },
      { role: 'user', content: 'Quiero una cita\npara mañana' },
    ]);
  });

  it('sets apart what the business sent before the customer wrote', () => {
    const { messages, opening } = toConversation([{ direction: 'out', text: 'Promoción de noviembre: 20% en limpiezas' }], ['¿Hasta cuándo?']);
    expect(opening).toEqual(['Promoción de noviembre: 20% en limpiezas']);
    expect(messages).toEqual([{ role: 'user', content: '¿Hasta cuándo?' }]);
  });
});
