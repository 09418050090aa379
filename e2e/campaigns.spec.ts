import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { fakeGraph, metaError, type FakeGraph, type GraphCall } from '../apps/server/src/channels/meta/test-support/fake-graph.ts';
import { createBot, signUp, type Owner } from './support/accounts.ts';
import { viewports } from './support/app.ts';
import { describeViolations, seriousViolations } from './support/axe.ts';
import { shot, sizeOf, startTestEnv, type PageOptions, type TestEnv, type Viewport } from './support/env.ts';

/**
 * Envíos masivos as an owner on the Pro plan meets them: a campaign to three CRM contacts over the
 * WhatsApp Business API (the local server that answers like Meta's Graph API and checks each send
 * against Meta's OpenAPI file), the creator's four steps, a test to the owner's own phone, live
 * progress to 100 % and one failure in plain words.
 */
const phoneNumberId = '106540352242922';
const wabaId = '524126980791429';
const admin = { email: 'admin@charla.local', password: 'admin-secreto-2026' };

/** The three customers; Meta answers 131026 (no WhatsApp) for Beto's number. */
const customers = [
  { name: 'Ana López', phone: '+52 33 1234 0001', digits: '523312340001' },
  { name: 'Beto Ruiz', phone: '+52 33 1234 0002', digits: '523312340002' },
  { name: 'Carla Díaz', phone: '+52 33 1234 0003', digits: '523312340003' },
] as const;
const unreachable = customers[1].digits;

/** The campaign's template, approved, beside the fake's sample ones. */
const promotion = {
  id: '640021887310777',
  name: 'promo_buen_fin',
  language: 'es_MX',
  status: 'APPROVED',
  category: 'MARKETING',
  parameter_format: 'POSITIONAL',
  components: [
    { type: 'HEADER', format: 'TEXT', text: '¡Buen Fin en Florería El Sol!' },
    { type: 'BODY', text: 'Hola {{1}}, este fin de semana tienes {{2}} de descuento en todos los ramos.', example: { body_text: [['Ana', '20 %']] } },
    { type: 'FOOTER', text: 'Responde BAJA para no recibir más promociones.' },
  ],
};

const digitsTo = (c: GraphCall) => String((c.body as { to?: string } | null)?.to ?? '').replace(/\D/g, '');

let env: TestEnv;
let graph: FakeGraph;
let session: PageOptions['storageState'];
let botId = '';

const owner: Owner = {
  name: 'Marta Ruiz',
  email: `marta.${Date.now()}@floreriaelsol.mx`,
  phone: '+52 33 8765 4321',
  password: 'secreto-1234',
};

/** Campaign messages Meta was asked to send to a number (the test to the owner's phone is not one of the three). */
const sendsTo = (digits: string) => graph.sends(phoneNumberId).filter((c) => digitsTo(c) === digits);

beforeAll(async () => {
  graph = await fakeGraph();
  graph.templates.push(promotion);
  // Beto's number is not on WhatsApp: Meta refuses his one send.
  graph.next((c) => c.method === 'POST' && c.path === `${phoneNumberId}/messages` && digitsTo(c) === unreachable, metaError(131026, '(#131026) Message Undeliverable.'));
  env = await startTestEnv({
    env: { META_APP_ID: '4815162342', META_CONFIG_ID: '1029384756', META_APP_SECRET: 'e2e-meta-app-secret', META_VERIFY_TOKEN: 'e2e-verify-token', META_GRAPH_URL: graph.url, ADMIN_PASSWORD: admin.password },
  });

  const { context, page } = await env.newPage({ locale: 'es-MX' });
  await signUp(page, owner);
  botId = await createBot(page, { bot_name: 'Flor', bot_objective: 'ecommerce', business_name: 'Florería El Sol', user_email: owner.email });
  const userId = (await page.evaluate(() => localStorage.getItem('userId')))!;
  // The number, connected with a token as the Canales form does.
  const connected = await page.request.post('/api/meta-register', { data: { bot_id: botId, phone_number_id: phoneNumberId, waba_id: wabaId, access_token: 'EAAG-e2e-access-token-1234567890' } });
  expect(connected.status(), await connected.text()).toBe(200);
  // Three customers in the CRM, tagged for the promotion.
  for (const customer of customers) {
    const created = await page.request.post('/api/contacts', { data: { botId, name: customer.name, phone: customer.phone, tags: ['buen-fin'], marketingConsent: true } });
    expect(created.status(), await created.text()).toBe(201);
  }
  session = await context.storageState();
  await context.close();

  // The mass sender comes with Pro: the admin sets the plan.
  const adminSide = await env.newPage({ locale: 'es-MX' });
  const signedIn = await adminSide.page.request.post('/client/login', { data: admin });
  expect(signedIn.status()).toBe(200);
  const planned = await adminSide.page.request.patch(`/api/admin/accounts/${userId}`, { data: { plan: 'Pro' } });
  expect(planned.status(), await planned.text()).toBe(200);
  await adminSide.context.close();
}, 180_000);

