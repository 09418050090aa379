import { describe, expect, it } from 'vitest';
import { contrastRatio, passesAA } from './contrast.ts';

describe('contrast', () => {
  it('measures the WCAG ratio', () => {
    expect(contrastRatio('#000000', '#ffffff')).toBeCloseTo(21, 5);
    expect(contrastRatio('#fff', '#fff')).toBeCloseTo(1, 5);
    expect(contrastRatio('#777777', '#ffffff')).toBeCloseTo(4.48, 2);
    expect(contrastRatio('red', '#fff')).toBeNull();
  });

  it('passes AA at 4.5:1 for normal text', () => {
    expect(passesAA('#1f2937', '#fdf6ec')).toBe(true);
    expect(passesAA('#777777', '#ffffff')).toBe(false);
    expect(passesAA('#767676', '#ffffff')).toBe(true);
    expect(passesAA('#ffff00', '#ffffff')).toBe(false);
  });
});
