import { createHmac, timingSafeEqual } from 'node:crypto';

/** Signs a body as Meta does: "sha256=" and the hex HMAC-SHA256 of the raw bytes with the app secret. */
export const signBody = (raw: Buffer | string, secret: string) => `sha256=${createHmac('sha256', secret).update(raw).digest('hex')}`;

/** Checks X-Hub-Signature-256 against the raw body, in constant time. */
export function verifySignature(raw: Buffer, header: string | string[] | undefined, secret: string): 'ok' | 'missing' | 'invalid' {
  const value = Array.isArray(header) ? header[0] : header;
  if (!value) return 'missing';
  const given = /^sha256=([0-9a-f]{64})$/i.exec(value.trim());
  if (!given) return 'invalid';
  const expected = createHmac('sha256', secret).update(raw).digest();
  return timingSafeEqual(expected, Buffer.from(given[1]!, 'hex')) ? 'ok' : 'invalid';
}
