import { describe, expect, it } from 'vitest';
import { missingFields, safeReturnPath } from './form-checks.ts';

describe('form checks', () => {
  it('lists the required fields left empty', () => {
    expect(missingFields({ name: ' ', email: 'a@b.mx', phone_number: '', password: 'x' }, ['name', 'email', 'phone_number', 'password'])).toEqual([
      'name',
      'phone_number',
    ]);
  });

  it('returns only to pages of the app', () => {
    expect(safeReturnPath('/app/dashboard/mi-cuenta')).toBe('/app/dashboard/mi-cuenta');
    expect(safeReturnPath('https://evil.example')).toBeNull();
    expect(safeReturnPath('//evil.example/app/')).toBeNull();
    expect(safeReturnPath(undefined)).toBeNull();
  });
});
