import { randomBytes } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { secretBox } from './crypto.ts';

describe('secretBox', () => {
  const box = secretBox(randomBytes(32));
  it('round-trips and never stores the plain text', () => {
    const sealed = box.seal('EAAGm0PX4ZCpsBAKZC9x9Zk');
    expect(sealed).not.toContain('EAAG');
    expect(box.open(sealed)).toBe('EAAGm0PX4ZCpsBAKZC9x9Zk');
    expect(box.seal('same')).not.toBe(box.seal('same'));
  });
  it('refuses tampered data and another key', () => {
    const sealed = box.seal('token');
    const parts = sealed.split('.');
    parts[3] = Buffer.from('tampered').toString('base64url');
    expect(() => box.open(parts.join('.'))).toThrow();
    expect(() => secretBox(randomBytes(32)).open(sealed)).toThrow();
  });
});
