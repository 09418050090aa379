import { createServer, type Server } from 'node:http';
import { Readable } from 'node:stream';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { createTestApp, engines, type TestApp } from '../../test/harness.ts';
import { as, createBot, signUp, type Account } from '../../test/accounts.ts';
import { multipart } from '../../test/multipart.ts';
import { makePdf } from './extract/test-support/make-pdf.ts';
import { bots } from '../bots/bots.table.ts';
import { chunks } from './training.table.ts';

const latin1 = (s: string) => Buffer.from(s, 'latin1');

describe.each(engines)('training documents on %s', (engine) => {
  let t: TestApp;
  let owner: Account;
  let other: Account;
  let botId: string;
  let site: Server;
  let siteUrl: string;

  beforeAll(async () => {
    t = await createTestApp(engine, { TRAINING_ALLOW_PRIVATE_URLS: 'true' });
    owner = await signUp(t);
    other = await signUp(t);
    botId = await createBot(t, owner);
    site = createServer((req, res) => {
      if (req.url === '/precios') {
        res.setHeader('content-type', 'text/html; charset=utf-8');
        res.end('<html><head><title>Precios</title></head><body><main><h1>Precios</h1><p>La limpieza dental cuesta $650 pesos y la endodoncia $4,500.</p></main></body></html>');
      } else if (req.url === '/imagen') {
        res.setHeader('content-type', 'image/png');
        res.end(Buffer.alloc(100));
      } else {
        res.statusCode = 404;
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
    for (let i = 0; i < 100; i++) {
      const list = (await asOwner({ method: 'GET', url: `/api/documents/${botId}` })).json() as { id: string; status: string }[];
      const doc = list.find((d) => d.id === documentId);
      if (doc && doc.status !== 'processing') return doc as Record<string, unknown>;
      await new Promise((r) => setTimeout(r, 100));
    }
    throw new Error('document never settled');
  }

  it('trains from pasted text and makes it searchable', async () => {
    const res = await asOwner({ method: 'POST', url: '/api/training', payload: { botId, text: 'Horario\nAbrimos los sábados de 9:00 a 14:00.' } });
    expect(res.statusCode).toBe(201);
    expect(res.json().document).toMatchObject({ mime_type: 'Text Training', training_type: 'TEXT', status: 'processing', isDeleted: false, document_name: 'Horario' });
    const doc = await settled(res.json().document.id);
    expect(doc).toMatchObject({ status: 'ready', error: null });
    const [hit] = await t.modules.search(botId, 'es', '¿abren los sábados?');
    expect(hit?.text).toContain('sábados');
  });

  it('uploads a CSV in Latin-1 and finds a row by its values', async () => {
    const csv = latin1('Tratamiento;Precio;Duración\nLimpieza;650;45 min\nEndodoncia;4500;90 min\nBlanqueamiento;3200;60 min\n');
    const body = multipart({ botId }, { name: 'precios.csv', type: 'text/csv', bytes: csv });
    const res = await asOwner({ method: 'POST', url: '/api/documents', ...body });
    expect(res.statusCode).toBe(201);
    expect(res.json().document).toMatchObject({ training_type: 'CSV', mime_type: 'CSV', document_name: 'precios.csv' });
    const doc = await settled(res.json().document.id);
    expect(doc).toMatchObject({ status: 'ready', chunk_count: 3 });
    const [hit] = await t.modules.search(botId, 'es', 'endodoncia');
    expect(hit?.text).toMatch(/Tratamiento: Endodoncia; Precio: 4500; Duración: 90 min/);
  });

  it('uploads a PDF (file before botId too) and extracts its text', async () => {
    const pdf = makePdf([['Política de cancelación', 'Cancela con 24 horas de anticipación o se cobran $200.']]);
    const body = multipart({ botId }, { name: 'politicas.pdf', type: 'application/pdf', bytes: pdf }, true);
    const res = await asOwner({ method: 'POST', url: '/api/documents', ...body });
    expect(res.statusCode).toBe(201);
    expect(await settled(res.json().document.id)).toMatchObject({ status: 'ready', training_type: 'PDF' });
    expect((await t.modules.search(botId, 'es', 'cancelación'))[0]?.text).toContain('24 horas');
  });

  it('refuses a file that claims to be a PDF but is not, and an empty upload', async () => {
    const fake = multipart({ botId }, { name: 'virus.pdf', type: 'application/pdf', bytes: Buffer.from('MZ\x90\x00 not a pdf') });
    const res = await asOwner({ method: 'POST', url: '/api/documents', ...fake });
    expect(res.statusCode).toBe(400);
    expect(res.json().error.code).toBe('NOT_A_PDF');
    const none = await asOwner({ method: 'POST', url: '/api/documents', ...multipart({ botId }) });
    expect(none.json().error.code).toBe('FILE_MISSING');
    const noBot = await asOwner({ method: 'POST', url: '/api/documents', ...multipart({}, { name: 'a.csv', type: 'text/csv', bytes: latin1('a,b\n1,2\n') }) });
    expect(noBot.statusCode).toBe(400);
  });

  it('marks an image-only PDF failed with its reason, in the reader language', async () => {
    const pdf = makePdf([[]], { imageOnly: true } as never);
    const res = await asOwner({ method: 'POST', url: '/api/documents', ...multipart({ botId }, { name: 'escaneo.pdf', type: 'application/pdf', bytes: pdf }) });
    const doc = await settled(res.json().document.id);
    expect(doc.status).toBe('failed');
    expect(doc.error).toMatch(/No se pudo leer texto/);
    const en = (await asOwner({ method: 'GET', url: `/api/documents/${botId}`, headers: { 'accept-language': 'en' } })).json();
    expect(en.find((d: { id: string }) => d.id === doc.id).error).toMatch(/no text could be read/i);
  });

  it('fails an empty CSV and keeps the reason', async () => {
    const res = await asOwner({ method: 'POST', url: '/api/documents', ...multipart({ botId }, { name: 'vacio.csv', type: 'text/csv', bytes: latin1('\n\n') }) });
    const doc = await settled(res.json().document.id);
    expect(doc).toMatchObject({ status: 'failed' });
    expect(doc.error).toBeTruthy();
  });

  it('refuses a file over 20 MB with 413 before reading it', async () => {
    const res = await asOwner({
      method: 'POST',
      url: '/api/documents',
      headers: { 'content-type': 'multipart/form-data; boundary=x', 'content-length': String(21 * 1024 * 1024) },
      payload: '--x--',
    });
    expect(res.statusCode).toBe(413);
    expect(res.json().error.code).toBe('PAYLOAD_TOO_LARGE');
    const big = multipart({ botId }, { name: 'big.csv', type: 'text/csv', bytes: Buffer.alloc(20 * 1024 * 1024 + 10, 0x61) });
    // Sent chunked, with no declared length: the stream is cut at the limit.
    const streamed = await asOwner({ method: 'POST', url: '/api/documents', payload: Readable.from([big.payload]), headers: big.headers });
    expect(streamed.statusCode).toBe(413);
  });

  it('trains from a web page served on loopback (allowed by the setting)', async () => {
    const res = await asOwner({ method: 'POST', url: '/api/training-url', payload: { botID: botId, url: `${siteUrl}/precios` } });
    expect(res.statusCode).toBe(201);
    expect(res.json().document).toMatchObject({ mime_type: 'URL Training', training_type: 'URL' });
    expect(await settled(res.json().document.id)).toMatchObject({ status: 'ready' });
    const wrongType = await asOwner({ method: 'POST', url: '/api/training-url', payload: { botID: botId, url: `${siteUrl}/imagen` } });
    expect(await settled(wrongType.json().document.id)).toMatchObject({ status: 'failed' });
  });

  it('refuses text over 200,000 characters and non-http URLs', async () => {
    const long = await asOwner({ method: 'POST', url: '/api/training', payload: { botId, text: 'a'.repeat(200_001) } });
    expect(long.statusCode).toBe(400);
    expect(long.json().error.fields.text).toBe('Usa como máximo 200000 caracteres.');
    const ftp = await asOwner({ method: 'POST', url: '/api/training-url', payload: { botID: botId, url: 'file:///etc/passwd' } });
    expect(ftp.statusCode).toBe(400);
  });

  it("refuses another user's bot and document, changing nothing", async () => {
    const mine = await asOwner({ method: 'POST', url: '/api/training', payload: { botId, text: 'Tenemos estacionamiento gratuito.' } });
    const docId = mine.json().document.id;
    const asOther = as(t, other);
    expect((await asOther({ method: 'GET', url: `/api/documents/${botId}` })).statusCode).toBe(403);
    expect((await asOther({ method: 'POST', url: '/api/training', payload: { botId, text: 'hack' } })).statusCode).toBe(403);
    expect((await asOther({ method: 'POST', url: '/api/training-url', payload: { botID: botId, url: 'https://example.com' } })).statusCode).toBe(403);
    const upload = await asOther({ method: 'POST', url: '/api/documents', ...multipart({ botId }, { name: 'x.csv', type: 'text/csv', bytes: latin1('a\n1\n') }) });
    expect(upload.statusCode).toBe(403);
    expect((await asOther({ method: 'DELETE', url: `/api/documents/${docId}`, payload: { botId } })).statusCode).toBe(403);
    expect((await asOwner({ method: 'GET', url: `/api/documents/${botId}` })).json().some((d: { id: string }) => d.id === docId)).toBe(true);
  });

  it('deletes a document once: its passages leave the search at once', async () => {
    const res = await asOwner({ method: 'POST', url: '/api/training', payload: { botId, text: 'Contamos con rayos X panorámicos digitales.' } });
    const id = res.json().document.id;
    await settled(id);
    expect((await t.modules.search(botId, 'es', 'panorámicos'))).toHaveLength(1);
    const del = await asOwner({ method: 'DELETE', url: `/api/documents/${id}`, payload: { botId } });
    expect(del.json()).toEqual({ ok: true });
    expect(await t.modules.search(botId, 'es', 'panorámicos')).toEqual([]);
    expect(await t.database.db.select().from(chunks).where(eq(chunks.documentId, id))).toEqual([]);
    const again = await asOwner({ method: 'DELETE', url: `/api/documents/${id}`, payload: { botId } });
    expect(again.statusCode).toBe(404);
  });

  it('refuses training a locked bot', async () => {
    await t.database.db.update(bots).set({ locked: true }).where(eq(bots.id, botId));
    try {
      const res = await asOwner({ method: 'POST', url: '/api/training', payload: { botId, text: 'algo' } });
      expect(res.statusCode).toBe(423);
    } finally {
      await t.database.db.update(bots).set({ locked: false }).where(eq(bots.id, botId));
    }
  });
});
