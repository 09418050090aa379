import { describe, expect, it } from 'vitest';
import { signupBody } from './auth.ts';
import { issuesToFields } from './messages.ts';
import { pickLocale } from './locale.ts';
import { hasProtectedFeatures, normalizePlan } from './plans.ts';

describe('validation messages', () => {
  it('names each bad field in Spanish and English', () => {
    const r = signupBody.safeParse({ name: 'x'.repeat(121), email: 'nope', password: 'short', extra: 1 });
    expect(r.success).toBe(false);
    if (r.success) return;
    const es = issuesToFields(r.error.issues, 'es');
    expect(es).toMatchObject({
      name: 'Usa como máximo 120 caracteres.',
      email: 'Escribe un correo electrónico válido.',
      phone_number: 'Este campo es obligatorio.',
      password: 'Escribe al menos 8 caracteres.',
      extra: 'Campo no permitido.',
    });
    expect(issuesToFields(r.error.issues, 'en').email).toBe('Enter a valid e-mail address.');
  });

  it('normalizes the e-mail to lower case without spaces', () => {
    const r = signupBody.parse({ name: 'Ana', email: '  Ana@Clinica.MX ', phone_number: '+52 33 1234 5678', password: 'secreto123' });
    expect(r.email).toBe('ana@clinica.mx');
  });
});

describe('locale', () => {
  it('prefers the highest ranked supported language', () => {
    expect(pickLocale('en-US,en;q=0.9,es;q=0.8')).toBe('en');
    expect(pickLocale('fr-FR,es-MX;q=0.7')).toBe('es');
    expect(pickLocale(undefined)).toBe('es');
    expect(pickLocale('de')).toBe('es');
  });
});

describe('plans', () => {
  it('unlocks protected features only above Basic', () => {
    expect(normalizePlan('Gold')).toBe('Free');
    expect(hasProtectedFeatures(undefined)).toBe(false);
    expect(hasProtectedFeatures('Basic')).toBe(false);
    expect(hasProtectedFeatures('Pro')).toBe(true);
  });
});
