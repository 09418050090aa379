import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { fakeChatServer, type FakeChatServer } from '../apps/server/src/engine/llm/test-support.ts';
import { signIn } from './support/accounts.ts';
import { viewports } from './support/app.ts';
import { describeViolations, seriousViolations } from './support/axe.ts';
import { shot, sizeOf, startTestEnv, type TestEnv, type Viewport } from './support/env.ts';
import { askInPlayground, openPlayground } from './support/playground.ts';

let env: TestEnv;
let model: FakeChatServer;
const demo = { email: 'demo@charla.mx', password: 'charla-demo-2026' };
const admin = { email: 'admin@charla.local', password: 'admin-secreto-2026' };

beforeAll(async () => {
  // A language model that is down: every call answers 500, so the offline engine answers instead.
  model = await fakeChatServer(() => ({ kind: 'json', status: 500, body: { error: { message: 'upstream down' } }, headers: { 'retry-after-ms': '1' } }));
  env = await startTestEnv({
    env: {
      SEED_DEMO: 'true',
      DEMO_PASSWORD: demo.password,
      ADMIN_PASSWORD: admin.password,
      AI_PROVIDER: 'openai-compatible',
      AI_BASE_URL: model.baseURL,
      AI_MODEL: 'llama3.1',
      AI_TIMEOUT_MS: '3000',
    },
  });
}, 180_000);
afterAll(async () => {
  await env?.stop();
  await model?.close();
});

/** The value beside a label in one of the console's cards. */
const fact = (page: Page, label: string) => page.locator('dl > div').filter({ has: page.locator('dt', { hasText: label }) }).locator('dd');

async function openConsole(viewport: Viewport) {
  const { context, page } = await env.newPage({ viewport, locale: 'es-MX', timezoneId: 'America/Mexico_City' });
  await signIn(page, admin);
  // The main admin lands on its console, never on "Crea tu primer asistente"; its menu leads there too.
  await page.waitForURL('**/app/dashboard/admin');
  await page.getByRole('heading', { name: 'Administración', level: 1 }).waitFor();
  expect(await page.getByRole('heading', { name: /primer asistente/i }).count()).toBe(0);
  await page.getByRole('button', { name: /menú de tu cuenta/ }).click();
  await page.getByRole('menuitem', { name: 'Administración' }).click();
  await page.waitForURL('**/app/dashboard/admin');
  return { context, page };
}

