// Catalog CSV import of 10,000 rows on the embedded database: POST /api/products/import/preview
// for the suggested mapping, then POST /api/products/import with it (every row new), then the
// same file again (every row an update).
import type { BenchResult } from './lib/bench-result.ts';
import { profiled } from './lib/profile.ts';
import { cap, SpanishText } from './lib/spanish-text.ts';
import { createBot, signUpOwner, startApp } from './lib/test-app.ts';
import { multipart } from '../apps/server/src/test/multipart.ts';

const ROWS = 10_000;
const maxMs = 10_000;

const quote = (v: string) => (/[",\n]/.test(v) ? `"${v.replace(/"/g, '""')}"` : v);

/** Name, price as "$18,500.00", SKU, stock, color, description: an export from a spreadsheet. */
function catalogCsv(): Buffer {
  const g = new SpanishText(10);
  const lines = ['Nombre,Precio,SKU,Existencias,Color,Descripción'];
  const skus = new Set<string>();
  for (let i = 0; i < ROWS; i++) {
    const n = g.noun();
    let sku = g.sku();
    while (skus.has(sku)) sku = `${sku}${g.int(0, 9)}`;
    skus.add(sku);
    const cents = g.int(49, 89_999) * 100 + (g.chance(0.3) ? 50 : 0);
    const price = `$${(cents / 100).toLocaleString('en-US', { minimumFractionDigits: 2, maximumFractionDigits: 2 })}`;
    const name = `${cap(n.sg)} ${g.adjective(n)} ${g.any(['Altamar', 'Bravo', 'Cumbre', 'Delta', 'Faro', 'Jade', 'Luna', 'Sierra'])} ${g.int(100, 999)}`;
    const description = `${g.productSentence()} ${g.chance(0.5) ? g.productSentence() : ''}`.trim();
    lines.push([name, price, sku, String(g.int(0, 250)), cap(g.color(n)), description].map(quote).join(','));
  }
  return Buffer.from(`${lines.join('\r\n')}\r\n`, 'utf8');
}

export default async function catalogImport(): Promise<BenchResult> {
  const csv = catalogCsv();
  const t = await startApp('pglite');
  try {
    const owner = await signUpOwner(t);
    const botId = await createBot(t, owner);
    const headers = { cookie: owner.cookie };
    const post = (url: string, fields: Record<string, string>) => {
      const body = multipart(fields, { field: 'file', name: 'catalogo.csv', type: 'text/csv', bytes: csv });
      return t.app.inject({ method: 'POST', url, payload: body.payload, headers: { ...headers, ...body.headers } });
    };

    const p0 = performance.now();
    const preview = await post('/api/products/import/preview', { botId });
    const previewMs = performance.now() - p0;
    if (preview.statusCode !== 200) throw new Error(`preview answered ${preview.statusCode}: ${preview.body}`);
    const { mapping, total_rows } = preview.json() as { mapping: Record<string, string>; total_rows: number };
    if (total_rows !== ROWS) throw new Error(`preview read ${total_rows} rows, ${ROWS} expected`);

    const importOnce = async (label: string) => {
      const started = performance.now();
      const res = await profiled(label, () => post('/api/products/import', { botId, mapping: JSON.stringify(mapping) }));
      const elapsed = performance.now() - started;
      if (res.statusCode !== 200) throw new Error(`import answered ${res.statusCode}: ${res.body}`);
      return { ms: elapsed, result: res.json() as { created: number; updated: number; skipped: number } };
    };
    const first = await importOnce('catalog-import-new');
    if (first.result.created !== ROWS) throw new Error(`first import: ${JSON.stringify(first.result)}`);
    const second = await importOnce('catalog-import-updates');
    if (second.result.updated !== ROWS) throw new Error(`second import: ${JSON.stringify(second.result)}`);

    const list = await t.app.inject({ method: 'GET', url: `/api/products/${botId}?limit=1`, headers });
    const total = (list.json() as { total: number }).total;
    if (total !== ROWS) throw new Error(`${total} products listed after the imports, ${ROWS} expected`);

    const rate = (ms: number) => Math.round(ROWS / (ms / 1000));
    return {
      figures: [
        { name: 'rows', value: ROWS, unit: '' },
        { name: 'CSV size', value: Math.round(csv.length / 1024), unit: 'KB' },
        { name: 'preview', value: Math.round(previewMs), unit: 'ms' },
        { name: 'import (all new)', value: Math.round(first.ms), unit: 'ms' },
        { name: 'import (all new) rate', value: rate(first.ms), unit: 'rows/s' },
        { name: 're-import (all updates)', value: Math.round(second.ms), unit: 'ms' },
        { name: 're-import (all updates) rate', value: rate(second.ms), unit: 'rows/s' },
      ],
      target: `import of ${ROWS.toLocaleString('en-US')} new rows < ${maxMs} ms`,
      pass: first.ms < maxMs,
      notes: [
        `mapping suggested by the preview: ${Object.entries(mapping).map(([c, v]) => `${c} → ${v}`).join(', ')}`,
        'multipart bodies sent with inject() to the app built in this process (in-memory PGlite); each product is indexed for retrieval as it is imported',
      ],
    };
  } finally {
    await t.close();
  }
}
