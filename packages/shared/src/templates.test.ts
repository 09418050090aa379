import { describe, expect, it } from 'vitest';
import { botTemplates, cardTemplates, specialityToObjective, templateKeyByLabel } from './templates.ts';
import { newBotBody, schedulingItem, defaultScheduling, maskSecret } from './bots.ts';
import { isIanaTimeZone } from './constants.ts';
import { issuesToFields } from './messages.ts';

describe('templates', () => {
  it('has 18 labelled templates and three keys with empty labels', () => {
    expect(cardTemplates).toHaveLength(18);
    expect(Object.keys(botTemplates)).toHaveLength(21);
    expect(['autonomous', 'properties', 'construction_material'].map((k) => botTemplates[k as keyof typeof botTemplates])).toEqual(['', '', '']);
    expect(templateKeyByLabel['Consultorio médico']).toBe('doctor_appointment');
  });

  it('converts a speciality to bot_objective: labels, keys, any case or accents', () => {
    expect(specialityToObjective('Consultorio médico')).toBe('doctor_appointment');
    expect(specialityToObjective('  consultorio MEDICO ')).toBe('doctor_appointment');
    expect(specialityToObjective('padel_club')).toBe('padel_club');
    expect(specialityToObjective('construction_material')).toBe('construction_material');
    expect(specialityToObjective('Taller mecánico')).toBe('creative');
    expect(specialityToObjective('')).toBe('creative');
  });
});

describe('bot rules', () => {
  it('refuses overlapping, reversed and malformed opening hours, in Spanish', () => {
    const bad = structuredClone(defaultScheduling);
    bad.hours.monday = [{ start: '09:00', end: '14:00' }, { start: '13:00', end: '18:00' }];
    bad.hours.tuesday = [{ start: '18:00', end: '09:00' }];
    bad.hours.friday = [{ start: '9:00', end: '25:00' }];
    const r = schedulingItem.safeParse(bad);
    expect(r.success).toBe(false);
    const fields = issuesToFields(r.error!.issues, 'es');
    expect(fields['hours.monday.1.start']).toBe('Este horario se cruza con otro del mismo día.');
    expect(fields['hours.tuesday.0.end']).toBe('La hora de cierre debe ser posterior a la de apertura.');
    expect(fields['hours.friday.0.start']).toBe('Usa el formato HH:MM de 24 horas.');
    expect(schedulingItem.safeParse(defaultScheduling).success).toBe(true);
  });

  it('accepts only IANA time zones', () => {
    expect(isIanaTimeZone('America/Mexico_City')).toBe(true);
    expect(isIanaTimeZone('UTC')).toBe(true);
    expect(isIanaTimeZone('Mars/Olympus')).toBe(false);
    expect(isIanaTimeZone('+01:00')).toBe(false);
    expect(isIanaTimeZone('CST')).toBe(false);
  });

  it('checks the creation payload', () => {
    const r = newBotBody.safeParse({
      bot_name: '', bot_objective: 'spaceship', business_name: 'Sonrisa', business_desc: '', business_url: 'ftp://x.mx',
      user_email: 'ana@clinica.mx', business_phone: '', welcome_message: '', about_bot: '', language: 'es',
    });
    const fields = issuesToFields(r.error!.issues, 'es');
    expect(Object.keys(fields).sort()).toEqual(['bot_name', 'bot_objective', 'business_url']);
    expect(fields.business_url).toBe('Escribe una dirección web válida, por ejemplo sonrisaplena.mx.');
  });

  it('masks secrets', () => {
    expect(maskSecret('EAAGm0PX4ZCpsBAKZC9x9Zk')).toBe('EAAG…x9Zk');
    expect(maskSecret('short')).toBe('•••••');
  });
});
