import { describe, expect, it } from 'vitest';
import { signupBody, updateClientBody } from './auth.ts';
import { newBotBody, updateBotBody } from './bots.ts';
import { issuesToFields } from './messages.ts';
import { checkPhone, formatPhone, greetingName, nameInitials, normalizeWebAddress, phoneCountryOf } from './input-rules.ts';

const signup = (phone_number: string) => ({ name: 'Dra. Lucía Herrera', email: 'lucia@sonrisaplena.mx', phone_number, password: 'sonrisa-2026' });

describe('phones', () => {
  it('shows a stored number grouped as people read it, and anything else as it is', () => {
    expect(formatPhone('+523311408862')).toBe('+52 33 1140 8862');
    expect(formatPhone('+14155552671')).toBe('+1 415 555 2671');
    expect(formatPhone('+5213312345678')).toBe('+52 33 1234 5678');
    expect(formatPhone('+52 (33) 1140-8862')).toBe('+52 33 1140 8862');
    expect(formatPhone('3312345678')).toBe('+52 33 1234 5678');
    expect(formatPhone('(415) 555-2671', 'US')).toBe('+1 415 555 2671');
    expect(formatPhone('12345')).toBe('12345');
    expect(formatPhone('Ana')).toBe('Ana');
    expect(formatPhone('')).toBe('');
  });
  it('answers a Mexican number in E.164 and refuses one without the area code', () => {
    expect(checkPhone('33 1234 5678')).toEqual({ ok: true, e164: '+523312345678' });
    expect(checkPhone('+52 33 1234 5678')).toEqual({ ok: true, e164: '+523312345678' });
    expect(checkPhone('+52 1 33 1234 5678')).toEqual({ ok: true, e164: '+523312345678' });
    expect(checkPhone('(55) 5555-1234')).toEqual({ ok: true, e164: '+525555551234' });
    expect(checkPhone('33 1234')).toEqual({ ok: false, problem: 'phone_short' });
    expect(checkPhone('33 1234 5678 999')).toEqual({ ok: false, problem: 'phone_long' });
    expect(checkPhone('llámame')).toEqual({ ok: false, problem: 'phone' });
    expect(checkPhone('+1 415 555 2671')).toEqual({ ok: true, e164: '+14155552671' });
  });

  it('reads a number without "+" in the country of the browser, Mexico when the locale names none', () => {
    expect(phoneCountryOf('es-MX')).toBe('MX');
    expect(phoneCountryOf('en-US')).toBe('US');
    expect(phoneCountryOf('es')).toBe('MX');
    expect(phoneCountryOf(undefined)).toBe('MX');
    expect(checkPhone('415 555 2671', phoneCountryOf('en-US'))).toEqual({ ok: true, e164: '+14155552671' });
  });

  it('the sign-up and account schemas store E.164 and explain a short number in both languages', () => {
    expect(signupBody.parse(signup('33 1234 5678')).phone_number).toBe('+523312345678');
    const short = signupBody.safeParse(signup('33 1234'));
    expect(short.success).toBe(false);
    expect(issuesToFields(short.error!.issues, 'es').phone_number).toMatch(/con lada, por ejemplo 33 1234 5678/);
    expect(issuesToFields(short.error!.issues, 'en').phone_number).toMatch(/area code/);
    const account = updateClientBody.parse({ id: '7c3f1a8e-2b4d-4e6f-8a9b-0c1d2e3f4a5b', name: 'Ana', email: 'ana@x.mx', phone_number: '33 9999 0000' });
    expect(account.phone_number).toBe('+523399990000');
  });

  it("a bot's phones are optional, and normalised when given", () => {
    expect(updateBotBody.parse({ business_phone: '', redirection_phone: '81 5555 0000' })).toEqual({ business_phone: '', redirection_phone: '+528155550000' });
    expect(updateBotBody.safeParse({ redirection_phone: '81 55' }).success).toBe(false);
  });
});

describe('web addresses', () => {
  it('accepts a bare domain and stores it with https://', () => {
    expect(normalizeWebAddress('sonrisaplena.mx')).toBe('https://sonrisaplena.mx');
    expect(normalizeWebAddress('www.sonrisaplena.mx/citas?x=1')).toBe('https://www.sonrisaplena.mx/citas?x=1');
    expect(normalizeWebAddress('http://sonrisaplena.mx')).toBe('http://sonrisaplena.mx');
    expect(normalizeWebAddress('')).toBe('');
    for (const bad of ['javascript:alert(1)', 'sonrisa plena', 'sonrisaplena', 'ftp://a.mx', 'https://']) expect(normalizeWebAddress(bad)).toBeUndefined();
  });

  it('the bot schemas store it', () => {
    const body = { bot_name: 'Sofía', bot_objective: 'doctor_appointment', business_name: 'Sonrisa Plena', business_desc: '', user_email: 'a@b.mx', business_phone: '', welcome_message: '', about_bot: '', language: 'es' };
    expect(newBotBody.parse({ ...body, business_url: 'sonrisaplena.mx' }).business_url).toBe('https://sonrisaplena.mx');
    const bad = newBotBody.safeParse({ ...body, business_url: 'javascript:alert(1)' });
    expect(issuesToFields(bad.error!.issues, 'es').business_url).toMatch(/sonrisaplena\.mx/);
  });
});

describe('names', () => {
  it('greets and draws initials without the title', () => {
    expect(greetingName('Dra. Lucía Herrera')).toBe('Lucía');
    expect(nameInitials('Dra. Lucía Herrera')).toBe('LH');
    expect(greetingName('Lic. Juan Pérez')).toBe('Juan');
    expect(nameInitials('Ing. Mario')).toBe('MA');
    expect(greetingName('Sr. José Luis Mtro.')).toBe('José');
    expect(nameInitials('ana lópez')).toBe('AL');
    expect(greetingName('Dra.')).toBe('Dra.');
    expect(greetingName('')).toBe('');
  });
});
