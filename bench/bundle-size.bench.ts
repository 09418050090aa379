// Gzipped size of the JS and CSS the web app's index.html loads before anything else.
import { existsSync } from 'node:fs';
import { readFile } from 'node:fs/promises';
import path from 'node:path';
import { gzipSync } from 'node:zlib';
import type { BenchResult } from './lib/bench-result.ts';
import { repoRoot } from './lib/paths.ts';

const maxBytes = 200 * 1024;
const dist = path.join(repoRoot, 'apps/web/dist');

/** Local files named by `<script src>`, `<link rel="modulepreload">` and `<link rel="stylesheet">`. */
function initialAssets(html: string): string[] {
  const files = new Set<string>();
  for (const [tag, name = ''] of html.matchAll(/<(script|link)\b[^>]*>/gi)) {
    const attrs = Object.fromEntries(
      [...tag.matchAll(/([\w-]+)\s*=\s*(?:"([^"]*)"|'([^']*)'|([^\s>]+))/g)].map((m) => [m[1]?.toLowerCase(), m[2] ?? m[3] ?? m[4] ?? '']),
    );
    const rel = (attrs.rel ?? '').toLowerCase().split(/\s+/);
    const ref = name.toLowerCase() === 'script' ? attrs.src : rel.includes('modulepreload') || rel.includes('stylesheet') ? attrs.href : undefined;
    if (ref && !/^([a-z]+:)?\/\//i.test(ref)) files.add(ref.split(/[?#]/)[0] ?? ref);
  }
  return [...files];
}

export default async function bundleSize(): Promise<BenchResult> {
  const indexHtml = path.join(dist, 'index.html');
  if (!existsSync(indexHtml)) throw new Error('apps/web/dist/index.html is missing: run `npm run build` first');
  const assets = initialAssets(await readFile(indexHtml, 'utf8'));
  if (assets.length === 0) throw new Error('index.html references no script or stylesheet');

  const files = await Promise.all(
    assets.map(async (ref) => {
      const content = await readFile(path.join(dist, ref.replace(/^\//, '')));
      return { ref, raw: content.length, gzip: gzipSync(content, { level: 9 }).length };
    }),
  );
  const total = files.reduce((sum, f) => sum + f.gzip, 0);
  return {
    figures: [
      ...files.map((f) => ({ name: `${f.ref} (${(f.raw / 1024).toFixed(1)} KB raw)`, value: f.gzip, unit: 'B gzip' })),
      { name: 'initial JS + CSS, gzip -9', value: total, unit: `B (${(total / 1024).toFixed(1)} KB)` },
    ],
    target: `total < ${maxBytes} B (200 KB)`,
    pass: total < maxBytes,
  };
}
