import { describe, expect, it } from 'vitest';
import { safeReturnPath } from './form-checks.ts';

describe('form checks', () => {
  it('returns only to pages of the app', () => {
    expect(safeReturnPath('/app/dashboard/mi-cuenta')).toBe('/app/dashboard/mi-cuenta');
    expect(safeReturnPath('https://evil.example')).toBeNull();
    expect(safeReturnPath('//evil.example/app/')).toBeNull();
    expect(safeReturnPath(undefined)).toBeNull();
  });
});
