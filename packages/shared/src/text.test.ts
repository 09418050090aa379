import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { issuesToFields } from './messages.ts';
import { freeText, isStorableText, storableDeep, storableText, tokenText } from './text.ts';

describe('storable text', () => {
  it.each([
    ['Clínica Sonrisa', true],
    ['emoji 😀 kept whole', true],
    ['', true],
    ['a\u0000b', false],
    ['\u0000', false],
    ['cut \ud83d', false],
    ['\ude00 low half alone', false],
    ['reversed \ude00\ud83d', false],
  ])('%j storable: %s', (value, storable) => expect(isStorableText(value)).toBe(storable));

  it('removes NUL and unpaired halves, keeps pairs and everything else', () => {
    expect(storableText('Ho\u0000la 😀 \ud800mundo\udc00')).toBe('Hola 😀 mundo');
    expect(storableText('ya está bien')).toBe('ya está bien');
  });

  it('cleans every string of a value, keys included', () => {
    expect(storableDeep({ 'a\u0000': ['x\ud800', 1, null, { t: 'ok\u0000' }], n: 2, b: true })).toEqual({ a: ['x', 1, null, { t: 'ok' }], n: 2, b: true });
    const when = new Date(0);
    expect(storableDeep({ when }).when).toBe(when);
    const bare = Object.assign(Object.create(null) as Record<string, string>, { 'k\u0000': 'v\ud800' });
    expect(storableDeep(bare)).toEqual({ k: 'v' });
    expect(storableDeep(null)).toBe(null);
  });
});

describe('freeText', () => {
  const body = z.strictObject({ name: freeText(20).min(1), note: freeText(20, { trim: false }) });

  it('trims, bounds and accepts ordinary text', () => {
    expect(body.parse({ name: '  Ana 😀 ', note: ' x ' })).toEqual({ name: 'Ana 😀', note: ' x ' });
    expect(body.safeParse({ name: 'x'.repeat(21), note: '' }).success).toBe(false);
    expect(body.safeParse({ name: '', note: '' }).success).toBe(false);
  });

  it.each(['\u0000', 'a\u0000b', '\ud800', 'x\udfff'])('refuses %j with a field error in both languages', (value) => {
    const res = body.safeParse({ name: value, note: value });
    expect(res.success).toBe(false);
    const es = issuesToFields(res.error!.issues, 'es');
    const en = issuesToFields(res.error!.issues, 'en');
    expect(es).toEqual({ name: expect.stringContaining('no se puede guardar'), note: expect.stringContaining('no se puede guardar') });
    expect(en.name).toContain('cannot be saved');
  });
});

describe('tokenText', () => {
  const token = tokenText(10, 100);
  it('accepts what Meta issues', () => {
    expect(token.parse(' EAAGm0PX4ZCpsBA-_.|=/+x9Zk ')).toBe('EAAGm0PX4ZCpsBA-_.|=/+x9Zk');
  });
  it.each(['EAAG\u0001abcdefgh', 'EAAGñabcdefgh', 'EAAG abcdefgh', 'EAAG\u0000abcdefgh', 'EAAG€abcdefgh'])('refuses %j', (value) => {
    const res = token.safeParse(value);
    expect(res.success).toBe(false);
    expect(issuesToFields(res.error!.issues, 'es')._).toContain('tal como lo da Meta');
  });
});
