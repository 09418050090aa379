import { describe, expect, it } from 'vitest';
import { MemoryStorage } from '../../../lib/memory-storage.ts';
import { isTourCompleted, markTourCompleted, markTourPending, readTourRecord, shouldStartTour } from './tour-records.ts';

describe('tour records', () => {
  it('counts a tour as completed when there is no record (per bot, per tour)', () => {
    const storage = new MemoryStorage({ tours_b2: '{}', tours_b3: 'not json', tours_b4: '["personalizacion"]' });
    expect(isTourCompleted('b1', 'personalizacion', storage)).toBe(true);
    expect(isTourCompleted('b2', 'personalizacion', storage)).toBe(true);
    expect(isTourCompleted('b3', 'personalizacion', storage)).toBe(true);
    expect(isTourCompleted('b4', 'personalizacion', storage)).toBe(true);
  });

  it('a new bot gets a pending record under tours_{botId}; finishing the tour completes it', () => {
    const storage = new MemoryStorage({ tours_b1: '{"personalizacion":true}' });
    markTourPending('b2', 'personalizacion', storage);
    expect(storage.getItem('tours_b2')).toBe('{"personalizacion":false}');
    expect(isTourCompleted('b2', 'personalizacion', storage)).toBe(false);
    expect(isTourCompleted('b1', 'personalizacion', storage)).toBe(true);
    markTourCompleted('b2', 'personalizacion', storage);
    expect(readTourRecord('b2', storage)).toEqual({ personalizacion: true });
  });

  it('guide=true starts the tour only for a bot whose tour is pending', () => {
    const storage = new MemoryStorage({ tours_new: '{"personalizacion":false}', tours_old: '{"personalizacion":true}' });
    expect(shouldStartTour('true', 'new', 'personalizacion', storage)).toBe(true);
    expect(shouldStartTour(null, 'new', 'personalizacion', storage)).toBe(false);
    expect(shouldStartTour('1', 'new', 'personalizacion', storage)).toBe(false);
    expect(shouldStartTour('true', 'old', 'personalizacion', storage)).toBe(false);
    expect(shouldStartTour('true', 'unknown', 'personalizacion', storage)).toBe(false);
  });
});