afterAll(async () => {
  await env?.stop();
  await graph?.close();
});

const signedInPage = (viewport: Viewport = viewports.desktop) => env.newPage({ viewport, locale: 'es-MX', timezoneId: 'America/Mexico_City', storageState: session });
const section = () => `/app/dashboard/${botId}/massive-sender`;

/** Serious accessibility problems (axe-core) of the screen now, named by the screen. */
async function axeProblems(page: Page, name: string): Promise<string[]> {
  // Entrance animations end at full opacity; axe reads colours as they are.
  await page.waitForTimeout(700);
  const violations = await seriousViolations(page);
  return violations.length ? [`${name}:\n${describeViolations(violations)}`] : [];
}

/** The whole page from its top (the sticky bars drawn where they stand at the top). */
async function pageShot(page: Page, name: string) {
  await page.evaluate(() => window.scrollTo(0, 0));
  await shot(page, name, { fullPage: true });
}

/** Through the creator's first three steps to the review, with a screenshot of each. */
async function walkCreator(page: Page, size: string): Promise<string[]> {
  const problems: string[] = [];
  await page.getByLabel('Nombre de la campaña').fill('Promoción Buen Fin');
  await page.getByLabel('Etiquetas').fill('buen-fin');
  await page.locator('[data-audience-count="3"]').waitFor();
  problems.push(...(await axeProblems(page, 'audience')));
  await pageShot(page, `campaigns-creator-audience-${size}`);
  await page.getByRole('button', { name: 'Continuar' }).click();

  await page.getByLabel('Plantilla').selectOption('promo_buen_fin|es_MX');
  await page.getByLabel('Variable 1').fill('{{nombre}}');
  await page.getByLabel('Variable 2').fill('20 %');
  // The preview speaks to each recipient by name.
  await page.locator('[data-preview-bubble]').getByText('Hola Ana, este fin de semana tienes 20 % de descuento').waitFor();
  problems.push(...(await axeProblems(page, 'message')));
  await pageShot(page, `campaigns-creator-message-${size}`);
  await page.getByRole('button', { name: 'Continuar' }).click();

  await page.getByText('Programar', { exact: true }).click();
  await page.getByRole('textbox', { name: 'Día' }).waitFor();
  await pageShot(page, `campaigns-creator-schedule-${size}`);
  await page.getByText('Enviar ahora', { exact: true }).click();
  await page.getByRole('button', { name: 'Continuar' }).click();
  await page.getByRole('heading', { name: 'Revisar y enviar' }).waitFor();
  return problems;
}

