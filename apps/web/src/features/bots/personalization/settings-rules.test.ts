import { describe, expect, it } from 'vitest';
import { loadPhoneRules } from '../../../lib/phone-input.ts';
import { checkDigits, checkHours, idleMinutes, checkPhone, checkText, checkUrl, fillReminder, nextRange } from './settings-rules.ts';

const week = { monday: [], tuesday: [], wednesday: [], thursday: [], friday: [], saturday: [], sunday: [] };

describe('settings rules', () => {
  it('checks text, URLs, phones, Meta ids and tokens like the server', async () => {
    await loadPhoneRules();
    expect(checkText(' ', { required: true, max: 5 })).toEqual({ rule: 'required' });
    expect(checkText('abcdef', { max: 5 })).toEqual({ rule: 'tooLong', max: 5 });
    expect(checkText('', { max: 5 })).toBeUndefined();
    expect(checkUrl('', 500)).toBeUndefined();
    expect(checkUrl('www.clinica.mx', 500)).toBeUndefined();
    expect(checkUrl('sonrisaplena.mx', 500)).toBeUndefined();
    expect(checkUrl('clinica', 500)).toEqual({ rule: 'url' });
    expect(checkUrl('javascript:alert(1)', 500)).toEqual({ rule: 'url' });
    expect(checkUrl('https://clinica.mx', 500)).toBeUndefined();
    expect(checkPhone('', { max: 20 })).toBeUndefined();
    expect(checkPhone('', { required: true, max: 20 })).toEqual({ rule: 'required' });
    expect(checkPhone('+52 33 1234 5678', { max: 20 })).toBeUndefined();
    expect(checkPhone('tel 33', { max: 20 })).toEqual({ rule: 'phone' });
    expect(checkPhone('33 1234', { max: 20 })).toEqual({ rule: 'phoneShort' });
    expect(checkPhone('33 1234 5678', { max: 20 })).toBeUndefined();
    expect(checkDigits('')).toEqual({ rule: 'required' });
    expect(checkDigits('12a45')).toEqual({ rule: 'digits' });
    expect(checkDigits('104857362819')).toBeUndefined();
  });

  it('refuses ranges that end before they start or overlap, keyed like server field errors', () => {
    expect(checkHours({ ...week, monday: [{ start: '09:00', end: '14:00' }, { start: '16:00', end: '19:00' }] })).toEqual({});
    expect(checkHours({ ...week, monday: [{ start: '18:00', end: '09:00' }] })).toEqual({ 'hours.monday.0.end': { rule: 'rangeOrder' } });
    expect(checkHours({ ...week, friday: [{ start: '12:00', end: '15:00' }, { start: '09:00', end: '13:00' }] })).toEqual({
      'hours.friday.0.start': { rule: 'rangeOverlap' },
    });
    expect(checkHours({ ...week, sunday: [{ start: '', end: '10:00' }] })).toEqual({ 'hours.sunday.0.start': { rule: 'required' } });
  });

  it('suggests the next range of a day', () => {
    expect(nextRange([])).toEqual({ start: '09:00', end: '10:00' });
    expect(nextRange([{ start: '09:00', end: '14:00' }])).toEqual({ start: '15:00', end: '16:00' });
    expect(nextRange([{ start: '20:00', end: '23:30' }])).toEqual({ start: '22:00', end: '23:00' });
  });

  it("fills the reminder placeholders for the preview in the bot's language and the product's clock", () => {
    const es = { nombre: 'Ana', timeZone: 'America/Mexico_City', language: 'es' as const };
    expect(fillReminder('Hola {nombre}, tu cita es el {fecha} a las {hora} {otro}', es)).toBe('Hola Ana, tu cita es el martes 14 de mayo a las 10:30 a. m. {otro}');
    const en = { nombre: 'Ana', timeZone: 'America/New_York', language: 'en' as const };
    expect(fillReminder('Hi {nombre}, see you on {fecha} at {hora}.', en)).toBe('Hi Ana, see you on Tuesday, May 14 at 10:30 AM.');
  });
});

describe('idle minutes before the assistant takes a conversation back', () => {
  it('takes whole minutes from 0 (never) to a week, nothing else', () => {
    expect(idleMinutes('30')).toBe(30);
    expect(idleMinutes(' 0 ')).toBe(0);
    expect(idleMinutes('10080')).toBe(10080);
    for (const bad of ['', '-1', '1.5', '10081', 'treinta', '1e3']) expect(idleMinutes(bad), bad).toBeNull();
  });
});
