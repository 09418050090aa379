import { createCipheriv, createDecipheriv, randomBytes } from 'node:crypto';

const VERSION = 'v1';

/**
 * AES-256-GCM for secrets at rest: "v1.<iv>.<tag>.<ciphertext>", base64url parts. Seals with
 * `key`; opens with it or with one of the `previous` keys (secrets sealed before a key change).
 */
export function secretBox(key: Buffer, previous: Buffer[] = []) {
  const openWith = (k: Buffer, iv: string, tag: string, data: string) => {
    const decipher = createDecipheriv('aes-256-gcm', k, Buffer.from(iv, 'base64url'));
    decipher.setAuthTag(Buffer.from(tag, 'base64url'));
    return Buffer.concat([decipher.update(Buffer.from(data, 'base64url')), decipher.final()]).toString('utf8');
  };
  return {
    seal(plain: string): string {
      const iv = randomBytes(12);
      const cipher = createCipheriv('aes-256-gcm', key, iv);
      const data = Buffer.concat([cipher.update(plain, 'utf8'), cipher.final()]);
      return [VERSION, iv, cipher.getAuthTag(), data].map((p) => (typeof p === 'string' ? p : p.toString('base64url'))).join('.');
    },
    open(sealed: string): string {
      const [version, iv, tag, data] = sealed.split('.');
      if (version !== VERSION || !iv || !tag || data === undefined) throw new Error('not a sealed secret');
      let failure: unknown;
      for (const k of [key, ...previous]) {
        try {
          return openWith(k, iv, tag, data);
        } catch (err) {
          failure ??= err;
        }
      }
      throw failure;
    },
  };
}

export type SecretBox = ReturnType<typeof secretBox>;
