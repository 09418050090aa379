import { createHmac, timingSafeEqual } from 'node:crypto';
import type { Role } from '@charla/shared';

export interface AccessClaims {
  sub: string;
  sid: string;
  role: Role;
}

const ISSUER = 'charla';
/** Tokens whose signature was already checked, kept (bounded) so a browser's next request skips the HMAC. */
const VERIFIED_MAX = 10_000;
const HEADER = Buffer.from(JSON.stringify({ alg: 'HS256', typ: 'JWT' })).toString('base64url');

/**
 * Short-lived access tokens: compact JWS with HS256 (RFC 7519), bound to the session that issued
 * them. Only our own header is accepted, so no algorithm confusion is possible; the signature is
 * compared in constant time before the payload is even parsed.
 */
export function accessTokens(key: Uint8Array, ttlSeconds: number) {
  const mac = (input: string) => createHmac('sha256', key).update(input).digest();
  // Only the signature check and the parse are remembered; expiry is checked on every use, and
  // whether the session is alive is the caller's database read.
  const verified = new Map<string, AccessClaims & { exp: number }>();
  const remember = (token: string, claims: AccessClaims & { exp: number }) => {
    if (verified.size >= VERIFIED_MAX) verified.delete(verified.keys().next().value!);
    verified.set(token, claims);
  };
  const unexpired = (c: AccessClaims & { exp: number }): AccessClaims | undefined =>
    c.exp > Date.now() / 1000 ? { sub: c.sub, sid: c.sid, role: c.role } : undefined;
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
      const known = verified.get(token);
      if (known) return unexpired(known);
      const [header, payload, signature, extra] = token.split('.');
      if (header !== HEADER || !payload || !signature || extra !== undefined) return undefined;
      const given = Buffer.from(signature, 'base64url');
      const expected = mac(`${header}.${payload}`);
      if (given.length !== expected.length || !timingSafeEqual(given, expected)) return undefined;
      try {
        const c = JSON.parse(Buffer.from(payload, 'base64url').toString('utf8')) as Record<string, unknown>;
        if (c.iss !== ISSUER || typeof c.exp !== 'number' || typeof c.sub !== 'string' || typeof c.sid !== 'string') return undefined;
        const claims = { sub: c.sub, sid: c.sid, role: c.role === 'admin' ? ('admin' as const) : ('owner' as const), exp: c.exp };
        remember(token, claims);
        return unexpired(claims);
      } catch {
        return undefined;
      }
    },
  };
}

export type AccessTokens = ReturnType<typeof accessTokens>;
