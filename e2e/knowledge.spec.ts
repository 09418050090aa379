import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser, BrowserContext, Locator, Page } from 'playwright-core';
import { launchBrowser, screenshotPath, startApp, viewports, type RunningApp } from './support/app.ts';

let app: RunningApp;
let browser: Browser;
let session: Awaited<ReturnType<BrowserContext['storageState']>>;
let botId = '';

const owner = {
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

beforeAll(async () => {
  app = await startApp();
  browser = await launchBrowser();

  // One owner with one bot for every test: signed up through the form, bot created through the API.
  const context = await browser.newContext({ viewport: viewports.desktop, baseURL: app.url });
  const page = await context.newPage();
  page.setDefaultTimeout(15_000);
  await page.goto('/signup');
  await page.getByLabel('Nombre completo').fill(owner.name);
  await page.getByLabel('Correo electrónico').fill(owner.email);
  await page.getByLabel('Teléfono (WhatsApp)').fill(owner.phone);
  await page.getByLabel('Contraseña', { exact: true }).fill(owner.password);
  await page.getByRole('button', { name: 'Crear cuenta' }).click();
  await page.waitForURL('**/app/dashboard');

  const created = await page.request.post('/bot/new-bot', {
    data: {
      bot_name: 'Vale',
      bot_objective: 'ecommerce',
      business_name: 'Muebles del Valle',
      business_desc: 'Muebles para sala, comedor y recámara con entrega en CDMX.',
      business_url: '',
      user_email: owner.email,
      business_phone: '',
      welcome_message: '',
      about_bot: '',
      language: 'es',
    },
  });
  expect(created.status()).toBe(201);
  botId = ((await created.json()) as { bot: { id: string } }).bot.id;
  session = await context.storageState();
  await context.close();
}, 180_000);

afterAll(async () => {
  await browser?.close();
  await app?.stop();
});

async function signedInPage(viewport: { width: number; height: number } = viewports.desktop): Promise<{ context: BrowserContext; page: Page }> {
  const context = await browser.newContext({ viewport, locale: 'es-MX', baseURL: app.url, storageState: session });
  const page = await context.newPage();
  page.setDefaultTimeout(15_000);
  return { context, page };
}

/** A still picture: CSS animations finished, fonts loaded. */
async function shot(page: Page, name: string, fullPage = false): Promise<void> {
  await page.evaluate(() => document.fonts.ready.then(() => undefined));
  await page.screenshot({ path: screenshotPath(name), animations: 'disabled', fullPage });
}

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
    try {
      await page.goto(`/app/dashboard/${botId}/recursos`);
      await page.getByRole('heading', { name: 'Recursos', level: 1 }).waitFor();
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
      await videoRow.getByText('Error', { exact: true }).waitFor({ timeout: 45_000 });
      const reason = (await videoRow.innerText()).split('\n').slice(2).join(' ');
      expect(reason.length).toBeGreaterThan(10);


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
  });

  it('is clear on a phone', async () => {
    const { context, page } = await signedInPage(viewports.phone);
    try {
      await page.goto(`/app/dashboard/${botId}/recursos`);
      await documentRow(page, 'Horarios y pagos').getByText('Listo', { exact: true }).waitFor();
      await shot(page, 'recursos-390x844');
      await shot(page, 'recursos-full-390x844', true);
      const overflow = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
      expect(overflow).toBeLessThanOrEqual(0);
    } finally {
      await context.close();
    }
  });
});
