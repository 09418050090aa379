import { describe, expect, it } from 'vitest';
import { durationParts } from './duration.ts';

describe('durationParts', () => {
  it('says short sends in seconds and minutes, rounding up', () => {
    expect(durationParts(0)).toEqual([{ unit: 'seconds', count: 0 }]);
    expect(durationParts(1.2)).toEqual([{ unit: 'seconds', count: 2 }]);
    expect(durationParts(61)).toEqual([{ unit: 'minutes', count: 2 }]);
  });

  it('says long ones in their two largest units', () => {
    expect(durationParts(2 * 3600 + 5 * 60)).toEqual([{ unit: 'hours', count: 2 }, { unit: 'minutes', count: 5 }]);
    expect(durationParts(3600)).toEqual([{ unit: 'hours', count: 1 }]);
    expect(durationParts(3 * 86_400 + 4 * 3600 + 1)).toEqual([{ unit: 'days', count: 3 }, { unit: 'hours', count: 5 }]);
    expect(durationParts(86_400)).toEqual([{ unit: 'days', count: 1 }]);
  });
});