describe('the admin console', () => {
  it("shows the main admin account that the language model is failing while customers still get answers", async () => {
    // The demo clinic's owner writes in the playground: the model fails, the offline engine answers.
    const owner = await env.newPage({ viewport: viewports.desktop, locale: 'es-MX', timezoneId: 'America/Mexico_City' });
    await signIn(owner.page, demo);
    await owner.page.waitForURL(/\/personalizacion/);
    const botId = /dashboard\/([^/]+)\//.exec(owner.page.url())![1]!;
    const panel = await openPlayground(owner.page, botId);
    const { text } = await askInPlayground(panel, '¿Cuál es su horario?');
    expect(text.length).toBeGreaterThan(10);
    expect(model.requests.length).toBeGreaterThan(0);

    // The owner has no console: the address leads nowhere, and the menu does not offer it.
    await owner.page.goto('/app/dashboard/admin');
    await owner.page.getByRole('heading', { name: 'No encontramos esta página' }).waitFor();
    await owner.page.getByRole('button', { name: /menú de tu cuenta/ }).click();
    expect(await owner.page.getByRole('menuitem', { name: 'Administración' }).count()).toBe(0);
    await owner.context.close();

    const { context, page } = await openConsole(viewports.desktop);
    try {
      await page.getByText('Fallando', { exact: true }).waitFor();
      expect(await page.getByText('Su última llamada falló y respondió el motor sin conexión', { exact: false }).count()).toBe(1);
      expect(await fact(page, 'Modelo').first().textContent()).toBe('llama3.1');
      expect(Number(await fact(page, 'Fallos desde el arranque').textContent())).toBeGreaterThanOrEqual(1);
      expect(await fact(page, 'Último fallo').textContent()).toMatch(/http 500/);
      expect(await fact(page, 'Última respuesta del modelo').textContent()).toBe('Nunca');
      expect(await fact(page, 'Motor').textContent()).toBe('PGlite (embebida)');
      expect(await fact(page, 'Migraciones').textContent()).toBe('Aplicadas');
      const violations = await seriousViolations(page);
      expect(violations, describeViolations(violations)).toEqual([]);
      await shot(page, `admin-console-${sizeOf(viewports.desktop)}`);
    } finally {
      await context.close();
    }
  });

  it('fits a 390 px phone', async () => {
    const { context, page } = await openConsole(viewports.phone);
    try {
      await page.getByText('Fallando', { exact: true }).waitFor();
      expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(viewports.phone.width);
      const violations = await seriousViolations(page);
      expect(violations, describeViolations(violations)).toEqual([]);
      await shot(page, `admin-console-${sizeOf(viewports.phone)}`, { fullPage: true });
    } finally {
      await context.close();
    }
  });

  it('finds the demo account by a search without accents, locks one of its bots with a reason, sets a plan and shows the trail', async () => {
    const { context, page } = await openConsole(viewports.desktop);
    try {
      await page.getByRole('heading', { name: 'Cuentas', level: 2 }).waitFor();
      await page.getByRole('searchbox', { name: 'Buscar por nombre o correo' }).fill('lucia herrera');
      const open = page.getByRole('button', { name: 'Ver la cuenta de Dra. Lucía Herrera' });
      // The search is debounced: the main admin's own account leaves the list once it applies.
      await page.getByRole('button', { name: 'Ver la cuenta de Administrador' }).waitFor({ state: 'detached' });
      await open.waitFor();
      expect(await page.getByRole('button', { name: /^Ver la cuenta de/ }).count()).toBe(1);
      await open.click();
      await page.getByRole('heading', { name: 'Dra. Lucía Herrera', level: 2 }).waitFor();

      // Lock Sofía: the reason is required.
      await page.getByRole('button', { name: 'Bloquear' }).first().click();
      const lockDialog = page.getByRole('dialog', { name: '¿Bloquear a Sofía?' });
      await lockDialog.waitFor();
      expect(await lockDialog.getByRole('button', { name: 'Bloquear' }).isDisabled()).toBe(true);
      await lockDialog.getByRole('textbox', { name: 'Motivo' }).fill('Revisión de contenido');
      await lockDialog.getByRole('button', { name: 'Bloquear' }).click();
      await page.getByText('Bloqueado: Revisión de contenido').waitFor();

      // Set the plan to Enterprise (the demo starts on Pro), after a confirmation.
      await page.getByRole('combobox', { name: 'Cambiar el plan a mano' }).selectOption('Enterprise');
      await page.getByRole('button', { name: 'Cambiar plan' }).click();
      const planDialog = page.getByRole('dialog', { name: /Enterprise/ });
      await planDialog.getByRole('button', { name: 'Cambiar plan' }).click();
      await planDialog.waitFor({ state: 'hidden' });
      await page.locator('dl > div').filter({ has: page.locator('dt', { hasText: 'Plan' }) }).locator('dd', { hasText: 'Enterprise' }).first().waitFor();

      // The console's trail names both actions.
      const trail = page.getByRole('list', { name: 'Actividad, de lo más reciente a lo más antiguo' });
      await trail.getByText('Administrador cambió el plan a Enterprise').waitFor();
      await trail.getByText('Administrador bloqueó Sofía: «Revisión de contenido»').waitFor();
      const violations = await seriousViolations(page);
      expect(violations, describeViolations(violations)).toEqual([]);
      await shot(page, `admin-console-account-${sizeOf(viewports.desktop)}`, { fullPage: true });

      // On a phone: the accounts as cards, the account and its bots within the width.
      const phone = await env.newPage({ viewport: viewports.phone, locale: 'es-MX', timezoneId: 'America/Mexico_City' });
      try {
        await signIn(phone.page, admin);
        await phone.page.waitForURL('**/app/dashboard/admin');
        await phone.page.getByRole('searchbox', { name: 'Buscar por nombre o correo' }).fill('LUCIA');
        await phone.page.getByRole('button', { name: 'Ver la cuenta de Dra. Lucía Herrera' }).click();
        await phone.page.getByText('Bloqueado: Revisión de contenido').waitFor();
        expect(await phone.page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(viewports.phone.width);
        await shot(phone.page, `admin-console-account-${sizeOf(viewports.phone)}`, { fullPage: true });
      } finally {
        await phone.context.close();
      }

      // The owner sees the lock in the account's activity, and cannot change the locked bot.
      const owner = await env.newPage({ viewport: viewports.phone, locale: 'es-MX', timezoneId: 'America/Mexico_City' });
      try {
        await signIn(owner.page, demo);
        await owner.page.waitForURL(/\/personalizacion/);
        await owner.page.goto('/app/dashboard/mi-cuenta?tab=actividad');
        await owner.page.getByText('Administrador bloqueó Sofía: «Revisión de contenido»').waitFor();
        await owner.page.getByText('Dra. Lucía Herrera exportó los contactos de Sofía').waitFor();
        expect(await owner.page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(viewports.phone.width);
        await shot(owner.page, `account-activity-${sizeOf(viewports.phone)}`, { fullPage: true });
      } finally {
        await owner.context.close();
      }
    } finally {
      await context.close();
    }
  });
});
