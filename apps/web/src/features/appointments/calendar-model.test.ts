import { describe, expect, it } from 'vitest';
import { defaultScheduling, type Appointment } from '@charla/shared';
import { businessHours, byDayInZone, catalogMinutes, formatInZone, startOfDayInZone, toEvents, upcomingRange } from './calendar-model.ts';

const appointment = (over: Partial<Appointment>): Appointment => ({
  id: '0b6c3c55-1f7e-4d3b-9b58-0a0f4a1b2c3d',
  botId: '7b6c3c55-1f7e-4d3b-9b58-0a0f4a1b2c3d',
  contact: { id: '1b6c3c55-1f7e-4d3b-9b58-0a0f4a1b2c3d', name: 'Lucía Gómez', phone: '', email: '' },
  conversationId: null,
  channel: null,
  start: '2030-03-04T16:00:00.000Z',
  end: '2030-03-04T16:30:00.000Z',
  service: '',
  notes: '',
  status: 'booked',
  source: 'bot',
  createdAt: '2030-03-01T16:00:00.000Z',
  updatedAt: '2030-03-01T16:00:00.000Z',
  ...over,
});

describe('calendar model', () => {
  it('colours events by status and lets only booked or confirmed ones move', () => {
    const [booked, cancelled] = toEvents([appointment({ service: 'Limpieza' }), appointment({ status: 'cancelled', contact: { id: 'x', name: '', phone: '+52 33', email: '' } })], 'Sin nombre');
    expect(booked).toMatchObject({ title: 'Lucía Gómez · Limpieza', editable: true, classNames: ['citas-status-booked'] });
    expect(cancelled).toMatchObject({ title: '+52 33', editable: false, backgroundColor: 'transparent' });
    expect(booked!.backgroundColor).not.toBe(toEvents([appointment({ status: 'confirmed' })], '')[0]!.backgroundColor);
  });

  it('turns the weekly opening hours into business hours, Sunday closed', () => {
    const hours = businessHours(defaultScheduling);
    expect(hours).toContainEqual({ daysOfWeek: [1], startTime: '09:00', endTime: '18:00' });
    expect(hours).toContainEqual({ daysOfWeek: [6], startTime: '09:00', endTime: '14:00' });
    expect(hours.some((h) => h.daysOfWeek[0] === 0)).toBe(false);
  });

  it('groups free times by their day in the bot time zone', () => {
    // 23:30 in UTC on the 4th is still the 4th in Mexico City; 06:30 UTC on the 5th is the 5th at 00:30.
    const groups = byDayInZone(['2030-03-04T23:30:00Z', '2030-03-05T05:30:00Z', '2030-03-05T06:30:00Z'], 'America/Mexico_City', 'es');
    expect(groups).toEqual([
      { day: 'lunes, 4 de marzo', items: ['2030-03-04T23:30:00Z', '2030-03-05T05:30:00Z'] },
      { day: 'martes, 5 de marzo', items: ['2030-03-05T06:30:00Z'] },
    ]);
  });

  it('writes times in the bot time zone', () => {
    expect(formatInZone('2030-03-04T16:00:00.000Z', 'America/Mexico_City', 'es')).toMatch(/lunes, 4 de marzo.*10:00/);
  });
});

describe('catalogMinutes', () => {
  it('reads the length a catalog item says, in Spanish or English, and none when it says none', () => {
    expect(catalogMinutes({ Tipo: 'Servicio', Duración: '45 min' })).toBe(45);
    expect(catalogMinutes({ duracion: '90 minutos' })).toBe(90);
    expect(catalogMinutes({ Duration: '1 h 30 min' })).toBe(90);
    expect(catalogMinutes({ Duración: '1 hora' })).toBe(60);
    expect(catalogMinutes({ Duración: '1,5 horas' })).toBe(90);
    expect(catalogMinutes({ Duración: '1:15' })).toBe(75);
    expect(catalogMinutes({ Duración: '30' })).toBe(30);
    expect(catalogMinutes({ Duración: 'variable' })).toBeNull();
    expect(catalogMinutes({ Duración: '2 min' })).toBeNull();
    expect(catalogMinutes({ Tipo: 'Producto' })).toBeNull();
  });
});

describe('the day in a time zone', () => {
  it("starts at the zone's midnight, whatever the day is in UTC", () => {
    // 02:00 UTC on 5 March is still 4 March in Mexico City (UTC-6).
    expect(startOfDayInZone(new Date('2030-03-05T02:00:00Z'), 'America/Mexico_City').toISOString()).toBe('2030-03-04T06:00:00.000Z');
    expect(startOfDayInZone(new Date('2030-03-05T02:00:00Z'), 'Asia/Kolkata').toISOString()).toBe('2030-03-04T18:30:00.000Z');
    expect(startOfDayInZone(new Date('2030-03-05T02:00:00Z'), 'UTC').toISOString()).toBe('2030-03-05T00:00:00.000Z');
    // The day daylight saving starts in New York: its midnight is still at UTC-5.
    expect(startOfDayInZone(new Date('2030-03-10T15:00:00Z'), 'America/New_York').toISOString()).toBe('2030-03-10T05:00:00.000Z');
  });

  it('lists the next appointments from the start of today over two weeks', () => {
    expect(upcomingRange(new Date('2030-03-04T22:00:00Z'), 'America/Mexico_City')).toEqual({ from: '2030-03-04T06:00:00.000Z', to: '2030-03-18T06:00:00.000Z' });
  });
});
