import { mkdirSync, mkdtempSync, readdirSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { brotliCompressSync, brotliDecompressSync, gunzipSync, gzipSync } from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../test/harness.ts';

/** A built web app as the build leaves it: each text file with its .br and .gz copies. */
function builtWebApp() {
  const dir = mkdtempSync(path.join(tmpdir(), 'charla-web-'));
  mkdirSync(path.join(dir, 'assets'));
  const files = {
    'index.html': `<!doctype html><title>Charla</title>${'<!-- relleno -->'.repeat(100)}`,
    'assets/index-abc123.js': `console.log(${JSON.stringify('hola '.repeat(500))});`,
  };
  for (const [name, text] of Object.entries(files)) {
    const file = path.join(dir, name);
    writeFileSync(file, text);
    writeFileSync(`${file}.br`, brotliCompressSync(text));
    writeFileSync(`${file}.gz`, gzipSync(text));
  }
  return { dir, files };
}

describe('first load: compressed files and answers', () => {
  let t: TestApp;
  const web = builtWebApp();
  beforeAll(async () => {
    t = await createTestApp('pglite', { WEB_DIST: web.dir });
  });
  afterAll(() => t?.close());

  it('sends the brotli or gzip copy written at build time, hashed assets cached as immutable', async () => {
    const js = web.files['assets/index-abc123.js'];
    const br = await t.app.inject({ url: '/assets/index-abc123.js', headers: { 'accept-encoding': 'gzip, deflate, br' } });
    expect(br.statusCode).toBe(200);
    expect(br.headers['content-encoding']).toBe('br');
    expect(br.headers['cache-control']).toBe('public, max-age=31536000, immutable');
    expect(br.headers.vary).toMatch(/accept-encoding/i);
    expect(brotliDecompressSync(br.rawPayload).toString()).toBe(js);

    const gz = await t.app.inject({ url: '/assets/index-abc123.js', headers: { 'accept-encoding': 'gzip' } });
    expect(gz.headers['content-encoding']).toBe('gzip');
    expect(gunzipSync(gz.rawPayload).toString()).toBe(js);

    const plain = await t.app.inject({ url: '/assets/index-abc123.js' });
    expect(plain.headers['content-encoding']).toBeUndefined();
    expect(plain.body).toBe(js);
  });

  it('sends index.html compressed for every app route, revalidated on each load', async () => {
    const page = await t.app.inject({ url: '/app/dashboard', headers: { 'accept-encoding': 'br' } });
    expect(page.statusCode).toBe(200);
    expect(page.headers['content-encoding']).toBe('br');
    expect(page.headers['cache-control']).toBe('no-cache');
    expect(brotliDecompressSync(page.rawPayload).toString()).toBe(web.files['index.html']);
  });

  it('compresses API answers over 1 KB, not the small ones', async () => {
    const docs = await t.app.inject({ url: '/api/docs/json', headers: { 'accept-encoding': 'br, gzip' } });
    expect(docs.statusCode).toBe(200);
    expect(docs.headers['content-encoding']).toBe('br');
    expect(JSON.parse(brotliDecompressSync(docs.rawPayload).toString()).openapi).toBeTruthy();
    const gz = await t.app.inject({ url: '/api/docs/json', headers: { 'accept-encoding': 'gzip' } });
    expect(gz.headers['content-encoding']).toBe('gzip');

    const health = await t.app.inject({ url: '/healthz', headers: { 'accept-encoding': 'br, gzip' } });
    expect(health.headers['content-encoding']).toBeUndefined();
    expect(health.json()).toEqual({ status: 'ok' });
  });

  it('serves the files of a build written after the server started, and 404 for a missing asset', async () => {
    // The server has served the first build once.
    expect((await t.app.inject({ url: '/assets/index-abc123.js' })).statusCode).toBe(200);
    // A new build empties dist/ and writes other hashed names, each with its compressed copies.
    rmSync(path.join(web.dir, 'assets'), { recursive: true });
    for (const name of readdirSync(web.dir)) rmSync(path.join(web.dir, name));
    mkdirSync(path.join(web.dir, 'assets'));
    const fresh = 'assets/index-def456.js';
    const rebuilt = { [fresh]: 'console.log("nuevo");', 'index.html': '<!doctype html><script type="module" src="/assets/index-def456.js"></script>' };
    for (const [name, text] of Object.entries(rebuilt)) {
      const file = path.join(web.dir, name);
      writeFileSync(file, text);
      writeFileSync(`${file}.br`, brotliCompressSync(text));
      writeFileSync(`${file}.gz`, gzipSync(text));
    }

    const page = await t.app.inject({ url: '/app/dashboard/crm', headers: { 'accept-encoding': 'br' } });
    expect(page.statusCode).toBe(200);
    const named = /src="\/(assets\/[^"]+)"/.exec(brotliDecompressSync(page.rawPayload).toString())?.[1];
    expect(named).toBe(fresh);
    const asset = await t.app.inject({ url: `/${named}`, headers: { 'accept-encoding': 'br' } });
    expect(asset.statusCode).toBe(200);
    expect(brotliDecompressSync(asset.rawPayload).toString()).toBe('console.log("nuevo");');
    const plain = await t.app.inject({ url: `/${named}` });
    expect(plain.statusCode).toBe(200);
    expect(plain.body).toBe('console.log("nuevo");');

    const gone = await t.app.inject({ url: '/assets/index-abc123.js' });
    expect(gone.statusCode).toBe(404);
    const missing = await t.app.inject({ url: '/assets/index-000000.js' });
    expect(missing.statusCode).toBe(404);
    const outside = await t.app.inject({ url: '/assets/../../etc/passwd' });
    expect(outside.body).not.toContain('root:');
  });
});
