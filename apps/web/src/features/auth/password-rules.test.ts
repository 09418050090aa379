import { describe, expect, it } from 'vitest';
import { newPasswordProblems, resetTokenOf } from './password-rules.ts';

describe('newPasswordProblems', () => {
  it('accepts a long enough password typed twice', () => {
    expect(newPasswordProblems('sonrisa-2026', 'sonrisa-2026')).toEqual({});
  });

  it('names a short or long password and a confirmation that differs', () => {
    expect(newPasswordProblems('corta', 'corta')).toEqual({ password: 'tooShort' });
    expect(newPasswordProblems('x'.repeat(257), 'x'.repeat(257))).toEqual({ password: 'tooLong' });
    expect(newPasswordProblems('sonrisa-2026', 'sonrisa-2025')).toEqual({ confirm: 'mismatch' });
    expect(newPasswordProblems('', 'x')).toEqual({ password: 'tooShort', confirm: 'mismatch' });
  });
});

describe('resetTokenOf', () => {
  it('reads the token of a reset link', () => {
    const token = 'AbC_def-0123456789abcdefghijklmnopqrstuvwxy';
    expect(resetTokenOf(`?token=${token}`)).toBe(token);
    expect(resetTokenOf(`?token=${encodeURIComponent(` ${token} `)}`)).toBe(token);
  });

  it('answers null for a missing, short or strange token', () => {
    expect(resetTokenOf('')).toBeNull();
    expect(resetTokenOf('?token=')).toBeNull();
    expect(resetTokenOf('?token=abc')).toBeNull();
    expect(resetTokenOf(`?token=${encodeURIComponent('<script>alert(1)</script>xxxxxxxx')}`)).toBeNull();
    expect(resetTokenOf(`?token=${'a'.repeat(200)}`)).toBeNull();
  });
});
