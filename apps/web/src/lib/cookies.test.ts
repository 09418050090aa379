import { describe, expect, it } from 'vitest';
import { expireCookieStatements, readCookie } from './cookies.ts';

describe('cookies', () => {
  it('reads a cookie by exact name and decodes it', () => {
    const jar = 'user=u1; tenant=acme%20crm; tenant_old=x';
    expect(readCookie('tenant', jar)).toBe('acme crm');
    expect(readCookie('user', jar)).toBe('u1');
    expect(readCookie('missing', jar)).toBeNull();
    expect(readCookie('tenant', 'tenant=')).toBe('');
  });

  it('expires a cookie for the host and every parent domain, but not for an IP', () => {
    expect(expireCookieStatements('user', 'acme.charla.mx').map((s) => s.split('; ').pop())).toEqual([
      'Path=/',
      'Domain=.acme.charla.mx',
      'Domain=.charla.mx',
    ]);
    expect(expireCookieStatements('user', '127.0.0.1')).toHaveLength(1);
    expect(expireCookieStatements('user', 'localhost')).toHaveLength(1);
  });
});
