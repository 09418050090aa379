import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Locator, Page } from 'playwright-core';
import { createBot, signUp, type Owner } from './support/accounts.ts';
import { viewports } from './support/app.ts';
import { shot, startTestEnv, type PageOptions, type TestEnv, type Viewport } from './support/env.ts';

let env: TestEnv;
let session: PageOptions['storageState'];
let botId = '';

const owner: Owner = {
  name: 'Lucía Hernández',
  email: `lucia.${Date.now()}@mueblesdelvalle.mx`,
  phone: '+52 55 2345 6789',
  password: 'secreto-1234',
};

const pricesCsv = [
  'servicio,precio,duracion',
  'Entrega a domicilio CDMX,$350,1 día',
  'Armado de muebles,$600,2 horas',
  'Garantía extendida 2 años,"$1,200",2 años',
].join('\n');

const hoursText = [
  'Horario de atención de Muebles del Valle',
  'Abrimos de lunes a viernes de 10:00 a 19:00 y los sábados de 10:00 a 15:00. Los domingos cerramos.',
  'Aceptamos tarjeta, transferencia y pago en efectivo en tienda. Hay meses sin intereses con tarjetas participantes.',
].join('\n');

const catalogCsv = [
  'Producto,Descripción,Precio,Clave,Existencias,Color,Notas internas',
  'Sala modular Lisboa,"Tres piezas, tela antimanchas","$18,500.00",SAL-LIS,4,Gris oxford,proveedor A',
  'Comedor Nogal 6 sillas,Madera de nogal macizo,"$24,900",COM-NOG,2,Nogal,proveedor B',
  'Recámara Roma King Size,Cabecera tapizada y dos burós,32999.5,REC-ROM,0,Arena,',
  'Sillón reclinable Oslo,Piel sintética con reposapiés,"12,750.00",SIL-OSL,7,Negro,liquidar',
  'Librero Kioto,Cinco entrepaños,consultar,LIB-KIO,3,Blanco,',
].join('\n');

// YouTube is not reachable from the test machine: a local address that the server refuses to
// fetch makes the video fail at once, with the same reason a real outage gives.
const youtubeBefore = process.env.YOUTUBE_BASE_URL;

beforeAll(async () => {
  process.env.YOUTUBE_BASE_URL = 'http://127.0.0.1:9';
  env = await startTestEnv();

  // One owner with one bot for every test: signed up through the form, bot created through the API.
  const { context, page } = await env.newPage({ timeoutMs: 30_000 });
  await signUp(page, owner);
  botId = await createBot(page, {
    bot_name: 'Vale',
    bot_objective: 'ecommerce',
    business_name: 'Muebles del Valle',
    business_desc: 'Muebles para sala, comedor y recámara con entrega en CDMX.',
    user_email: owner.email,
  });
  session = await context.storageState();
  await context.close();
}, 180_000);

afterAll(async () => {
  await env?.stop();
  if (youtubeBefore === undefined) delete process.env.YOUTUBE_BASE_URL;
  else process.env.YOUTUBE_BASE_URL = youtubeBefore;
});

const signedInPage = (viewport: Viewport = viewports.desktop) => env.newPage({ viewport, locale: 'es-MX', storageState: session, timeoutMs: 30_000 });

function documentRow(page: Page, name: string): Locator {
  return page.getByRole('list', { name: 'Lo que sabe tu asistente' }).getByRole('listitem').filter({ hasText: name });
}

/** Drops a file on the drop zone the way a browser does when one is dragged from the desktop. */
async function dropFile(page: Page, zoneText: string, file: { name: string; type: string; text: string }): Promise<void> {
  // A handle, not a locator: the zone's name changes while something is dragged over it.
  const zone = (await page.getByRole('group', { name: zoneText }).elementHandle())!;
  const dataTransfer = await page.evaluateHandle(({ name, type, text }) => {
    const transfer = new DataTransfer();
    transfer.items.add(new File([text], name, { type }));
    return transfer;
  }, file);
  await zone.dispatchEvent('dragenter', { dataTransfer });
  await zone.dispatchEvent('drop', { dataTransfer });
}

