import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, engines, type TestApp } from '../../test/harness.ts';
import { as, createBot, signUp, type Account } from '../../test/accounts.ts';

describe.each(engines)('reading a document again, and what it taught, on %s', (engine) => {
  let t: TestApp;
  let owner: Account;
  let other: Account;
  let botId: string;
  let site: Server;
  let siteUrl: string;
  let pageUp = false;

  beforeAll(async () => {
    t = await createTestApp(engine, { TRAINING_ALLOW_PRIVATE_URLS: 'true' });
    owner = await signUp(t);
    other = await signUp(t);
    botId = await createBot(t, owner);
    site = createServer((req, res) => {
      if (req.url === '/Odontolog%C3%ADa' && pageUp) {
        res.setHeader('content-type', 'text/html; charset=utf-8');
        res.end('<html><head><title>Odontología</title></head><body><main><h1>Odontología</h1><p>La resina cuesta $900 pesos por pieza.</p></main></body></html>');
      } else {
        res.statusCode = 503;
        res.end();
      }
    });
    await new Promise<void>((r) => site.listen(0, '127.0.0.1', r));
    siteUrl = `http://127.0.0.1:${(site.address() as AddressInfo).port}`;
  });
  afterAll(async () => {
    site?.close();
    await t?.close();
  });

  const asOwner = (opts: Parameters<ReturnType<typeof as>>[0]) => as(t, owner)(opts);

  async function settled(documentId: string) {
    for (let i = 0; i < 150; i++) {
      const list = (await asOwner({ method: 'GET', url: `/api/documents/${botId}` })).json() as { id: string; status: string }[];
      const doc = list.find((d) => d.id === documentId);
      if (doc && doc.status !== 'processing') return doc as Record<string, unknown>;
      await new Promise((r) => setTimeout(r, 100));
    }
    throw new Error('document never settled');
  }

  it('names a page by its decoded address, and reads a failed one again on request', async () => {
    const added = await asOwner({ method: 'POST', url: '/api/training-url', payload: { botID: botId, url: `${siteUrl}/Odontolog%C3%ADa` } });
    expect(added.statusCode).toBe(201);
    const id = added.json().document.id as string;
    expect(added.json().document.document_name).toBe(`${siteUrl.replace('http://', '')}/Odontología`);
    expect(await settled(id)).toMatchObject({ status: 'failed' });

    // Another owner cannot retry it; an unknown document is a 404.
    const foreign = await as(t, other)({ method: 'POST', url: `/api/documents/${id}/retry`, payload: { botId } });
    expect(foreign.statusCode).toBe(403);
    const unknown = await asOwner({ method: 'POST', url: '/api/documents/7c3f1a8e-2b4d-4e6f-8a9b-0c1d2e3f4a5b/retry', payload: { botId } });
    expect(unknown.statusCode).toBe(404);

    pageUp = true;
    const retried = await asOwner({ method: 'POST', url: `/api/documents/${id}/retry`, payload: { botId } });
    expect(retried.statusCode).toBe(200);
    expect(retried.json().document).toMatchObject({ id, status: 'processing', error: null });
    expect(await settled(id)).toMatchObject({ status: 'ready', error: null });
    // A ready document is answered as it is.
    const again = await asOwner({ method: 'POST', url: `/api/documents/${id}/retry`, payload: { botId } });
    expect(again.json().document).toMatchObject({ status: 'ready' });
  });

  it('answers the passages of a document in order, a page at a time', async () => {
    const text = Array.from({ length: 12 }, (_, i) => `Servicio ${i + 1}\n${'El tratamiento número ' + (i + 1) + ' cuesta ' + (i + 1) * 100 + ' pesos. '.repeat(40)}`).join('\n\n');
    const added = await asOwner({ method: 'POST', url: '/api/training', payload: { botId, text, document_name: 'Lista larga' } });
    const id = added.json().document.id as string;
    const doc = await settled(id);
    expect(doc.status).toBe('ready');
    const total = doc.chunk_count as number;
    expect(total).toBeGreaterThan(3);

    const first = await asOwner({ method: 'GET', url: `/api/documents/${id}/passages?botId=${botId}&limit=3` });
    expect(first.statusCode).toBe(200);
    expect(first.json().total).toBe(total);
    expect(first.json().items.map((p: { ordinal: number }) => p.ordinal)).toEqual([0, 1, 2]);
    expect(first.json().items[0].text).toContain('tratamiento número 1');
    const last = await asOwner({ method: 'GET', url: `/api/documents/${id}/passages?botId=${botId}&offset=${total - 1}&limit=3` });
    expect(last.json().items).toHaveLength(1);

    const foreign = await as(t, other)({ method: 'GET', url: `/api/documents/${id}/passages?botId=${botId}` });
    expect(foreign.statusCode).toBe(403);
    const tooMany = await asOwner({ method: 'GET', url: `/api/documents/${id}/passages?botId=${botId}&limit=500` });
    expect(tooMany.statusCode).toBe(400);
  });
});
