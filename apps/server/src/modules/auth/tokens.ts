import { createHmac, timingSafeEqual } from 'node:crypto';
import type { Role } from '@charla/shared';

export interface AccessClaims {
  sub: string;
  sid: string;
  role: Role;
}

const ISSUER = 'charla';
const HEADER = Buffer.from(JSON.stringify({ alg: 'HS256', typ: 'JWT' })).toString('base64url');

/**
 * Short-lived access tokens: compact JWS with HS256 (RFC 7519), bound to the session that issued
 * them. Only our own header is accepted, so no algorithm confusion is possible; the signature is
 * compared in constant time before the payload is even parsed.
 */
export function accessTokens(key: Uint8Array, ttlSeconds: number) {
  const mac = (input: string) => createHmac('sha256', key).update(input).digest();
  return {
    async sign(claims: AccessClaims): Promise<string> {
      const now = Math.floor(Date.now() / 1000);
      const payload = Buffer.from(
        JSON.stringify({ sub: claims.sub, sid: claims.sid, role: claims.role, iss: ISSUER, iat: now, exp: now + ttlSeconds }),
      ).toString('base64url');
      return `${HEADER}.${payload}.${mac(`${HEADER}.${payload}`).toString('base64url')}`;
    },
    /** The claims of a valid token, or undefined for an expired, forged or malformed one. */
    async verify(token: string): Promise<AccessClaims | undefined> {
      const [header, payload, signature, extra] = token.split('.');
      if (header !== HEADER || !payload || !signature || extra !== undefined) return undefined;
      const given = Buffer.from(signature, 'base64url');
      const expected = mac(`${header}.${payload}`);
      if (given.length !== expected.length || !timingSafeEqual(given, expected)) return undefined;
      try {
        const c = JSON.parse(Buffer.from(payload, 'base64url').toString('utf8')) as Record<string, unknown>;
        if (c.iss !== ISSUER || typeof c.exp !== 'number' || c.exp <= Date.now() / 1000) return undefined;
        if (typeof c.sub !== 'string' || typeof c.sid !== 'string') return undefined;
        return { sub: c.sub, sid: c.sid, role: c.role === 'admin' ? 'admin' : 'owner' };
      } catch {
        return undefined;
      }
    },
  };
}

export type AccessTokens = ReturnType<typeof accessTokens>;
