import { describe, expect, it } from 'vitest';
import { allTimeZones, findTimeZone, timeZoneGroups, timeZoneLabel, timeZonePlace } from './time-zones.ts';

describe('time zones', () => {
  it('lists IANA zones with Mexico first and keeps the current value', () => {
    expect(allTimeZones()).toEqual(expect.arrayContaining(['America/Mexico_City', 'Europe/Madrid', 'UTC']));
    const { mexico, others } = timeZoneGroups('Etc/GMT+6', 'es');
    expect(mexico[0]).toBe('America/Mexico_City');
    expect(others).toContain('Etc/GMT+6');
    expect(others).not.toContain('America/Mexico_City');
  });

  it('labels a zone with its place and offset', () => {
    expect(timeZoneLabel('America/Mexico_City', 'es', new Date('2026-01-15T12:00:00Z'))).toBe('Ciudad de México (GMT-6)');
    expect(timeZoneLabel('America/Cancun', 'en', new Date('2026-01-15T12:00:00Z'))).toBe('Cancún (GMT-5)');
    expect(timeZoneLabel('Europe/Madrid', 'es', new Date('2026-01-15T12:00:00Z'))).toBe('Madrid (GMT+1)');
    expect(timeZoneLabel('UTC', 'en', new Date('2026-01-15T12:00:00Z'))).toMatch(/^UTC \(GMT/);
  });

  it('names a zone by its place before the offsets are worked out', () => {
    expect(timeZonePlace('America/Mexico_City')).toBe('Ciudad de México');
    expect(timeZonePlace('America/Bahia_Banderas')).toBe('Bahía de Banderas');
    expect(timeZonePlace('America/Argentina/Buenos_Aires')).toBe('Buenos Aires');
  });
});

describe('finding the zone a person types', () => {
  it('knows zones by place, city, IANA name and the list label, whatever the accents and case', () => {
    expect(findTimeZone('Monterrey')).toBe('America/Monterrey');
    expect(findTimeZone('  cancun ')).toBe('America/Cancun');
    expect(findTimeZone('Ciudad de México (GMT-6)')).toBe('America/Mexico_City');
    expect(findTimeZone('Guadalajara')).toBe('America/Mexico_City');
    expect(findTimeZone('León')).toBe('America/Mexico_City');
    expect(findTimeZone('america/tijuana')).toBe('America/Tijuana');
    expect(findTimeZone('Bogotá')).toBe('America/Bogota');
    expect(findTimeZone('Buenos Aires')).toMatch(/^America\/(Argentina\/)?Buenos_Aires$/);
    expect(findTimeZone('Madrid')).toBe('Europe/Madrid');
  });

  it('finds nothing for what is not a place', () => {
    expect(findTimeZone('')).toBeNull();
    expect(findTimeZone('mi casa')).toBeNull();
  });
});
