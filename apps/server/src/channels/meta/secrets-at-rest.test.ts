import { createHash, randomBytes } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { ConfigError, loadConfig } from '../../config.ts';
import { secretBox } from '../../lib/crypto.ts';
import { deriveKeys, parseEncryptionKey } from '../../lib/secrets.ts';

describe('ENCRYPTION_KEY', () => {
  it('reads 32 bytes given in hex, base64 or base64url, and hashes any other text of 32+ characters', () => {
    const bytes = randomBytes(32);
    expect(parseEncryptionKey(bytes.toString('hex'))).toEqual(bytes);
    expect(parseEncryptionKey(bytes.toString('base64'))).toEqual(bytes);
    expect(parseEncryptionKey(bytes.toString('base64url'))).toEqual(bytes);
    const phrase = 'una frase larga que sirve de clave secreta';
    expect(parseEncryptionKey(phrase)).toEqual(createHash('sha256').update(phrase).digest());
  });

  it('is refused when shorter than 32 characters', () => {
    expect(() => loadConfig({ ENCRYPTION_KEY: 'too-short' })).toThrow(ConfigError);
    expect(loadConfig({ ENCRYPTION_KEY: 'a'.repeat(32) }).ENCRYPTION_KEY).toBe('a'.repeat(32));
  });

  it('replaces the key derived from APP_SECRET, which still opens what it sealed before', () => {
    const appSecret = randomBytes(32).toString('hex');
    const before = deriveKeys(appSecret);
    const sealedBefore = secretBox(before.encryption).seal('EAAGold-token');
    const after = deriveKeys(appSecret, randomBytes(32).toString('base64'));
    expect(after.encryption.equals(before.encryption)).toBe(false);
    expect(after.jwt).toEqual(before.jwt);
    const box = secretBox(after.encryption, after.previousEncryption);
    expect(box.open(sealedBefore)).toBe('EAAGold-token');
    const sealedAfter = box.seal('EAAGnew-token');
    expect(box.open(sealedAfter)).toBe('EAAGnew-token');
    // New secrets are sealed with the new key only.
    expect(() => secretBox(before.encryption).open(sealedAfter)).toThrow();
    expect(() => secretBox(randomBytes(32)).open(sealedBefore)).toThrow();
  });
});
