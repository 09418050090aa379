import { describe, expect, it } from 'vitest';
import { missingFields } from './form-checks.ts';

describe('form checks', () => {
  it('lists the required fields left empty', () => {
    expect(missingFields({ name: ' ', email: 'a@b.mx', phone_number: '', password: 'x' }, ['name', 'email', 'phone_number', 'password'])).toEqual([
      'name',
      'phone_number',
    ]);
  });
});
