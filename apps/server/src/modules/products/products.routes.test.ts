import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, engines, type TestApp } from '../../test/harness.ts';
import { as, createBot, signUp, type Account } from '../../test/accounts.ts';
import { multipart } from '../../test/multipart.ts';

describe.each(engines)('catalog on %s', (engine) => {
  let t: TestApp;
  let owner: Account;
  let other: Account;
  let botId: string;

  beforeAll(async () => {
    t = await createTestApp(engine);
    owner = await signUp(t);
    other = await signUp(t);
    botId = await createBot(t, owner, { bot_name: 'Leo', bot_objective: 'automobile', business_name: 'Autos León' });
  });
  afterAll(() => t?.close());

  const asOwner = (opts: Parameters<ReturnType<typeof as>>[0]) => as(t, owner)(opts);
  const create = (body: Record<string, unknown>) => asOwner({ method: 'POST', url: '/api/products', payload: { botId, ...body } });

  it('keeps exact prices with their currency and makes the product searchable', async () => {
    const res = await create({ name: 'Toyota Corolla 2020', price: '289900.50', currency: 'mxn', sku: 'COR-20', stock: 2, attributes: { Color: 'Gris plata', Transmisión: 'Automática' } });
    expect(res.statusCode).toBe(201);
    expect(res.json().product).toMatchObject({ name: 'Toyota Corolla 2020', price: '289900.50', currency: 'MXN', stock: 2, attributes: { Color: 'Gris plata' } });
    const [hit] = await t.modules.search(botId, 'es', '¿cuánto cuesta el corolla?');
    expect(hit?.text).toContain('Precio: $289,900.50 MXN');
    expect(hit?.productId).toBe(res.json().product.id);
    expect((await t.modules.search(botId, 'es', 'gris plata'))[0]?.productId).toBe(res.json().product.id);
  });

  it('refuses bad fields and a repeated SKU', async () => {
    const bad = await create({ name: '', price: '12.345', currency: 'PESOS', url: 'javascript:alert(1)', stock: -1 });
    expect(bad.statusCode).toBe(400);
    expect(Object.keys(bad.json().error.fields).sort()).toEqual(['currency', 'name', 'price', 'stock', 'url']);
    await create({ name: 'Versa', sku: 'VER-1' });
    const dup = await create({ name: 'Versa 2', sku: 'VER-1' });
    expect(dup.statusCode).toBe(409);
    expect(dup.json().error.code).toBe('SKU_TAKEN');
  });

  it('lists with search, stock filter and pagination; updates and deletes', async () => {
    const soldOut = (await create({ name: 'Nissan Sentra', price: '310000', stock: 0 })).json().product;
    const list = await asOwner({ method: 'GET', url: `/api/products/${botId}?q=sentra` });
    expect(list.json()).toMatchObject({ total: 1, items: [{ id: soldOut.id }] });
    const accents = await asOwner({ method: 'GET', url: `/api/products/${botId}?q=AUTOMATICA` });
    expect(accents.json().total).toBe(1);
    const inStock = await asOwner({ method: 'GET', url: `/api/products/${botId}?in_stock=false` });
    expect(inStock.json().items.map((p: { name: string }) => p.name)).toEqual(['Nissan Sentra']);
    const page = await asOwner({ method: 'GET', url: `/api/products/${botId}?limit=1&offset=1` });
    expect(page.json().items).toHaveLength(1);
    const upd = await asOwner({ method: 'PATCH', url: `/api/products/${soldOut.id}`, payload: { stock: 4, price: '299000.00' } });
    expect(upd.json().product).toMatchObject({ stock: 4, price: '299000.00' });
    expect((await t.modules.search(botId, 'es', 'sentra'))[0]?.text).toContain('Disponibles: 4');
    expect((await asOwner({ method: 'DELETE', url: `/api/products/${soldOut.id}` })).json()).toEqual({ ok: true });
    expect(await t.modules.search(botId, 'es', 'sentra')).toEqual([]);
    expect((await asOwner({ method: 'DELETE', url: `/api/products/${soldOut.id}` })).statusCode).toBe(404);
  });

  it('previews a catalog CSV and imports it with the mapping, reporting bad rows', async () => {
    const csv = Buffer.from(
      'Modelo;Precio;Código;Existencias;Color\nMazda 3;$415,900.00;MZ3;3;Rojo\nKia Rio;299,500;RIO;1;Blanco\nSin precio;gratis;X1;1;Azul\n;100;X2;1;Negro\nMazda 3 Sport;$425,900;MZ3;2;Rojo\n',
      'latin1',
    );
    const preview = await asOwner({ method: 'POST', url: '/api/products/import/preview', ...multipart({ botId }, { field: 'file', name: 'autos.csv', type: 'text/csv', bytes: csv }) });
    expect(preview.statusCode).toBe(200);
    expect(preview.json()).toMatchObject({
      columns: ['Modelo', 'Precio', 'Código', 'Existencias', 'Color'],
      total_rows: 5,
      mapping: { Modelo: 'name', Precio: 'price', Código: 'sku', Existencias: 'stock', Color: 'attribute' },
    });
    const mapping = JSON.stringify(preview.json().mapping);
    const res = await asOwner({ method: 'POST', url: '/api/products/import', ...multipart({ botId, mapping }, { field: 'file', name: 'autos.csv', type: 'text/csv', bytes: csv }) });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({ created: 2, updated: 0, skipped: 3 });
    expect(res.json().errors.map((e: { row: number }) => e.row)).toEqual([4, 5, 6]);
    const again = await asOwner({ method: 'POST', url: '/api/products/import', ...multipart({ botId, mapping }, { field: 'file', name: 'autos.csv', type: 'text/csv', bytes: csv }) });
    expect(again.json()).toMatchObject({ created: 0, updated: 2 });
    const rio = (await asOwner({ method: 'GET', url: `/api/products/${botId}?q=rio` })).json().items[0];
    expect(rio).toMatchObject({ price: '299500.00', sku: 'RIO', stock: 1, attributes: { Color: 'Blanco' } });
    const noName = await asOwner({ method: 'POST', url: '/api/products/import', ...multipart({ botId, mapping: '{"Modelo":"ignore"}' }, { field: 'file', name: 'a.csv', type: 'text/csv', bytes: csv }) });
    expect(noName.statusCode).toBe(400);
    const garbage = await asOwner({ method: 'POST', url: '/api/products/import/preview', ...multipart({ botId }, { field: 'file', name: 'a.csv', type: 'text/csv', bytes: Buffer.from([0, 1, 2, 3, 0, 0, 255, 254]) }) });
    expect(garbage.statusCode).toBe(400);
    expect(garbage.json().error.fields.file).not.toBe('Revisa los datos marcados.');
    expect(garbage.json().error.message).toBe(garbage.json().error.fields.file);
  });

  it("refuses another user's catalog", async () => {
    const mine = (await create({ name: 'Jetta' })).json().product;
    const asOther = as(t, other);
    expect((await asOther({ method: 'GET', url: `/api/products/${botId}` })).statusCode).toBe(403);
    expect((await asOther({ method: 'POST', url: '/api/products', payload: { botId, name: 'x' } })).statusCode).toBe(403);
    expect((await asOther({ method: 'PATCH', url: `/api/products/${mine.id}`, payload: { name: 'Hack' } })).statusCode).toBe(403);
    expect((await asOther({ method: 'DELETE', url: `/api/products/${mine.id}` })).statusCode).toBe(403);
    const preview = await asOther({ method: 'POST', url: '/api/products/import/preview', ...multipart({ botId }, { field: 'file', name: 'a.csv', type: 'text/csv', bytes: Buffer.from('a\n1\n') }) });
    expect(preview.statusCode).toBe(403);
    expect((await asOwner({ method: 'GET', url: `/api/products/${botId}?q=jetta` })).json().items[0].name).toBe('Jetta');
  });
});
