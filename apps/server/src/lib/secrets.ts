import { createHash, hkdfSync, randomBytes } from 'node:crypto';
import { chmodSync, existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';

export interface Keys {
  /** HS256 key of the access tokens. */
  jwt: Uint8Array;
  /** AES-256-GCM key for credentials stored at rest. */
  encryption: Buffer;
  /** Earlier keys, still able to open what they sealed (the derived key once ENCRYPTION_KEY is set). */
  previousEncryption?: Buffer[];
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

export function deriveKeys(secret: string, encryptionKey?: string): Keys {
  const derive = (info: string) => Buffer.from(hkdfSync('sha256', secret, 'charla', info, 32));
  const jwt = new Uint8Array(derive('access-token'));
  if (!encryptionKey) return { jwt, encryption: derive('encryption') };
  return { jwt, encryption: parseEncryptionKey(encryptionKey), previousEncryption: [derive('encryption')] };
}

/** ENCRYPTION_KEY as 32 bytes: hex (64 digits), base64 or base64url of 32 bytes, or else the SHA-256 of the text. */
export function parseEncryptionKey(value: string): Buffer {
  const text = value.trim();
  if (/^[0-9a-f]{64}$/i.test(text)) return Buffer.from(text, 'hex');
  if (/^[A-Za-z0-9+/_-]{43}=?$/.test(text)) {
    const bytes = Buffer.from(text, 'base64');
    if (bytes.length === 32) return bytes;
  }
  return createHash('sha256').update(text).digest();
}

export const sha256 = (value: string) => createHash('sha256').update(value).digest('hex');
export const randomToken = () => randomBytes(32).toString('base64url');
