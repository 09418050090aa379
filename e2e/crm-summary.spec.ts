import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { createBot, signIn } from './support/accounts.ts';
import { viewports } from './support/app.ts';
import { shot, sizeOf, startTestEnv, type TestEnv, type Viewport } from './support/env.ts';

let env: TestEnv;
const demo = { email: 'demo@charla.mx', password: 'charla-demo-2026' };
const admin = { email: 'admin@charla.local', password: 'admin-secreto-2026' };

beforeAll(async () => {
  env = await startTestEnv({ env: { SEED_DEMO: 'true', DEMO_PASSWORD: demo.password, ADMIN_PASSWORD: admin.password } });
}, 180_000);
afterAll(() => env?.stop());

/** The demo clinic's CRM, signed in as its owner. */
async function demoCrm(viewport: Viewport) {
  const { context, page } = await env.newPage({ viewport, locale: 'es-MX', timezoneId: 'America/Mexico_City' });
  await signIn(page, demo);
  await page.waitForURL(/\/personalizacion/);
  const botId = /dashboard\/([^/]+)\//.exec(page.url())![1]!;
  await page.goto(`/app/dashboard/${botId}/crm`);
  return { context, page, botId };
}

const figure = (page: Page, metric: string) => page.locator(`[data-metric="${metric}"] dd`).first();
/** A day `back` days before today in Mexico City, as YYYY-MM-DD. */
const localDay = (back: number) => new Intl.DateTimeFormat('en-CA', { timeZone: 'America/Mexico_City' }).format(new Date(Date.now() - back * 86_400_000));

/** Resumen over a range of the owner's own: Personalizado, both days, then "Ver rango". */
async function chooseRange(page: Page, from: string, to: string) {
  await page.getByRole('button', { name: 'Personalizado' }).click();
  const form = page.getByRole('form', { name: 'Rango de fechas' });
  await form.getByLabel('Desde').fill(from);
  await form.getByLabel('Hasta').fill(to);
  await form.getByRole('button', { name: 'Ver rango' }).click();
  await page.locator(`[data-range="${from}..${to}"]`).waitFor();
}

/**
 * Scrolls each chart into view and waits for its drawing: the charts' library loads when a chart
 * is in view, into an area already as tall as the drawing (nothing below it moves).
 */
async function drawCharts(page: Page): Promise<void> {
  for (const chart of await page.locator('[data-chart]').all()) {
    const before = (await chart.boundingBox())!.height;
    await chart.scrollIntoViewIfNeeded();
    await chart.locator('svg').first().waitFor();
    expect((await chart.boundingBox())!.height).toBe(before);
  }
  await page.evaluate(() => window.scrollTo(0, 0));
}

