import { mkdtempSync, mkdirSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, engines, type TestApp } from '../../test/harness.ts';

describe.each(engines)('health, docs and the web app on %s', (engine) => {
  let t: TestApp;
  beforeAll(async () => {
    const web = mkdtempSync(path.join(tmpdir(), 'charla-web-'));
    mkdirSync(path.join(web, 'assets'));
    writeFileSync(path.join(web, 'index.html'), '<!doctype html><title>Charla</title>');
    writeFileSync(path.join(web, 'assets', 'index-abc123.js'), 'console.log(1)');
    t = await createTestApp(engine, { WEB_DIST: web });
  });
  afterAll(() => t?.close());

  it('answers /healthz and /readyz', async () => {
    expect((await t.app.inject('/healthz')).json()).toEqual({ status: 'ok' });
    const ready = await t.app.inject('/readyz');
    expect(ready.statusCode).toBe(200);
    expect(ready.json()).toMatchObject({ status: 'ready', migrations: 'applied' });
  });

  it('documents every route at /api/docs', async () => {
    const spec = (await t.app.inject('/api/docs/json')).json();
    for (const p of ['/client/signup', '/client/login', '/client/refresh-token', '/client/info/{userId}', '/client/update-client', '/client/logout', '/readyz']) {
      expect(Object.keys(spec.paths)).toContain(p);
    }
    expect((await t.app.inject('/api/docs')).statusCode).toBeLessThan(400);
  });

  it('serves the app with SPA fallback and long-cache hashed assets', async () => {
    const page = await t.app.inject('/app/dashboard/mi-cuenta');
    expect(page.statusCode).toBe(200);
    expect(page.body).toContain('<title>Charla</title>');
    expect(page.headers['cache-control']).toBe('no-cache');
    const asset = await t.app.inject('/assets/index-abc123.js');
    expect(asset.headers['cache-control']).toBe('public, max-age=31536000, immutable');
  });

  it('answers unknown API paths with the error envelope', async () => {
    const res = await t.app.inject({ url: '/client/nope', headers: { 'accept-language': 'en' } });
    expect(res.statusCode).toBe(404);
    expect(res.json()).toEqual({ error: { code: 'NOT_FOUND', message: 'We could not find what you are looking for.' } });
    expect((await t.app.inject('/assets/missing.js')).statusCode).toBe(404);
  });
});