describe('knowledge', () => {
  it('trains the bot with a CSV and a text, shows them ready as they finish, and deletes one', async () => {
    const { context, page } = await signedInPage();
    const consoleErrors: string[] = [];
    page.on('console', (message) => {
      if (message.type() === 'error') consoleErrors.push(message.text());
    });
    const sockets: string[] = [];
    const received: string[] = [];
    page.on('websocket', (socket) => {
      sockets.push(socket.url());
      socket.on('framereceived', (frame) => received.push(String(frame.payload)));
    });
    try {
      // The test starts from no sources, also when it is run again after a failure.
      const left = (await (await page.request.get(`/api/documents/${botId}`)).json()) as Array<{ id: string }>;
      for (const doc of left) expect((await page.request.delete(`/api/documents/${doc.id}`, { data: { botId } })).ok()).toBe(true);
      await page.evaluate(() => {
        try {
          localStorage.removeItem('selectedBot');
        } catch {
          // A blank page has no storage yet: nothing is selected.
        }
      });
      await page.goto(`/app/dashboard/${botId}/recursos`);
      await page.getByRole('heading', { name: 'Recursos', level: 1 }).waitFor();
      // The bot in the address becomes the selected one, as in every section.
      await page.waitForFunction((id) => localStorage.getItem('selectedBot') === id, botId);
      await page.getByRole('heading', { name: 'Tu asistente todavía no conoce tu negocio' }).waitFor();
      for (const example of ['Precios', 'Horarios', 'Políticas', 'Catálogo']) await page.getByText(example, { exact: true }).waitFor();
      await shot(page, 'recursos-empty-1280x800');

      // A CSV dropped on the zone: it shows up at once, then becomes "Listo" when the job is done.
      await dropFile(page, 'Arrastra aquí tus archivos PDF o CSV', { name: 'precios-servicios.csv', type: 'text/csv', text: pricesCsv });
      const csvRow = documentRow(page, 'precios-servicios.csv');
      await csvRow.waitFor();
      await csvRow.getByText('Listo', { exact: true }).waitFor();
      expect(await csvRow.innerText()).toMatch(/CSV · .*2026|CSV · /);
      expect(await csvRow.innerText()).toMatch(/fragmento/);

      // A file that is not a PDF or CSV is refused before it is sent.
      await page.locator('input[type=file]').setInputFiles({ name: 'foto.png', mimeType: 'image/png', buffer: Buffer.from('png') });
      await page.getByText('Solo aceptamos archivos PDF o CSV.').waitFor();

      // A "PDF" that is not one: the server refuses it, the optimistic row goes away, the reason is shown.
      await page.locator('input[type=file]').setInputFiles({ name: 'menu.pdf', mimeType: 'application/pdf', buffer: Buffer.from('no soy un pdf') });
      await page.getByText('No pudimos subir «menu.pdf»').waitFor();
      await page.getByText('El archivo no es un PDF válido. Sube un PDF o un CSV.').waitFor();
      await documentRow(page, 'menu.pdf').waitFor({ state: 'detached' });
      expect(consoleErrors.some((text) => text.startsWith('Failed to upload document'))).toBe(true);

      // Pasted text.
      await page.getByRole('tab', { name: 'Texto' }).click();
      await page.getByLabel('Título (opcional)').fill('Horarios y pagos');
      await page.getByRole('textbox', { name: 'Contenido' }).fill(hoursText);
      await page.getByRole('button', { name: 'Agregar texto' }).click();
      const textRow = documentRow(page, 'Horarios y pagos');
      await textRow.getByText('Listo', { exact: true }).waitFor();
      expect(await page.getByRole('textbox', { name: 'Contenido' }).inputValue()).toBe('');

      // YouTube cannot be reached from here: the document fails with its reason in Spanish.
      await page.getByRole('tab', { name: 'YouTube' }).click();
      await page.getByLabel('Enlace del video de YouTube').fill('https://www.youtube.com/watch?v=dQw4w9WgXcQ');
      await page.getByRole('button', { name: 'Agregar video' }).click();
      const videoRow = documentRow(page, 'YouTube');
      await videoRow.getByText('Error', { exact: true }).waitFor();
      const reason = (await videoRow.innerText()).split('\n').slice(2).join(' ');
      expect(reason.length).toBeGreaterThan(10);


      // The live statuses came over the app's one socket.
      expect(sockets).toHaveLength(1);
      expect(received.some((frame) => frame.includes('"documentStatus"'))).toBe(true);

      // Delete the CSV: it goes at once and stays gone after a reload.
      await csvRow.getByRole('button', { name: 'Eliminar precios-servicios.csv' }).click();
      const dialog = page.getByRole('dialog', { name: '¿Eliminar «precios-servicios.csv»?' });
      await dialog.waitFor();
      await dialog.getByRole('button', { name: 'Eliminar', exact: true }).click();
      await csvRow.waitFor({ state: 'detached' });
      await page.getByText('Eliminamos «precios-servicios.csv».').waitFor();
      await page.reload();
      await documentRow(page, 'Horarios y pagos').getByText('Listo', { exact: true }).waitFor();
      expect(await documentRow(page, 'precios-servicios.csv').count()).toBe(0);
      await shot(page, 'recursos-1280x800');

      const listed = (await page.request.get(`/api/documents/${botId}`).then((r) => r.json())) as Array<{ document_name: string; status: string }>;
      expect(listed.map((d) => [d.document_name, d.status]).sort()).toEqual([
        ['Horarios y pagos', 'ready'],
        ['YouTube · dQw4w9WgXcQ', 'failed'],
      ]);
    } finally {
      await context.close();
    }
  }, 120_000);

  it('is clear on a phone', async () => {
    const { context, page } = await signedInPage(viewports.phone);
    try {
      await page.goto(`/app/dashboard/${botId}/recursos`);
      await documentRow(page, 'Horarios y pagos').getByText('Listo', { exact: true }).waitFor();
      await shot(page, 'recursos-390x844');
      await shot(page, 'recursos-full-390x844', { fullPage: true });
      const overflow = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
      expect(overflow).toBeLessThanOrEqual(0);
    } finally {
      await context.close();
    }
  }, 120_000);
  it('imports a catalog CSV through preview and column mapping, then finds, edits and deletes products', async () => {
    const { context, page } = await signedInPage();
    try {
      await page.evaluate(() => {
        try {
          localStorage.removeItem('selectedBot');
        } catch {
          // A blank page has no storage yet: nothing is selected.
        }
      });
      await page.goto(`/app/dashboard/${botId}/productos`);
      await page.getByRole('heading', { name: 'Productos', level: 1 }).waitFor();
      // The bot in the address becomes the selected one, as in every section.
      await page.waitForFunction((id) => localStorage.getItem('selectedBot') === id, botId);
      await page.getByRole('heading', { name: 'Agrega tu catálogo' }).waitFor();

      // 1. The file.
      await page.getByRole('button', { name: 'Importar CSV' }).first().click();
      const dialog = page.getByRole('dialog', { name: 'Importar catálogo' });
      await dialog.waitFor();
      await dialog.locator('input[type=file]').setInputFiles({ name: 'catalogo-muebles.csv', mimeType: 'text/csv', buffer: Buffer.from(catalogCsv) });

      // 2. The first rows, as read by the server.
      await dialog.getByText('5 productos en el archivo, 7 columnas.').waitFor();
      const preview = dialog.getByRole('table', { name: 'Primeras filas del archivo' });
      expect(await preview.getByRole('columnheader').allInnerTexts()).toEqual(['Producto', 'Descripción', 'Precio', 'Clave', 'Existencias', 'Color', 'Notas internas']);
      await preview.getByRole('cell', { name: 'Sala modular Lisboa' }).waitFor();
      await shot(page, 'productos-import-preview-1280x800');
      await dialog.getByRole('button', { name: 'Continuar' }).click();

      // 3. The mapping, prefilled with the server's suggestion; internal notes are left out.
      const select = (column: string) => dialog.getByRole('combobox', { name: `Dato de la columna ${column}` });
      expect(await select('Producto').inputValue()).toBe('name');
      expect(await select('Precio').inputValue()).toBe('price');
      expect(await select('Clave').inputValue()).toBe('sku');
      expect(await select('Existencias').inputValue()).toBe('stock');
      expect(await select('Color').inputValue()).toBe('attribute');
      await select('Notas internas').selectOption('ignore');
      // Without a name column the import cannot start.
      await select('Producto').selectOption('description');
      await dialog.getByText('Elige qué columna tiene el nombre del producto.').waitFor();
      expect(await dialog.getByRole('button', { name: 'Importar 5 productos' }).isDisabled()).toBe(true);
      expect(await select('Descripción').inputValue()).toBe('attribute');
      await select('Producto').selectOption('name');
      await select('Descripción').selectOption('description');
      await shot(page, 'productos-import-mapping-1280x800');
      await dialog.getByRole('button', { name: 'Importar 5 productos' }).click();

      // 4. What happened: four new, one skipped for its price.
      await dialog.getByText('Listo: 4 productos de tu catálogo se crearon o actualizaron.').waitFor();
      const stats = await dialog.locator('dl > div').allInnerTexts();
      expect(stats.map((text) => text.replace(/\s+/g, ' ').trim())).toEqual(['Nuevos 4', 'Actualizados 0', 'Omitidos 1']);
      await dialog.getByRole('cell', { name: 'Precio no válido: "consultar".' }).waitFor();
      await shot(page, 'productos-import-result-1280x800');
      await dialog.getByRole('button', { name: 'Ver productos' }).click();
      await dialog.waitFor({ state: 'hidden' });

      // The list: prices in pesos, stock, attributes; internal notes were not imported.
      const table = page.getByRole('table', { name: 'Tus productos' });
      const row = (name: string) => table.getByRole('row').filter({ hasText: name });
      await row('Sala modular Lisboa').waitFor();
      expect(await row('Sala modular Lisboa').innerText()).toMatch(/\$18,500\.00[\s\S]*SAL-LIS[\s\S]*4 disponibles/);
      expect(await row('Recámara Roma King Size').innerText()).toMatch(/\$32,999\.50[\s\S]*Agotado/);
      expect(await row('Sala modular Lisboa').innerText()).toContain('Color: Gris oxford');
      expect(await table.innerText()).not.toContain('proveedor');
      await page.getByText('1–4 de 4').waitFor();
      await shot(page, 'productos-1280x800');

      // Search (debounced) and the stock filter.
      await page.getByRole('searchbox', { name: 'Buscar productos' }).fill('nogal');
      await page.getByText('1–1 de 1').waitFor();
      await row('Comedor Nogal 6 sillas').waitFor();
      await page.getByRole('searchbox', { name: 'Buscar productos' }).fill('');
      await page.getByRole('combobox', { name: 'Mostrar' }).selectOption('false');
      await page.getByText('1–1 de 1').waitFor();
      await row('Recámara Roma King Size').waitFor();
      await page.getByRole('combobox', { name: 'Mostrar' }).selectOption('all');
      await page.getByText('1–4 de 4').waitFor();

      // A new product with attributes; a repeated SKU is refused on its field.
      await page.getByRole('button', { name: 'Nuevo producto' }).click();
      const editor = page.getByRole('dialog', { name: 'Nuevo producto' });
      await editor.getByLabel('Nombre', { exact: true }).fill('Mesa de centro Tulum');
      await editor.getByLabel('Descripción').fill('Madera de parota con acabado natural.');
      await editor.getByLabel('Precio', { exact: true }).fill('$6,490.00');
      await editor.getByLabel('SKU o clave').fill('SAL-LIS');
      await editor.getByLabel('Existencias').fill('5');
      await editor.getByRole('button', { name: 'Agregar característica' }).click();
      await editor.getByRole('textbox', { name: 'Característica 1', exact: true }).fill('Material');
      await editor.getByRole('textbox', { name: 'Valor de la característica 1' }).fill('Parota');
      await editor.getByRole('button', { name: 'Agregar producto' }).click();
      await editor.getByText('Ya tienes un producto con ese SKU.').waitFor();
      await shot(page, 'productos-form-error-1280x800');
      await editor.getByLabel('SKU o clave').fill('MES-TUL');
      await editor.getByRole('button', { name: 'Agregar producto' }).click();
      await page.getByText('Agregamos «Mesa de centro Tulum» a tu catálogo.').waitFor();
      expect(await row('Mesa de centro Tulum').innerText()).toMatch(/\$6,490\.00[\s\S]*MES-TUL[\s\S]*5 disponibles/);

      // Edit its price.
      await page.getByRole('button', { name: 'Editar Mesa de centro Tulum' }).click();
      const edit = page.getByRole('dialog', { name: 'Editar producto' });
      expect(await edit.getByRole('textbox', { name: 'Valor de la característica 1' }).inputValue()).toBe('Parota');
      await edit.getByLabel('Precio', { exact: true }).fill('5990');
      await edit.getByRole('button', { name: 'Guardar cambios' }).click();
      await page.getByText('Guardamos los cambios de «Mesa de centro Tulum».').waitFor();
      await row('Mesa de centro Tulum').getByText('$5,990.00').waitFor();

      // Delete with confirmation.
      await page.getByRole('button', { name: 'Eliminar Sillón reclinable Oslo' }).click();
      const confirm = page.getByRole('dialog', { name: '¿Eliminar «Sillón reclinable Oslo»?' });
      await confirm.getByRole('button', { name: 'Eliminar', exact: true }).click();
      await page.getByText('Eliminamos «Sillón reclinable Oslo».').waitFor();
      await row('Sillón reclinable Oslo').waitFor({ state: 'detached' });

      const stored = (await page.request.get(`/api/products/${botId}?limit=50`).then((r) => r.json())) as { items: Array<{ name: string; price: string | null; attributes: Record<string, string> }>; total: number };
      expect(stored.total).toBe(4);
      expect(stored.items.find((p) => p.name === 'Sala modular Lisboa')).toMatchObject({ price: '18500.00', attributes: { Color: 'Gris oxford' } });
      expect(stored.items.find((p) => p.name === 'Mesa de centro Tulum')).toMatchObject({ price: '5990.00', attributes: { Material: 'Parota' } });
    } finally {
      await context.close();
    }
  }, 120_000);

  it('shows the catalog and the import mapping clearly on a phone', async () => {
    const { context, page } = await signedInPage(viewports.phone);
    try {
      await page.goto(`/app/dashboard/${botId}/productos`);
      await page.getByRole('list', { name: 'Tus productos' }).getByText('Sala modular Lisboa').waitFor();
      await shot(page, 'productos-390x844');
      expect(await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth)).toBeLessThanOrEqual(0);

      await page.getByRole('button', { name: 'Importar CSV' }).click();
      const dialog = page.getByRole('dialog', { name: 'Importar catálogo' });
      await dialog.locator('input[type=file]').setInputFiles({ name: 'catalogo-muebles.csv', mimeType: 'text/csv', buffer: Buffer.from(catalogCsv) });
      await dialog.getByRole('button', { name: 'Continuar' }).click();
      await dialog.getByRole('combobox', { name: 'Dato de la columna Notas internas' }).selectOption('ignore');
      await shot(page, 'productos-import-mapping-390x844');
      await dialog.getByRole('button', { name: 'Importar 5 productos' }).click();
      // Same SKUs again: updated, not duplicated (the sofa deleted above comes back as new).
      await dialog.getByText(/^Listo: /).waitFor();
      expect((await dialog.locator('dl > div').allInnerTexts()).map((text) => text.replace(/\s+/g, ' ').trim())).toEqual(['Nuevos 1', 'Actualizados 3', 'Omitidos 1']);
      await shot(page, 'productos-import-result-390x844');
    } finally {
      await context.close();
    }
  }, 120_000);
});