describe('CRM: Resumen, the contacts table and the board', () => {
  it('Resumen opens first with the quarter’s history; the period switches; the numbers are in tables too', async () => {
    const { context, page } = await demoCrm(viewports.desktop);
    const errors: string[] = [];
    page.on('pageerror', (e) => errors.push(String(e)));
    await expect.poll(() => page.getByRole('tab', { selected: true }).textContent()).toBe('Resumen');
    const tabs = await page.getByRole('tab').allTextContents();
    expect(tabs).toEqual(['Resumen', 'Conversaciones', 'Contactos', 'Embudo', 'Sin respuesta']);

    // 30 days by default, then 7 and 90.
    await page.locator('[data-summary="30"]').waitFor();
    await drawCharts(page);
    const month = Number((await figure(page, 'conversations').textContent())!.replace(/\D/g, ''));
    expect(month).toBeGreaterThan(100);
    await page.getByRole('button', { name: '7 días' }).click();
    await page.locator('[data-summary="7"]').waitFor();
    await expect.poll(() => page.getByRole('button', { name: '7 días' }).getAttribute('aria-pressed')).toBe('true');
    const week = Number((await figure(page, 'conversations').textContent())!.replace(/\D/g, ''));
    expect(week).toBeLessThan(month);
    expect(week).toBeGreaterThan(10);
    await page.getByRole('button', { name: '90 días' }).click();
    await page.locator('[data-summary="90"]').waitFor();
    expect(Number((await figure(page, 'won').textContent())!.replace(/\D/g, ''))).toBeGreaterThan(50);
    await expect(page.locator('[data-metric="won"]').textContent()).resolves.toContain('«Atendido»');
    // One percent format everywhere: the bot's share, the funnel's steps and the change against the period before.
    await expect(page.locator('[data-metric="solved"]').textContent()).resolves.toMatch(/^Resueltas por el asistente\d+(\.\d)?%/);
    // The quarter before the demo's history began had no conversations: no share to compare with.
    await expect(page.locator('[data-metric="solved"]').textContent()).resolves.toContain('Sin conversaciones en el periodo anterior.');
    // The time zone is named by its city.
    await expect(page.locator('[data-range]').textContent()).resolves.toContain('en la zona horaria Ciudad de México.');
    await expect(page.locator('[data-range]').textContent()).resolves.not.toContain('America/');
    await expect(page.locator('[data-busiest]').textContent()).resolves.toMatch(/^Más movimiento: \p{L}+ a las \d\d:00/u);

    // The daily chart's numbers as a table: one row per day of the period.
    await page.getByText('Ver los datos en una tabla').first().click();
    const daily = page.getByRole('table', { name: 'Actividad por día' });
    await expect.poll(() => daily.getByRole('row').count()).toBe(91);
    await page.getByRole('table', { name: 'Horas con más conversaciones' }).waitFor();
    await shot(page, `crm-summary-${sizeOf(viewports.desktop)}`, { fullPage: true });
    const funnel = page.getByRole('table', { name: 'Embudo del periodo' });
    for (const share of await funnel.locator('tbody tr td:last-child').allTextContents()) expect(share).toMatch(/^(—|\d+(\.\d)?%)$/);

    // A range of the owner's own: the two weeks ago, beside the week before it.
    await chooseRange(page, localDay(13), localDay(7));
    await page.locator('[data-summary="7"]').waitFor();
    await expect.poll(() => page.getByRole('button', { name: 'Personalizado' }).getAttribute('aria-pressed')).toBe('true');
    const range = (await page.locator('[data-range]').textContent())!;
    expect(range).toMatch(/^Del \d+ \p{L}+\.? al \d+ \p{L}+\.?, en la zona horaria Ciudad de México\. Comparado con el periodo anterior: del \d+ \p{L}+\.? al \d+ \p{L}+\.?\.$/u);
    await expect.poll(() => page.getByRole('table', { name: 'Actividad por día' }).getByRole('row').count()).toBe(8);
    // Each figure beside the period before: a signed percentage, or why there is none.
    for (const metric of ['conversations', 'contacts', 'leads', 'appointments', 'won']) {
      const text = (await page.locator(`[data-metric="${metric}"]`).textContent())!;
      expect(text, metric).toMatch(/([+\-−]?\d+(\.\d)?% vs\. periodo anterior \(antes \d[\d,]*\)|Sin datos en el periodo anterior para comparar\.)/);
    }
    await expect(page.locator('[data-metric="conversations"]').textContent()).resolves.toMatch(/% vs\. periodo anterior/);
    await expect(page.locator('[data-metric="solved"]').textContent()).resolves.toMatch(/En el periodo anterior: \d+(\.\d)?%\./);
    await shot(page, `crm-summary-range-${sizeOf(viewports.desktop)}`, { fullPage: true });
    // Back to a preset: the range form goes away.
    await page.getByRole('button', { name: '30 días' }).click();
    await page.locator('[data-summary="30"]').waitFor();
    await expect(page.getByRole('form', { name: 'Rango de fechas' }).count()).resolves.toBe(0);
    expect(errors).toEqual([]);
    await context.close();
  }, 180_000);

  it('the table sorts by name on the server, filters, and keeps the chosen columns for the bot; the board shows only the cards in view', async () => {
    const { context, page } = await demoCrm(viewports.desktop);
    await page.getByRole('tab', { name: 'Contactos' }).click();
    const table = page.getByRole('table', { name: 'Contactos del asistente' });
    await table.getByRole('row').nth(1).waitFor();
    // Hundreds of contacts, but only the rows in view are in the page.
    await expect.poll(() => table.locator('tbody tr[data-index]').count()).toBeLessThan(60);

    await table.getByRole('button', { name: 'Nombre' }).click();
    await expect.poll(() => table.getByRole('columnheader', { name: /Nombre/ }).getAttribute('aria-sort')).toBe('ascending');
    const names = async () => (await table.locator('tbody th[scope="row"] button').allTextContents()).slice(0, 8);
    await expect.poll(async () => (await names())[0]?.startsWith('A')).toBe(true);
    const ascending = await names();
    const key = (s: string) => s.normalize('NFD').replace(/[\u0300-\u036f]/g, '').toLowerCase();
    expect(ascending.map(key)).toEqual([...ascending.map(key)].sort());
    await table.getByRole('button', { name: 'Nombre' }).click();
    await expect.poll(() => table.getByRole('columnheader', { name: /Nombre/ }).getAttribute('aria-sort')).toBe('descending');
    await expect.poll(async () => /^[ÓOR-Z]/.test((await names())[0] ?? '')).toBe(true);

    // Filters: the Instagram channel only.
    await page.getByLabel('Canal', { exact: true }).selectOption('instagram');
    await expect.poll(async () => (await table.locator('tbody tr[data-index] td').allTextContents()).includes('WhatsApp')).toBe(false);
    await page.getByLabel('Canal', { exact: true }).selectOption('');

    // Columns: the e-mail hidden, and still hidden after a reload.
    await expect.poll(() => table.getByRole('columnheader', { name: 'Correo' }).count()).toBe(1);
    await page.locator('summary', { hasText: 'Columnas' }).click();
    await page.getByRole('checkbox', { name: 'Correo' }).uncheck();
    await expect.poll(() => table.getByRole('columnheader', { name: 'Correo' }).count()).toBe(0);
    await shot(page, `crm-table-${sizeOf(viewports.desktop)}`);
    // The menu closes like a menu: a press outside it, and Escape.
    await page.getByRole('heading', { name: 'CRM', level: 1 }).click();
    await page.getByRole('checkbox', { name: 'Correo' }).waitFor({ state: 'hidden' });
    await page.locator('summary', { hasText: 'Columnas' }).click();
    await page.getByRole('checkbox', { name: 'Correo' }).waitFor();
    await page.keyboard.press('Escape');
    await page.getByRole('checkbox', { name: 'Correo' }).waitFor({ state: 'hidden' });
    await page.reload();
    await page.getByRole('tab', { name: 'Contactos' }).click();
    await table.getByRole('row').nth(1).waitFor();
    expect(await table.getByRole('columnheader', { name: 'Correo' }).count()).toBe(0);
    expect(await table.getByRole('columnheader', { name: 'Teléfono' }).count()).toBe(1);

    // The board: Atendido holds hundreds of cards; a few are in the page, more arrive as it scrolls.
    await page.getByRole('tab', { name: 'Embudo' }).click();
    const attended = page.locator('section[data-stage="Atendido"]');
    await attended.locator('li[data-contact]').first().waitFor();
    const inPage = await attended.locator('li[data-contact]').count();
    expect(inPage).toBeLessThan(30);
    expect(Number(await attended.locator('[data-cards]').getAttribute('data-cards'))).toBeGreaterThan(inPage);
    await attended.locator('[data-cards]').evaluate((el) => el.scrollBy(0, 3000));
    await expect.poll(async () => Number(await attended.locator('li[data-contact]').last().getAttribute('data-index'))).toBeGreaterThan(20);
    await shot(page, `crm-board-${sizeOf(viewports.desktop)}`);
    await context.close();
  }, 180_000);

  it('fits a phone: Resumen and the contacts at 390 px', async () => {
    const { context, page } = await demoCrm(viewports.phone);
    await page.locator('[data-summary="30"]').waitFor();
    await drawCharts(page);
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
    // The five tabs are all in view, none pushed past the screen's edge.
    for (const name of ['Resumen', 'Conversaciones', 'Contactos', 'Embudo', 'Sin respuesta']) {
      const box = (await page.getByRole('tab', { name }).boundingBox())!;
      expect(box.x + box.width).toBeLessThanOrEqual(390);
    }
    await shot(page, `crm-summary-${sizeOf(viewports.phone)}`, { fullPage: true });
    // The range's form and the comparisons fit the phone too.
    await chooseRange(page, localDay(13), localDay(7));
    await page.locator('[data-metric="conversations"]').getByText(/vs\. periodo anterior/).waitFor();
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
    await shot(page, `crm-summary-range-${sizeOf(viewports.phone)}`, { fullPage: true });
    await page.getByRole('tab', { name: 'Contactos' }).click();
    // On a phone the contacts are cards, one per person.
    await page.getByRole('list', { name: 'Contactos del asistente' }).getByRole('listitem').first().waitFor();
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
    await shot(page, `crm-table-${sizeOf(viewports.phone)}`);
    await context.close();
  }, 120_000);

  it('the main admin account sees the CRM in the light grey theme with black text', async () => {
    const { context: adminContext, page: adminPage } = await env.newPage({ viewport: viewports.desktop, locale: 'es-MX' });
    await signIn(adminPage, admin);
    const botId = await createBot(adminPage, { bot_name: 'Ada', bot_objective: 'automobile', business_name: 'Charla interna', user_email: admin.email });
    await adminPage.goto(`/app/dashboard/${botId}/crm`);
    await adminPage.locator('[data-summary]').waitFor();
    const colours = await adminPage.locator('[data-theme="light"]').first().evaluate((el) => {
      const style = getComputedStyle(el);
      return { background: style.backgroundColor, color: style.color };
    });
    expect(colours).toEqual({ background: 'rgb(236, 238, 242)', color: 'rgb(10, 10, 10)' });
    await shot(adminPage, `crm-admin-light-${sizeOf(viewports.desktop)}`);
    await adminContext.close();
  }, 120_000);
});
