import { createHmac } from 'node:crypto';
import { readFile } from 'node:fs/promises';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { fakeGraph, type FakeGraph } from '../apps/server/src/channels/meta/test-support/fake-graph.ts';
import { createBot, signUp, type Owner } from './support/accounts.ts';
import { viewports } from './support/app.ts';
import { shot, sizeOf, startTestEnv, type PageOptions, type TestEnv, type Viewport } from './support/env.ts';
import { askInPlayground, openPlayground } from './support/playground.ts';

const appSecret = 'e2e-crm-app-secret';
const phoneNumberId = '106540352242934';
const ana = '5213312345678';

let env: TestEnv;
let graph: FakeGraph;
let session: PageOptions['storageState'];
let botId = '';

const owner: Owner = { name: 'Raúl Medina', email: `raul.${Date.now()}@autosleon.mx`, phone: '+52 33 5555 1212', password: 'secreto-1234' };

beforeAll(async () => {
  graph = await fakeGraph();
  env = await startTestEnv({ env: { META_APP_SECRET: appSecret, META_VERIFY_TOKEN: 'e2e-verify-token', META_GRAPH_URL: graph.url, META_RECIPIENT_GAP_MS: '0' } });
  const { context, page } = await env.newPage({ locale: 'es-MX' });
  await signUp(page, owner);
  botId = await createBot(page, { bot_name: 'Leo', bot_objective: 'automobile', business_name: 'Autos León', user_email: owner.email });
  const connected = await page.request.patch(`/bot/${botId}/meta-credentials`, { data: { access_token: 'EAAG-e2e-crm-token-1234567890', phone_number_id: phoneNumberId, waba_id: '524126980791431' } });
  expect(connected.status()).toBe(200);
  session = await context.storageState();
  await context.close();
}, 180_000);

afterAll(async () => {
  await env?.stop();
  await graph?.close();
});

let sequence = 0;
/** A customer's WhatsApp text as Meta delivers it: the raw body signed with the app secret. */
async function customerWrites(from: string, name: string, text: string) {
  const value = {
    messaging_product: 'whatsapp',
    metadata: { display_phone_number: '5213300000000', phone_number_id: phoneNumberId },
    contacts: [{ profile: { name }, wa_id: from }],
    messages: [{ from, id: `wamid.crm${Date.now()}${sequence++}`, timestamp: String(Math.floor(Date.now() / 1000)), type: 'text', text: { body: text } }],
  };
  const raw = JSON.stringify({ object: 'whatsapp_business_account', entry: [{ id: '524126980791431', changes: [{ field: 'messages', value }] }] });
  const signature = createHmac('sha256', appSecret).update(raw).digest('hex');
  const res = await fetch(`${env.app.url}/webhooks/meta`, { method: 'POST', headers: { 'content-type': 'application/json', 'x-hub-signature-256': `sha256=${signature}` }, body: raw });
  expect(res.status).toBe(200);
}
const repliesTo = (to: string) => graph.sends(phoneNumberId).filter((c) => (c.body as { to?: string }).to === to);

const signedInPage = (viewport: Viewport = viewports.desktop) => env.newPage({ viewport, locale: 'es-MX', timezoneId: 'America/Mexico_City', storageState: session });
const column = (page: Page, stage: string) => page.locator(`section[data-stage="${stage}"]`);

/** Drags with the mouse as a person does: press on the handle, move in steps, release over the target. */
async function drag(page: Page, from: ReturnType<Page['locator']>, to: ReturnType<Page['locator']>) {
  const a = (await from.boundingBox())!;
  const b = (await to.boundingBox())!;
  await page.mouse.move(a.x + a.width / 2, a.y + a.height / 2);
  await page.mouse.down();
  await page.mouse.move(a.x + a.width / 2 + 10, a.y + a.height / 2, { steps: 3 });
  await page.mouse.move(b.x + b.width / 2, b.y + 60, { steps: 12 });
  await page.mouse.up();
}

