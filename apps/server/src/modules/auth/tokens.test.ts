import { createHmac } from 'node:crypto';
import { describe, expect, it, vi } from 'vitest';
import { accessTokens } from './tokens.ts';

const key = new Uint8Array(32).fill(9);
const b64 = (o: unknown) => Buffer.from(JSON.stringify(o)).toString('base64url');
const forge = (header: object, payload: object, signKey: Uint8Array | string = key) => {
  const body = `${b64(header)}.${b64(payload)}`;
  return `${body}.${createHmac('sha256', signKey).update(body).digest('base64url')}`;
};

describe('access tokens', () => {
  const tokens = accessTokens(key, 900);
  const claims = { sub: 'user-1', sid: 'session-1', role: 'owner' as const };

  it('signs and verifies', async () => {
    expect(await tokens.verify(await tokens.sign(claims))).toEqual(claims);
  });

  it('refuses expired tokens', async () => {
    const token = await tokens.sign(claims);
    vi.useFakeTimers();
    vi.setSystemTime(Date.now() + 901_000);
    try {
      expect(await tokens.verify(token)).toBeUndefined();
    } finally {
      vi.useRealTimers();
    }
  });

  it('refuses a token it verified before once it has expired', async () => {
    const token = await tokens.sign(claims);
    expect(await tokens.verify(token)).toEqual(claims);
    expect(await tokens.verify(token)).toEqual(claims);
    vi.useFakeTimers();
    vi.setSystemTime(Date.now() + 901_000);
    try {
      expect(await tokens.verify(token)).toBeUndefined();
    } finally {
      vi.useRealTimers();
    }
  });

  it('refuses forged, tampered and foreign-algorithm tokens', async () => {
    const now = Math.floor(Date.now() / 1000);
    const payload = { ...claims, iss: 'charla', iat: now, exp: now + 60 };
    expect(await tokens.verify(forge({ alg: 'HS256', typ: 'JWT' }, payload))).toEqual(claims);
    expect(await tokens.verify(forge({ alg: 'HS256', typ: 'JWT' }, payload, 'other-key'))).toBeUndefined();
    expect(await tokens.verify(forge({ alg: 'none', typ: 'JWT' }, payload))).toBeUndefined();
    expect(await tokens.verify(forge({ alg: 'HS256', typ: 'JWT' }, { ...payload, iss: 'evil' }))).toBeUndefined();
    const [h, , s] = (await tokens.sign(claims)).split('.');
    expect(await tokens.verify(`${h}.${b64({ ...payload, role: 'admin' })}.${s}`)).toBeUndefined();
    expect(await tokens.verify('abc.def.ghi')).toBeUndefined();
    expect(await tokens.verify('')).toBeUndefined();
  });
});