describe('Envíos masivos', () => {
  it('invites to a first campaign, then sends one to three CRM contacts: a test first, progress to 100 %, one failure in words', async () => {
    const { context, page } = await signedInPage();
    const size = sizeOf(viewports.desktop);
    await page.goto(section());
    await page.getByRole('heading', { name: 'Crea tu primera campaña' }).waitFor();
    await shot(page, `campaigns-empty-${size}`);

    await page.getByRole('link', { name: 'Nueva campaña' }).first().click();
    const problems = await walkCreator(page, size);
    await page.getByText('Duración estimada').first().waitFor();

    // A test to the owner's own phone, before anyone else gets it.
    await page.getByRole('button', { name: 'Enviarme una prueba' }).click();
    await page.getByText('Prueba enviada').waitFor();
    expect(sendsTo('523387654321')).toHaveLength(1);
    for (const customer of customers) expect(sendsTo(customer.digits)).toHaveLength(0);
    problems.push(...(await axeProblems(page, 'review')));
    await pageShot(page, `campaigns-creator-review-${size}`);

    await page.getByRole('button', { name: 'Enviar a 3 personas' }).click();
    await page.waitForURL(new RegExp(`/massive-sender/[0-9a-f-]{36}$`));
    await page.locator('[data-progress="100"]').waitFor({ timeout: 60_000 });
    await page.locator('[data-count="failed"]', { hasText: '1' }).waitFor();
    const failedRow = page.locator('table [data-recipient]', { hasText: 'Beto Ruiz' });
    await failedRow.getByText('El número no tiene WhatsApp o no puede recibir mensajes. (Meta 131026)').waitFor();
    problems.push(...(await axeProblems(page, 'campaign')));
    await pageShot(page, `campaigns-campaign-${size}`);

    // Exactly one message to each of the three.
    for (const customer of customers) expect(sendsTo(customer.digits), customer.name).toHaveLength(1);
    // Each send as Meta's OpenAPI file describes it, the template with its two values.
    expect(graph.violations).toEqual([]);
    expect(sendsTo(customers[0].digits)[0]?.body).toMatchObject({ type: 'template', template: { name: 'promo_buen_fin', language: { code: 'es_MX' } } });

    // Only the failures, with their reason.
    await page.getByLabel('Mostrar').selectOption('failed');
    await page.waitForFunction(() => document.querySelectorAll('table [data-recipient]').length === 1);
    await page.locator('table [data-recipient]', { hasText: 'Beto Ruiz' }).waitFor();

    await page.getByRole('link', { name: 'Volver a las campañas' }).click();
    await page.locator('[data-campaign]').first().waitFor();
    await page.locator('[data-status="completed"]').first().waitFor();
    problems.push(...(await axeProblems(page, 'list')));
    await shot(page, `campaigns-list-${size}`);
    expect(problems, problems.join('\n\n')).toEqual([]);
    await context.close();
  }, 150_000);

  it('on a phone: the list, the campaign, a CSV audience, each step of the creator, and a scheduled campaign cancelled', async () => {
    const { context, page } = await signedInPage(viewports.phone);
    const size = sizeOf(viewports.phone);
    await page.goto(section());
    await page.locator('[data-campaign]').first().waitFor();
    await pageShot(page, `campaigns-list-${size}`);

    await page.locator('[data-campaign] a').first().click();
    await page.locator('[data-progress="100"]').waitFor();
    await page.locator('ul [data-recipient]', { hasText: 'Beto Ruiz' }).getByText('El número no tiene WhatsApp').waitFor();
    await pageShot(page, `campaigns-campaign-${size}`);

    await page.goto(`${section()}/nueva`);
    // A CSV audience: a repeated phone and a short one are left out, with the row and the reason.
    await page.getByRole('tab', { name: 'Archivo CSV' }).click();
    const csv = ['telefono,nombre', '+52 33 1234 0001,Ana', '+52 33 1234 0004,Diego', '+52 33 1234 0001,Ana otra vez', '12,Elena', '+52 33 1234 0005,Fer'].join('\n');
    await page.getByLabel('Elegir archivo').setInputFiles({ name: 'clientas.csv', mimeType: 'text/csv', buffer: Buffer.from(csv) });
    await page.getByText('Leímos clientas.csv').waitFor();
    await page.locator('[data-audience-count="3"]').waitFor();
    await page.getByText('Ver 1 fila no válida').click();
    await page.locator('[data-invalid-rows]').getByText('Fila 5:').waitFor();
    await pageShot(page, `campaigns-creator-csv-${size}`);
    await page.getByRole('tab', { name: 'Contactos del CRM' }).click();
    await walkCreator(page, size);
    await pageShot(page, `campaigns-creator-review-${size}`);

    // Scheduled for the next hour instead, then cancelled after a confirmation: nobody gets it.
    await page.getByRole('button', { name: 'Atrás' }).click();
    await page.getByText('Programar', { exact: true }).click();
    await page.getByText(/^Se enviará el /).waitFor();
    await page.getByRole('button', { name: 'Continuar' }).click();
    const sendsBefore = graph.calls.length;
    await page.getByRole('button', { name: 'Programar campaña' }).click();
    await page.locator('[data-status="scheduled"]').waitFor();
    await page.getByRole('button', { name: 'Cancelar campaña' }).click();
    await page.getByRole('dialog').getByRole('button', { name: 'Sí, cancelar' }).click();
    await page.locator('[data-status="cancelled"]').waitFor();
    expect(graph.calls.slice(sendsBefore).filter((c) => c.path === `${phoneNumberId}/messages`)).toEqual([]);
    await context.close();
  }, 120_000);

  it('shows an owner on the Free plan the way to a plan with the mass sender', async () => {
    const { context, page } = await env.newPage({ viewport: viewports.phone, locale: 'es-MX', timezoneId: 'America/Mexico_City' });
    const free: Owner = { name: 'Raúl Díaz', email: `raul.${Date.now()}@floreriaelvalle.mx`, phone: '+52 33 1111 2222', password: 'secreto-5678' };
    await signUp(page, free);
    const freeBot = await createBot(page, { bot_name: 'Valle', bot_objective: 'ecommerce', business_name: 'Florería El Valle', user_email: free.email });
    await page.goto(`/app/dashboard/${freeBot}/massive-sender`);
    await page.getByRole('heading', { name: 'Los envíos masivos no están en tu plan' }).waitFor();
    await shot(page, `campaigns-plan-required-${sizeOf(viewports.phone)}`);
    await page.getByRole('link', { name: 'Ver planes' }).click();
    await page.waitForURL(/\/app\/dashboard\/mi-cuenta\?tab=plan/);
    await context.close();
  }, 90_000);
});
