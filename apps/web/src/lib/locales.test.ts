import { mkdtempSync, mkdirSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { compareLocales as compare } from '../../scripts/locale-keys.mjs';
import { namespaces } from './locales.ts';
const localesDir = fileURLToPath(new URL('../../public/locales', import.meta.url));

describe('locale files', () => {
  it('es and en have exactly the same keys, all non-empty', () => {
    expect(compare(localesDir)).toEqual([]);
  });

  it('has a file for every namespace the app loads', async () => {
    const { readdirSync } = await import('node:fs');
    for (const locale of ['es', 'en']) {
      expect(readdirSync(join(localesDir, locale)).sort()).toEqual(namespaces.map((ns) => `${ns}.json`).sort());
    }
  });

  it('reports a missing and an extra key', () => {
    const dir = mkdtempSync(join(tmpdir(), 'locales-'));
    mkdirSync(join(dir, 'es'));
    mkdirSync(join(dir, 'en'));
    writeFileSync(join(dir, 'es', 'common.json'), JSON.stringify({ a: 'uno', b: { c: 'dos' } }));
    writeFileSync(join(dir, 'en', 'common.json'), JSON.stringify({ a: 'one', d: '' }));
    expect(compare(dir)).toEqual([
      'en/common.json: missing "b.c"',
      'en/common.json: extra "d" (not in es)',
      'en/common.json: "d" is empty or not text',
    ]);
  });
});
