import { describe, expect, it } from 'vitest';
import type { WhatsappTemplateOption } from '@charla/shared';
import { findTemplate, initialChoice, splitTemplates, templateBody, templateKey, templateLabel, textParts } from './template-choice.ts';

const option = (name: string, language: string, extra: Partial<WhatsappTemplateOption> = {}): WhatsappTemplateOption => ({
  name, language, category: 'UTILITY', header: null, body: 'Hola: {{1}}', footer: null, variables: 1, with_text: true, problem: null, ...extra,
});

const listed = [
  option('retomar_conversacion', 'es_MX', { body: 'Escríbenos y seguimos.', variables: 0, with_text: false }),
  option('seguimiento_cliente', 'en_US'),
  option('seguimiento_cliente', 'es_MX'),
  option('recordatorio_cita', 'es_MX', { variables: 3, with_text: false, problem: 'TOO_MANY_VARIABLES' }),
];

describe('choosing the closed-window template', () => {
  it('keys and labels each template by name and language', () => {
    expect(templateKey(listed[2]!)).toBe('seguimiento_cliente|es_MX');
    expect(templateLabel(listed[2]!)).toBe('seguimiento_cliente (es_MX)');
    expect(findTemplate(listed, 'seguimiento_cliente|en_US')).toBe(listed[1]);
    expect(findTemplate(listed, 'nada|es')).toBeNull();
  });

  it('offers only the usable templates and keeps the others apart', () => {
    const { usable, unusable } = splitTemplates(listed);
    expect(usable.map(templateKey)).toEqual(['retomar_conversacion|es_MX', 'seguimiento_cliente|en_US', 'seguimiento_cliente|es_MX']);
    expect(unusable.map((o) => o.problem)).toEqual(['TOO_MANY_VARIABLES']);
  });

  it('sends with_text as the template itself has it', () => {
    expect(templateBody(listed[0]!)).toEqual({ name: 'retomar_conversacion', language: 'es_MX', with_text: false });
    expect(templateBody(listed[2]!)).toEqual({ name: 'seguimiento_cliente', language: 'es_MX', with_text: true });
  });

  it('starts from the current template when it is still usable, else the first usable one', () => {
    expect(initialChoice(listed, { name: 'seguimiento_cliente', language: 'es_MX', with_text: true })).toBe('seguimiento_cliente|es_MX');
    expect(initialChoice(listed, { name: 'recordatorio_cita', language: 'es_MX', with_text: true })).toBe('retomar_conversacion|es_MX');
    expect(initialChoice(listed, null)).toBe('retomar_conversacion|es_MX');
    expect(initialChoice([listed[3]!], null)).toBe('');
  });

  it('marks the variables of a text for the preview', () => {
    expect(textParts('Hola, retomamos: {{1}}')).toEqual([{ text: 'Hola, retomamos: ', variable: false }, { text: '{{1}}', variable: true }]);
    expect(textParts('{{1}} y {{ 2 }}.')).toEqual([{ text: '{{1}}', variable: true }, { text: ' y ', variable: false }, { text: '{{ 2 }}', variable: true }, { text: '.', variable: false }]);
    expect(textParts('Sin variables')).toEqual([{ text: 'Sin variables', variable: false }]);
  });
});
