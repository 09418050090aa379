import { createHash, hkdfSync, randomBytes } from 'node:crypto';
import { chmodSync, existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';

export interface Keys {
  /** HS256 key of the access tokens. */
  jwt: Uint8Array;
  /** AES-256-GCM key for credentials stored at rest. */
  encryption: Buffer;
}

/**
 * APP_SECRET when given (required when several processes share one database); otherwise a
 * random secret made once and kept in DATA_DIR with owner-only permissions.
 */
export function loadAppSecret(appSecret: string | undefined, dataDir: string): string {
  if (appSecret) return appSecret;
  const file = path.resolve(dataDir, 'app-secret');
  if (existsSync(file)) return readFileSync(file, 'utf8').trim();
  mkdirSync(dataDir, { recursive: true });
  const secret = randomBytes(48).toString('base64url');
  writeFileSync(file, secret, { mode: 0o600 });
  chmodSync(file, 0o600);
  return secret;
}

export function deriveKeys(secret: string): Keys {
  const derive = (info: string) => Buffer.from(hkdfSync('sha256', secret, 'charla', info, 32));
  return { jwt: new Uint8Array(derive('access-token')), encryption: derive('encryption') };
}

export const sha256 = (value: string) => createHash('sha256').update(value).digest('hex');
export const randomToken = () => randomBytes(32).toString('base64url');
