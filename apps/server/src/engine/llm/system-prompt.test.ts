import { describe, expect, it } from 'vitest';
import { buildSystemPrompt } from './system-prompt.ts';
import { testBot, testContext } from './test-support.ts';

const now = new Date('2025-11-20T22:00:00Z');

describe('buildSystemPrompt', () => {
  it('carries the business, goal, rules, local clock and the contact', () => {
    const prompt = buildSystemPrompt(
      testContext({
        now,
        bot: testBot({ purpose: 'sales', personality: 'Persuasivo', responseLength: 'short', redirectionEnabled: true, redirectionPhone: '+52 33 1234 5678' }),
        contact: { name: 'Ana', email: '', phone: '+5213312345678' },
      }),
    );
    expect(prompt).toContain('Tipo de negocio: Consultorio médico.');
    expect(prompt).toContain('Consultorio dental familiar en Guadalajara.');
    expect(prompt).toContain('Ayudar a vender');
    expect(prompt).toContain('Personalidad persuasiva');
    expect(prompt).toContain('una o dos oraciones');
    expect(prompt).toContain('hoy jueves 2025-11-20; mañana viernes 2025-11-21; sábado 2025-11-22');
    expect(prompt).toContain('- Nombre: Ana');
    expect(prompt).toContain('- Correo: aún no lo sabemos');
    expect(prompt).toContain('Nunca inventes ni estimes precios, horarios');
    expect(prompt).toContain('alguien de nuestro equipo');
    expect(prompt).toContain('al +52 33 1234 5678');
    expect(prompt).toContain('Cada cita dura 30 minutos.');
    expect(prompt).toContain('espera un sí explícito');
  });

  it('is written in English for an English bot', () => {
    const prompt = buildSystemPrompt(testContext({ now, bot: testBot({ language: 'en', tone: 'Informal', template: 'beauty_spa' }) }));
    expect(prompt).toContain('Always answer in English.');
    expect(prompt).toContain('Type of business: Beauty salon or spa.');
    expect(prompt).toContain("I don't have that information");
    expect(prompt).toContain('It is now Thursday, November 20 at 4:00 PM');
  });
});
