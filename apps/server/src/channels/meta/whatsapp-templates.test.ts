import { describe, expect, it } from 'vitest';
import { sampleTemplates } from './test-support/fake-graph.ts';
import { sortOptions, templateOption, templateProblem, type GraphTemplate } from './whatsapp-templates.ts';

const sample = (name: string, language = 'es_MX') => sampleTemplates.find((t) => t.name === name && t.language === language)!;
const body = (text: string, extra: Partial<GraphTemplate> = {}): GraphTemplate => ({ name: 'x', language: 'es', components: [{ type: 'BODY', text }], ...extra });

describe('which approved templates can carry the reply', () => {
  it('takes a body with no variable or one {{1}} (used twice it is still one)', () => {
    expect(templateOption(sample('seguimiento_cliente'))).toEqual({
      name: 'seguimiento_cliente',
      language: 'es_MX',
      category: 'UTILITY',
      header: null,
      body: 'Hola, retomamos tu conversación con nosotros: {{1}}',
      footer: 'Responde a este mensaje para continuar.',
      variables: 1,
      with_text: true,
      problem: null,
    });
    expect(templateOption(sample('retomar_conversacion'))).toMatchObject({ header: '¡Hola de nuevo!', variables: 0, with_text: false, problem: null });
    expect(templateOption(body('{{1}} — repetimos: {{ 1 }}'))).toMatchObject({ variables: 1, with_text: true, problem: null });
  });

  it('refuses what the send cannot fill: several or named variables, media or variable headers, parameter buttons, authentication and carousels', () => {
    expect(templateProblem(sample('recordatorio_cita'))).toBe('TOO_MANY_VARIABLES');
    expect(templateProblem(sample('pedido_enviado'))).toBe('NAMED_VARIABLES');
    expect(templateProblem(body('Hola {{nombre}}'))).toBe('NAMED_VARIABLES');
    expect(templateProblem(sample('promo_temporada'))).toBe('HEADER_MEDIA');
    expect(templateProblem(sample('codigo_verificacion'))).toBe('UNSUPPORTED_KIND');
    expect(templateProblem(body('Hola', { components: [{ type: 'HEADER', format: 'TEXT', text: 'Hola {{1}}' }, { type: 'BODY', text: 'Hola' }] }))).toBe('HEADER_VARIABLE');
    expect(templateProblem(body('Hola', { components: [{ type: 'BODY', text: 'Hola' }, { type: 'BUTTONS', buttons: [{ type: 'URL', text: 'Ver', url: 'https://charla.mx/p/{{1}}' }] }] }))).toBe('BUTTON_VARIABLE');
    expect(templateProblem(body('Hola', { components: [{ type: 'BODY', text: 'Hola' }, { type: 'BUTTONS', buttons: [{ type: 'URL', text: 'Ver', url: 'https://charla.mx' }, { type: 'PHONE_NUMBER', text: 'Llamar', phone_number: '+523312345678' }] }] }))).toBeNull();
    expect(templateProblem(body('Hola', { components: [{ type: 'BODY', text: 'Hola' }, { type: 'CAROUSEL' }] }))).toBe('UNSUPPORTED_KIND');
  });

  it('lists usable templates first, then by name', () => {
    const sorted = sortOptions(sampleTemplates.map(templateOption)).map((o) => `${o.name}/${o.language}${o.problem ? '✕' : ''}`);
    expect(sorted.slice(0, 4)).toEqual(['aviso_general/es', 'hello_world/en_US', 'oferta_fin_de_mes/es_MX', 'retomar_conversacion/es_MX']);
    expect(sorted.at(-1)).toMatch(/✕$/);
  });
});