describe('CRM', () => {
  it('a contact the bot captured appears in Contactos, is dragged to another stage, gets a note and is exported; the owner’s tries in the playground do not', async () => {
    const { context, page } = await signedInPage();
    const errors: string[] = [];
    page.on('pageerror', (e) => errors.push(String(e)));

    // The owner tries the bot in the playground: a test, not a customer.
    const panel = await openPlayground(page, botId);
    await askInPlayground(panel, 'Hola, me llamo Pedro Prueba, mi correo es pedro.prueba@example.mx');
    await page.keyboard.press('Escape');
    // The bot captures a customer on WhatsApp.
    await customerWrites(ana, 'Ana López', 'Hola, me llamo Ana López, mi correo es ana.lopez@example.mx y mi teléfono 33 1234 5678');
    await expect.poll(() => repliesTo(ana).length, { timeout: 30_000 }).toBeGreaterThan(0);

    await page.goto(`/app/dashboard/${botId}/crm`);
    await page.getByRole('tab', { name: 'Contactos' }).click();
    const table = page.getByRole('table', { name: 'Contactos del asistente' });
    const row = table.getByRole('row').filter({ hasText: 'Ana López' });
    await row.waitFor();
    await expect(row.textContent()).resolves.toContain('ana.lopez@example.mx');
    // The bot captured her e-mail and phone: it moved her to the second stage itself.
    await expect(row.textContent()).resolves.toContain('Interesado');
    // Only the customer is there: the playground's test is neither listed nor found.
    await expect(table.getByRole('row').filter({ hasText: 'Pedro Prueba' }).count()).resolves.toBe(0);
    await expect(table.getByText('Prueba del asistente').count()).resolves.toBe(0);
    await page.getByRole('searchbox').fill('zzz-nadie');
    await page.getByText('Ningún contacto coincide con la búsqueda.').waitFor();
    await page.getByRole('searchbox').fill('lópez');
    await row.waitFor();
    // Her WhatsApp number reads grouped, and every column is in view without scrolling sideways.
    await expect(row.textContent()).resolves.toContain('+52 33 1234 5678');
    await expect(row.getByRole('cell').last().textContent()).resolves.not.toBe('—');
    expect(await table.evaluate((t) => t.scrollWidth <= t.parentElement!.clientWidth)).toBe(true);
    await shot(page, `crm-contacts-${sizeOf(viewports.desktop)}`);

    // Embudo: Ana is in Interesado; dragged with the mouse to Negociación.
    await page.getByRole('tab', { name: 'Embudo' }).click();
    const card = column(page, 'Interesado').locator('li[data-contact]').filter({ hasText: 'Ana López' });
    await card.waitFor();
    await expect(page.locator('li[data-contact]').filter({ hasText: 'Pedro Prueba' }).count()).resolves.toBe(0);
    await expect(page.locator('li[data-contact]').filter({ hasText: 'Sin nombre' }).count()).resolves.toBe(0);
    // Only the customer is on the board (the still also lets the board settle before the drag).
    await shot(page, `crm-pipeline-customers-${sizeOf(viewports.desktop)}`);
    await drag(page, card.getByRole('button', { name: 'Mover a Ana López' }), column(page, 'Negociación'));
    await column(page, 'Negociación').locator('li[data-contact]').filter({ hasText: 'Ana López' }).waitFor();
    await expect(column(page, 'Interesado').locator('li[data-contact]').count()).resolves.toBe(0);
    // The move is announced once the server has kept it; it stays there after a reload.
    await page.getByRole('status').filter({ hasText: 'Ana López está ahora en Negociación.' }).waitFor({ state: 'attached' });
    await page.reload();
    await page.getByRole('tab', { name: 'Embudo' }).click();
    await column(page, 'Negociación').locator('li[data-contact]').filter({ hasText: 'Ana López' }).waitFor();
    // Each stage is a second-level heading under the page's title, with its exact count as text.
    await page.getByRole('heading', { level: 2, name: 'Negociación' }).waitFor();
    await expect(column(page, 'Negociación').locator('header').textContent()).resolves.toBe('Negociación11 contactoValor: $0');
    await expect(column(page, 'Interesado').locator('header').textContent()).resolves.toBe('Interesado00 contactosValor: $0');

    // The keyboard moves it too: pick up with space, arrows to the next column, space to drop.
    const handle = column(page, 'Negociación').getByRole('button', { name: 'Mover a Ana López' });
    await handle.focus();
    const live = page.locator('[id^="DndLiveRegion"]');
    await page.keyboard.press('Space');
    await expect.poll(() => live.textContent()).toContain('Ana López está sobre Negociación.');
    await page.keyboard.press('ArrowRight');
    await expect.poll(() => live.textContent()).toContain('Ana López está sobre Ganado.');
    await page.keyboard.press('Space');
    await column(page, 'Ganado').locator('li[data-contact]').filter({ hasText: 'Ana López' }).waitFor();
    await shot(page, `crm-pipeline-${sizeOf(viewports.desktop)}`);

    // The card opens the contact: a note is added and the history shows the moves and the chat.
    await column(page, 'Ganado').getByRole('button', { name: 'Ana López', exact: true }).click();
    const drawer = page.getByRole('dialog', { name: 'Ana López' });
    await drawer.getByLabel('Nueva nota').fill('Quiere prueba de manejo del sedán el sábado');
    await drawer.getByRole('button', { name: 'Agregar nota' }).click();
    const history = drawer.getByRole('list', { name: 'Historial' });
    await history.locator('[data-kind="note"]').filter({ hasText: 'Quiere prueba de manejo del sedán el sábado' }).waitFor();
    await history.locator('[data-kind="stage"]').filter({ hasText: 'Pasó de Nuevo a Interesado' }).waitFor();
    await history.locator('[data-kind="stage"]').filter({ hasText: 'Pasó de Interesado a Negociación' }).waitFor();
    await history.locator('[data-kind="stage"]').filter({ hasText: 'Pasó de Negociación a Ganado' }).waitFor();
    await drawer.getByText('Etapa elegida a mano: el asistente ya no la cambia.').waitFor();
    await history.locator('[data-kind="message"]').filter({ hasText: 'me llamo Ana López' }).waitFor();
    await expect(drawer.getByLabel('Correo').inputValue()).resolves.toBe('ana.lopez@example.mx');
    await drawer.getByLabel('Etiquetas').fill('sedán, crédito');
    // The deal's value: a negative amount is refused in Spanish, then written as people write it.
    const value = drawer.getByLabel('Valor (MXN)');
    await value.fill('-500');
    await drawer.getByRole('button', { name: 'Guardar cambios' }).click();
    await drawer.getByText('Escribe un valor con números, de 0 a 100,000,000.00, por ejemplo 18500.50.').waitFor();
    await value.fill('$389,900.50');
    await drawer.getByRole('button', { name: 'Guardar cambios' }).click();
    await page.getByText('Contacto guardado.').waitFor();
    await expect.poll(() => value.inputValue()).toBe('389900.50');
    await shot(page, `crm-contact-${sizeOf(viewports.desktop)}`);
    await drawer.getByRole('button', { name: 'Cerrar' }).click();
    // The card shows it, and its column the sum of the stage.
    await expect.poll(() => column(page, 'Ganado').locator('li[data-contact]').filter({ hasText: 'Ana López' }).locator('[data-deal-value]').textContent()).toBe('Valor: $389,900.50');
    await expect.poll(() => column(page, 'Ganado').locator('header').textContent()).toBe('Ganado11 contactoValor: $389,900.50');
    await shot(page, `crm-pipeline-values-${sizeOf(viewports.desktop)}`);

    // Export: a CSV with a BOM that holds Ana with her stage and tags.
    await page.getByRole('tab', { name: 'Contactos' }).click();
    const [download] = await Promise.all([page.waitForEvent('download'), page.getByRole('link', { name: 'Exportar CSV' }).click()]);
    const bytes = await readFile((await download.path())!);
    expect([...bytes.subarray(0, 3)]).toEqual([0xef, 0xbb, 0xbf]);
    const text = bytes.toString('utf8');
    expect(text).toContain('Nombre,Teléfono,Correo,Etapa');
    expect(text).toMatch(/Ana López,[^\r\n]*,ana\.lopez@example\.mx,Ganado,"sedán; crédito",whatsapp/);
    expect(text).not.toContain('Pedro Prueba');
    expect(text).not.toContain('playground');
    expect(errors).toEqual([]);
    await context.close();
  }, 180_000);

  it('deleting a contact says their messages and appointments are erased; the phone layout fits 390 px', async () => {
    const { context, page } = await signedInPage(viewports.phone);
    await page.goto(`/app/dashboard/${botId}/crm`);
    await page.getByRole('tab', { name: 'Contactos' }).click();
    await page.getByRole('button', { name: 'Nuevo contacto' }).click();
    const form = page.getByRole('dialog', { name: 'Nuevo contacto' });
    await form.getByLabel('Nombre').fill('Beto Díaz');
    await form.getByLabel('Teléfono').fill('3398765432');
    // Consent to marketing is asked, not assumed: without an answer the contact is not created.
    await form.getByRole('button', { name: 'Crear contacto' }).click();
    await form.getByText('Elige si esta persona acepta mensajes de marketing.').waitFor();
    await expect(form.getByRole('radio', { checked: true }).count()).resolves.toBe(0);
    await shot(page, `crm-new-contact-${sizeOf(viewports.phone)}`);
    await form.getByRole('radio', { name: 'No' }).check();
    await form.getByRole('button', { name: 'Crear contacto' }).click();
    const drawer = page.getByRole('dialog', { name: 'Beto Díaz' });
    await drawer.getByText('No acepta marketing').waitFor();
    await expect.poll(() => drawer.getByLabel('Teléfono').inputValue()).toBe('+52 33 9876 5432');
    await shot(page, `crm-contact-${sizeOf(viewports.phone)}`);
    await drawer.getByRole('button', { name: 'Cerrar' }).click();
    // On a phone each contact is a card: name, grouped phone, stage, last contact.
    const contactCard = page.getByRole('list', { name: 'Contactos del asistente' }).getByRole('listitem').filter({ hasText: 'Beto Díaz' });
    await contactCard.waitFor();
    await expect(contactCard.textContent()).resolves.toMatch(/Beto Díaz.*No acepta marketing.*Teléfono\+52 33 9876 5432.*EtapaNuevo.*Último contacto—/);
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
    await shot(page, `crm-contacts-${sizeOf(viewports.phone)}`);

    await page.getByRole('tab', { name: 'Embudo' }).click();
    await column(page, 'Nuevo').locator('li[data-contact]').filter({ hasText: 'Beto Díaz' }).waitFor();
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
    await shot(page, `crm-pipeline-${sizeOf(viewports.phone)}`);

    await column(page, 'Nuevo').getByRole('button', { name: 'Beto Díaz', exact: true }).click();
    await page.getByRole('dialog', { name: 'Beto Díaz' }).getByRole('button', { name: 'Eliminar contacto' }).click();
    const confirm = page.getByRole('dialog', { name: '¿Eliminar a Beto Díaz?' });
    await confirm.getByText('todos sus mensajes, sus citas y sus notas').waitFor();
    await confirm.getByRole('button', { name: 'Eliminar todo' }).click();
    await page.getByText('Contacto eliminado, con sus mensajes y citas.').waitFor();
    await column(page, 'Nuevo').locator('li[data-contact]').filter({ hasText: 'Beto Díaz' }).waitFor({ state: 'detached' });
    await context.close();
  }, 120_000);

  it('imports a CSV with a bad phone, keeps a field of the owner’s own, and merges two contacts of one person', async () => {
    const { context, page } = await signedInPage();
    const errors: string[] = [];
    page.on('pageerror', (e) => errors.push(String(e)));
    await page.goto(`/app/dashboard/${botId}/crm`);
    await page.getByRole('tab', { name: 'Contactos' }).click();

    // A field of the owner's own, with options.
    await page.getByRole('button', { name: 'Campos' }).click();
    const fields = page.getByRole('dialog', { name: 'Campos de tus contactos' });
    await fields.getByLabel('Nombre del campo').fill('Modelo de interés');
    await fields.getByLabel('Tipo').selectOption('choice');
    await fields.getByLabel('Opciones').fill('Sedán, SUV, Pickup');
    await fields.getByRole('button', { name: 'Agregar campo' }).click();
    await fields.getByText('Opciones: Sedán, SUV, Pickup').waitFor();
    await shot(page, `crm-fields-${sizeOf(viewports.desktop)}`);
    await fields.getByRole('button', { name: 'Listo' }).click();

    // A Latin-1 file from Excel: three people, one with a phone that is too short.
    await page.getByRole('button', { name: 'Importar' }).click();
    const wizard = page.getByRole('dialog', { name: 'Importar contactos' });
    const csv = 'Nombre,Teléfono,Correo,Modelo de interés\r\nCarla Ruiz,33 2222 3333,carla@example.mx,SUV\r\nDiego Paz,12345,,Sedán\r\nCarla R.,,carla.ruiz@example.mx,\r\n';
    await wizard.getByLabel('Elegir archivo CSV').setInputFiles({ name: 'clientes.csv', mimeType: 'text/csv', buffer: Buffer.from(csv, 'latin1') });
    await wizard.getByRole('table', { name: 'Primeras filas del archivo' }).getByText('Diego Paz').waitFor();
    await wizard.getByRole('button', { name: 'Continuar' }).click();
    await expect(wizard.getByLabel('Dato de la columna Teléfono').inputValue()).resolves.toBe('phone');
    await expect(wizard.getByRole('combobox', { name: 'Dato de la columna Modelo de interés' }).locator('option:checked').textContent()).resolves.toBe('Campo: Modelo de interés');
    await shot(page, `crm-import-${sizeOf(viewports.desktop)}`);
    await wizard.getByRole('button', { name: 'Importar 3 contactos' }).click();
    await wizard.getByText('Listo: 2 contactos se crearon o actualizaron.').waitFor();
    const bad = wizard.getByRole('row').filter({ hasText: 'Teléfono «12345»: le faltan dígitos.' });
    await expect(bad.getByRole('cell').first().textContent()).resolves.toBe('3');
    await shot(page, `crm-import-result-${sizeOf(viewports.desktop)}`);
    await wizard.getByRole('button', { name: 'Ver contactos' }).click();

    // The two Carlas are one person: picked in the table and merged, Carla Ruiz kept.
    const table = page.getByRole('table', { name: 'Contactos del asistente' });
    await table.getByRole('row').filter({ hasText: 'Carla R.' }).waitFor();
    await page.getByRole('checkbox', { name: 'Seleccionar a Carla Ruiz' }).check();
    await page.getByRole('checkbox', { name: 'Seleccionar a Carla R.' }).check();
    await page.getByRole('button', { name: 'Combinar seleccionados' }).click();
    const merge = page.getByRole('dialog', { name: 'Combinar contactos' });
    await merge.getByText('Se mantiene: nombre, teléfono y correo de Carla Ruiz').waitFor();
    await shot(page, `crm-merge-${sizeOf(viewports.desktop)}`);
    await merge.getByRole('button', { name: 'Combinar', exact: true }).click();
    await page.getByText('Contactos combinados.').waitFor();
    const drawer = page.getByRole('dialog', { name: 'Carla Ruiz' });
    await expect.poll(() => drawer.getByLabel('Teléfono').inputValue()).toBe('+52 33 2222 3333');
    await table.getByRole('row').filter({ hasText: 'Carla R.' }).waitFor({ state: 'detached' });

    // Her field came from the file; the owner changes it in the drawer.
    const model = drawer.getByRole('combobox', { name: 'Modelo de interés' });
    await expect(model.inputValue()).resolves.toBe('SUV');
    await model.selectOption('Pickup');
    await drawer.getByRole('button', { name: 'Guardar cambios' }).click();
    await page.getByText('Contacto guardado.').waitFor();
    await drawer.getByText('El asistente aún no ha capturado datos de esta persona.').waitFor();
    await shot(page, `crm-contact-fields-${sizeOf(viewports.desktop)}`);
    await drawer.getByRole('button', { name: 'Cerrar' }).click();
    await page.reload();
    await page.getByRole('tab', { name: 'Contactos' }).click();
    await table.getByRole('button', { name: 'Carla Ruiz' }).click();
    await expect(page.getByRole('dialog', { name: 'Carla Ruiz' }).getByRole('combobox', { name: 'Modelo de interés' }).inputValue()).resolves.toBe('Pickup');
    expect(errors).toEqual([]);
    await context.close();
  }, 180_000);

  it('the import, fields and merge dialogs fit a 390 px phone', async () => {
    const { context, page } = await signedInPage(viewports.phone);
    await page.goto(`/app/dashboard/${botId}/crm`);
    await page.getByRole('tab', { name: 'Contactos' }).click();
    await page.getByRole('button', { name: 'Importar' }).click();
    const wizard = page.getByRole('dialog', { name: 'Importar contactos' });
    await wizard.getByText('Elige tu archivo CSV').waitFor();
    await shot(page, `crm-import-${sizeOf(viewports.phone)}`);
    await wizard.getByRole('button', { name: 'Cancelar' }).click();
    await page.getByRole('button', { name: 'Campos' }).click();
    await page.getByRole('dialog', { name: 'Campos de tus contactos' }).getByText('Modelo de interés', { exact: true }).waitFor();
    await shot(page, `crm-fields-${sizeOf(viewports.phone)}`);
    await page.getByRole('dialog', { name: 'Campos de tus contactos' }).getByRole('button', { name: 'Listo' }).click();
    await page.getByRole('list', { name: 'Contactos del asistente' }).getByRole('button', { name: 'Carla Ruiz' }).click();
    const drawer = page.getByRole('dialog', { name: 'Carla Ruiz' });
    await drawer.getByRole('button', { name: 'Combinar con…' }).click();
    const merge = page.getByRole('dialog', { name: 'Combinar contactos' });
    await merge.getByRole('searchbox').fill('López');
    await merge.getByRole('button', { name: /Ana López/ }).waitFor();
    await shot(page, `crm-merge-${sizeOf(viewports.phone)}`);
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
    await context.close();
  }, 120_000);

  it('the owner edits the stages from the board: adds, renames, recolours, moves with the keyboard and deletes, asking where the contacts go', async () => {
    const { context, page } = await signedInPage();
    const errors: string[] = [];
    page.on('pageerror', (e) => errors.push(String(e)));
    await page.goto(`/app/dashboard/${botId}/crm?tab=embudo`);
    await column(page, 'Ganado').locator('li[data-contact]').filter({ hasText: 'Ana López' }).waitFor();
    await page.getByRole('button', { name: 'Editar etapas' }).click();
    const editor = page.getByRole('dialog', { name: 'Etapas del embudo' });
    const rows = editor.getByRole('list', { name: 'Etapas del embudo' }).getByRole('listitem');
    await expect.poll(() => rows.count()).toBe(5);

    // Added at the end, in the colour picked.
    await editor.getByLabel('Nombre de la nueva etapa').fill('Seguimiento');
    const newColor = editor.getByRole('group', { name: 'Color de la nueva etapa' });
    await newColor.getByTitle('Turquesa').click();
    await expect.poll(() => newColor.getByRole('radio', { name: 'Turquesa' }).isChecked()).toBe(true);
    await editor.getByRole('button', { name: 'Agregar etapa' }).click();
    await page.getByText('Etapa «Seguimiento» agregada al final del embudo.').waitFor();
    await expect.poll(() => rows.count()).toBe(6);
    await column(page, 'Seguimiento').waitFor();

    // Renamed with Enter, recoloured from the palette.
    const interesado = editor.locator('[data-stage-row="Interesado"]');
    await interesado.getByRole('textbox').fill('Le interesa');
    await interesado.getByRole('textbox').press('Enter');
    await page.getByText('Etapa renombrada a «Le interesa».').waitFor();
    const leInteresa = editor.locator('[data-stage-row="Le interesa"]');
    await leInteresa.getByTitle('Morado').click();
    await expect.poll(() => column(page, 'Le interesa').locator('header').evaluate((h) => getComputedStyle(h).borderTopColor)).toBe('rgb(139, 92, 246)');

    // Moved right twice with the keyboard: the focus stays on the arrow, in the stage's new place.
    await leInteresa.getByRole('button', { name: 'Mover Le interesa a la derecha' }).focus();
    await page.keyboard.press('Enter');
    await expect.poll(() => page.locator('section[data-stage]').evaluateAll((s) => s.map((e) => e.getAttribute('data-stage')))).toEqual(['Nuevo', 'Negociación', 'Le interesa', 'Ganado', 'Perdido', 'Seguimiento']);
    await expect.poll(() => page.evaluate(() => document.activeElement?.getAttribute('aria-label'))).toBe('Mover Le interesa a la derecha');
    await page.keyboard.press('Enter');
    await expect.poll(() => page.locator('section[data-stage]').evaluateAll((s) => s.map((e) => e.getAttribute('data-stage')))).toEqual(['Nuevo', 'Negociación', 'Ganado', 'Le interesa', 'Perdido', 'Seguimiento']);
    await shot(page, `crm-stages-${sizeOf(viewports.desktop)}`);

    // An empty stage goes at once; one with contacts asks where they go.
    await editor.locator('[data-stage-row="Seguimiento"]').getByRole('button', { name: 'Eliminar la etapa Seguimiento' }).click();
    const emptyOne = page.getByRole('dialog', { name: '¿Eliminar la etapa «Seguimiento»?' });
    await emptyOne.getByText('La etapa no tiene contactos.').waitFor();
    await emptyOne.getByRole('button', { name: 'Eliminar etapa' }).click();
    await page.getByText('Etapa «Seguimiento» eliminada.').waitFor();
    // The confirmation closed alone: the editor is still open.
    await expect.poll(() => rows.count()).toBe(5);
    await editor.locator('[data-stage-row="Ganado"]').getByRole('button', { name: 'Eliminar la etapa Ganado' }).click();
    const busy = page.getByRole('dialog', { name: '¿Eliminar la etapa «Ganado»?' });
    await busy.getByText('Tiene 1 contacto. Elige a qué etapa pasa antes de eliminarla.').waitFor();
    await busy.getByLabel('Pasar sus contactos a').selectOption({ label: 'Le interesa' });
    await shot(page, `crm-stage-delete-${sizeOf(viewports.desktop)}`);
    await busy.getByRole('button', { name: 'Mover y eliminar' }).click();
    await page.getByText('Etapa «Ganado» eliminada.').waitFor();
    await editor.getByRole('button', { name: 'Listo' }).click();
    // Ana, with her deal's value, is now in Le interesa; the board keeps the new order after a reload.
    await page.reload();
    await column(page, 'Le interesa').locator('li[data-contact]').filter({ hasText: 'Ana López' }).waitFor();
    await expect.poll(() => page.locator('section[data-stage]').evaluateAll((s) => s.map((e) => e.getAttribute('data-stage')))).toEqual(['Nuevo', 'Negociación', 'Le interesa', 'Perdido']);
    await expect.poll(() => column(page, 'Le interesa').locator('header').textContent()).toBe('Le interesa11 contactoValor: $389,900.50');
    expect(errors).toEqual([]);
    await context.close();

    // On a phone the editor fills the screen and nothing is cut off.
    const phone = await signedInPage(viewports.phone);
    await phone.page.goto(`/app/dashboard/${botId}/crm?tab=embudo`);
    await phone.page.getByRole('button', { name: 'Editar etapas' }).click();
    await phone.page.getByRole('dialog', { name: 'Etapas del embudo' }).locator('[data-stage-row="Le interesa"]').waitFor();
    expect(await phone.page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
    await shot(phone.page, `crm-stages-${sizeOf(viewports.phone)}`);
    await phone.page.getByRole('dialog', { name: 'Etapas del embudo' }).getByRole('button', { name: 'Listo' }).click();
    await column(phone.page, 'Le interesa').locator('li[data-contact]').first().waitFor();
    await shot(phone.page, `crm-pipeline-values-${sizeOf(viewports.phone)}`);
    await phone.context.close();
  }, 180_000);
});
