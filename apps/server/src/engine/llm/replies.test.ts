import { describe, expect, it } from 'vitest';
import { cleanReply, isUsableReply, splitReplies } from './replies.ts';

describe('replies', () => {
  it('splits on blank lines into at most three messages', () => {
    expect(splitReplies('Uno.\n\nDos.\n \nTres.\n\nCuatro.')).toEqual(['Uno.', 'Dos.', 'Tres.\n\nCuatro.']);
    expect(splitReplies('Una línea\notra línea')).toEqual(['Una línea\notra línea']);
  });

  it('turns Markdown into WhatsApp formatting and drops reasoning', () => {
    expect(cleanReply('<think>el cliente pregunta…</think>\n## Precios\nLa **limpieza** cuesta $600. [Mapa](https://maps.example/x)')).toBe(
      '*Precios*\nLa *limpieza* cuesta $600. Mapa (https://maps.example/x)',
    );
  });

  it('rejects empty text, tool calls written as text and leaked markup', () => {
    expect(isUsableReply('')).toBe(false);
    expect(isUsableReply('{"name":"handoff","arguments":{}}')).toBe(false);
    expect(isUsableReply('<tool_call>{"name":"x"}</tool_call>')).toBe(false);
    expect(isUsableReply('<|im_start|>assistant')).toBe(false);
    expect(isUsableReply('x'.repeat(7000))).toBe(false);
    expect(isUsableReply('[Aviso] Abrimos a las 9.')).toBe(true);
    expect(isUsableReply('¡Claro! Con gusto.')).toBe(true);
  });
});
