import { describe, expect, it } from 'vitest';
import type { KeyValueStorage } from '../../lib/storage-keys.ts';
import { rememberProfile, rememberReferral, rememberSession, storedUserId } from './remember-session.ts';

function memory(): KeyValueStorage & { data: Map<string, string> } {
  const data = new Map<string, string>();
  return {
    data,
    get length() {
      return data.size;
    },
    key: (i) => [...data.keys()][i] ?? null,
    getItem: (k) => data.get(k) ?? null,
    setItem: (k, v) => void data.set(k, v),
    removeItem: (k) => void data.delete(k),
    clear: () => data.clear(),
  };
}

describe('session values in local storage', () => {
  it('stores email, userId, phoneNumber, loggedWith and loginState after sign-in', () => {
    const storage = memory();
    rememberSession({ id: 'u1', email: 'ana@clinica.mx', phone_number: '+52 33 1234 5678' }, storage);
    expect(Object.fromEntries(storage.data)).toEqual({
      userId: 'u1',
      email: 'ana@clinica.mx',
      phoneNumber: '+52 33 1234 5678',
      loggedWith: 'email',
      loginState: 'signedIn',
    });
    expect(storedUserId(storage)).toBe('u1');
  });

  it('updates the stored contact values after a profile change', () => {
    const storage = memory();
    rememberProfile({ email: 'nuevo@clinica.mx', phone_number: '5512345678' }, storage);
    expect(storage.getItem('email')).toBe('nuevo@clinica.mx');
    expect(storage.getItem('phoneNumber')).toBe('5512345678');
  });

  it('keeps ?ref=CODE as referralId, and an earlier code when the link has none', () => {
    const storage = memory();
    expect(rememberReferral('?ref=AMIGO10', storage)).toBe('AMIGO10');
    expect(rememberReferral('', storage)).toBe('AMIGO10');
    expect(rememberReferral('?ref=%20', storage)).toBe('AMIGO10');
    expect(storedUserId(memory())).toBeNull();
  });
});
