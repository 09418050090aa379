import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { as, createBot, signUp, type Account } from '../test/accounts.ts';
import { createTestApp, engines, type TestApp } from '../test/harness.ts';
import { multipart } from '../test/multipart.ts';
import { products } from '../modules/products/products.table.ts';
import { documents } from '../modules/training/training.table.ts';

/** Every upload route: its form's fields go through the shared contract before anything uses them. */
const csv = Buffer.from('Nombre,Precio\nSilla,1800\nMesa,3500\n');
const uploads = [
  { url: '/api/documents', form: (fields: Record<string, string>, fileFirst = false) => multipart(fields, { field: 'document', name: 'precios.csv', type: 'text/csv', bytes: csv }, fileFirst) },
  { url: '/api/products/import/preview', form: (fields: Record<string, string>, fileFirst = false) => multipart(fields, { field: 'file', name: 'catalogo.csv', type: 'text/csv', bytes: csv }, fileFirst) },
  {
    url: '/api/products/import',
    form: (fields: Record<string, string>, fileFirst = false) =>
      multipart({ mapping: '{"Nombre":"name","Precio":"price"}', ...fields }, { field: 'file', name: 'catalogo.csv', type: 'text/csv', bytes: csv }, fileFirst),
  },
];

describe.each(engines)('uploads on %s', (engine) => {
  let t: TestApp;
  let owner: Account;
  let botId: string;

  beforeAll(async () => {
    t = await createTestApp(engine);
    owner = await signUp(t);
    botId = await createBot(t, owner);
  });
  afterAll(() => t?.close());

  const nothingStored = async () => {
    expect(await t.database.db.select().from(documents).where(eq(documents.botId, botId))).toEqual([]);
    expect(await t.database.db.select().from(products).where(eq(products.botId, botId))).toEqual([]);
  };

  it.each(uploads)('$url answers 400 naming botId when it is not a UUID, sent before or after the file', async ({ url, form }) => {
    for (const fileFirst of [false, true]) {
      for (const bad of ['not-a-uuid', "1' or '1'='1", '']) {
        const body = form({ botId: bad }, fileFirst);
        const res = await as(t, owner)({ method: 'POST', url, headers: { ...body.headers, 'accept-language': 'en' }, payload: body.payload });
        expect(res.statusCode, `${bad} ${fileFirst} ${res.body}`).toBe(400);
        expect(res.json().error).toMatchObject({ code: 'VALIDATION_FAILED', fields: { botId: expect.any(String) } });
      }
    }
    await nothingStored();
  });

  it.each(uploads)('$url answers 400 to a body cut short, wherever it is cut', async ({ url, form }) => {
    const whole = form({ botId });
    for (const keep of [whole.payload.length - 10, Math.floor(whole.payload.length / 2), 60]) {
      const res = await as(t, owner)({ method: 'POST', url, headers: whole.headers, payload: whole.payload.subarray(0, keep) });
      expect(res.statusCode, `${keep} ${res.body}`).toBe(400);
      expect(res.json().error).toMatchObject({ code: 'MULTIPART_INVALID', message: 'El formulario llegó incompleto o dañado. Vuelve a enviarlo.' });
    }
    await nothingStored();
  });

  it('names the mapping of an import when it is missing, not JSON or maps to an unknown field', async () => {
    for (const mapping of [undefined, '{"Nombre":', '{"Nombre":"colour"}']) {
      const fields: Record<string, string> = mapping === undefined ? { botId } : { botId, mapping };
      const res = await as(t, owner)({ method: 'POST', url: '/api/products/import', ...multipart(fields, { field: 'file', name: 'c.csv', type: 'text/csv', bytes: csv }) });
      expect(res.statusCode, res.body).toBe(400);
      expect(Object.keys(res.json().error.fields)[0]).toMatch(/^mapping/);
    }
    await nothingStored();
  });

  it('still takes a well-formed upload', async () => {
    const res = await as(t, owner)({ method: 'POST', url: '/api/products/import', ...uploads[2]!.form({ botId }) });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toMatchObject({ created: 2 });
  });
});
