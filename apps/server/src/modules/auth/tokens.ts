import { SignJWT, jwtVerify } from 'jose';
import type { Role } from '@charla/shared';

export interface AccessClaims {
  sub: string;
  sid: string;
  role: Role;
}

const ISSUER = 'charla';

/** Short-lived access tokens (HS256), bound to the session that issued them. */
export function accessTokens(key: Uint8Array, ttlSeconds: number) {
  return {
    sign(claims: AccessClaims): Promise<string> {
      return new SignJWT({ sid: claims.sid, role: claims.role })
        .setProtectedHeader({ alg: 'HS256' })
        .setSubject(claims.sub)
        .setIssuer(ISSUER)
        .setIssuedAt()
        .setExpirationTime(`${ttlSeconds}s`)
        .sign(key);
    },
    /** The claims of a valid token, or undefined for an expired, forged or malformed one. */
    async verify(token: string): Promise<AccessClaims | undefined> {
      try {
        const { payload } = await jwtVerify(token, key, { issuer: ISSUER, algorithms: ['HS256'] });
        if (typeof payload.sub !== 'string' || typeof payload.sid !== 'string') return undefined;
        const role = payload.role === 'admin' ? 'admin' : 'owner';
        return { sub: payload.sub, sid: payload.sid, role };
      } catch {
        return undefined;
      }
    },
  };
}

export type AccessTokens = ReturnType<typeof accessTokens>;
