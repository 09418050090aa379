import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { viewports } from './support/app.ts';
import { describeViolations, seriousViolations } from './support/axe.ts';
import { shot, sizeOf, startTestEnv, type TestEnv, type Viewport } from './support/env.ts';

const focusedHeading = (page: Page) => page.evaluate(() => (document.activeElement?.tagName === 'H1' ? document.activeElement.textContent?.trim() : `not a heading: ${document.activeElement?.tagName}`));

let env: TestEnv;
const demo = { email: 'demo@charla.mx', password: 'charla-demo-2026' };
const owner = { name: 'Dra. Lucía Herrera', phone: '33 1234 5678', password: 'secreto-1234' };
/** A new address for each attempt, so a retried test signs up again. */
const newOwnerEmail = (() => {
  let n = 0;
  return () => `lucia.axe.${Date.now()}.${++n}@sonrisaplena.mx`;
})();

beforeAll(async () => {
  env = await startTestEnv({ env: { SEED_DEMO: 'true', DEMO_PASSWORD: demo.password } });
}, 180_000);
afterAll(() => env?.stop());

async function settle(page: Page) {
  await page.evaluate(() => document.fonts.ready.then(() => undefined));
  // Entrance animations end at full opacity; axe reads colours as they are.
  await page.waitForTimeout(700);
}

describe('accessibility (axe-core): no serious violation', () => {
  for (const viewport of [viewports.desktop, viewports.phone] as Viewport[]) {
    it(`on /login, the welcome view, personalización and the CRM's Resumen at ${sizeOf(viewport)}`, async () => {
      const { context, page } = await env.newPage({ viewport, locale: 'es-MX' });
      const found: string[] = [];
      const check = async (name: string) => {
        await settle(page);
        const violations = await seriousViolations(page);
        if (violations.length) found.push(`${name}:\n${describeViolations(violations)}`);
        await shot(page, `a11y-${name}-${sizeOf(viewport)}`);
      };

      await page.goto('/login');
      await page.getByRole('main').waitFor();
      await check('login');

      // The welcome view of a new owner.
      await page.goto('/signup');
      await page.getByRole('button', { name: 'Crear cuenta' }).waitFor();
      await check('signup');
      await page.getByLabel('Nombre completo').fill(owner.name);
      await page.getByLabel('Correo electrónico').fill(newOwnerEmail());
      await page.getByLabel('Teléfono (WhatsApp)').fill(owner.phone);
      await page.getByLabel('Contraseña', { exact: true }).fill(owner.password);
      await page.getByRole('button', { name: 'Crear cuenta' }).click();
      await page.getByRole('heading', { name: 'Crea tu primer asistente' }).waitFor();
      // After signing up the focus is on the page's heading, not on <body>.
      await expect.poll(() => focusedHeading(page)).toBe('Crea tu primer asistente');
      await check('welcome');
      // A card opens the wizard with the focus on its heading.
      await page.locator('a[data-template="doctor_appointment"]').click();
      await expect.poll(() => focusedHeading(page)).toBe('Crea tu asistente');
      await context.close();

      // Personalización of the demo clinic.
      const demoPage = await env.newPage({ viewport, locale: 'es-MX' });
      await demoPage.page.goto('/login');
      await demoPage.page.getByLabel('Correo electrónico').fill(demo.email);
      await demoPage.page.getByLabel('Contraseña', { exact: true }).fill(demo.password);
      await demoPage.page.getByRole('button', { name: 'Iniciar sesión' }).click();
      await demoPage.page.waitForURL(/\/personalizacion/);
      await demoPage.page.getByRole('heading', { name: 'Sofía' }).waitFor();
      const page2 = demoPage.page;
      await expect.poll(() => focusedHeading(page2)).toBe('Sofía');
      if (viewport === viewports.desktop) {
        // Closing the tour leaves the focus on the button that opened it, not on <body>.
        await page2.getByRole('button', { name: 'Ver recorrido' }).click();
        await page2.locator('.driver-popover[role="dialog"]').waitFor();
        await page2.keyboard.press('Escape');
        await page2.locator('.driver-popover[role="dialog"]').waitFor({ state: 'detached' });
        await expect.poll(() => page2.evaluate(() => document.activeElement?.textContent?.trim())).toBe('Ver recorrido');
      }
      await settle(page2);
      const violations = await seriousViolations(page2);
      if (violations.length) found.push(`personalizacion:\n${describeViolations(violations)}`);
      await shot(page2, `a11y-personalizacion-${sizeOf(viewport)}`);

      // The CRM's Resumen (the section's first tab), with its data tables open.
      await page2.goto(`${new URL(page2.url()).pathname.replace(/\/personalizacion.*$/, '')}/crm`);
      for (const chart of await page2.locator('[data-summary] [data-chart]').all()) {
        await chart.scrollIntoViewIfNeeded();
        await chart.locator('svg').first().waitFor();
      }
      for (const summary of await page2.locator('details > summary').all()) await summary.click();
      await settle(page2);
      // No two regions of the page share a name.
      const summaryViolations = await seriousViolations(page2, ['landmark-unique']);
      if (summaryViolations.length) found.push(`crm-resumen:\n${describeViolations(summaryViolations)}`);
      await shot(page2, `a11y-crm-resumen-${sizeOf(viewport)}`);
      await demoPage.context.close();

      expect(found.join('\n\n')).toBe('');
    });

    it(`on every other screen of a signed-in owner at ${sizeOf(viewport)}`, async () => {
      const { context, page } = await env.newPage({ viewport, locale: 'es-MX' });
      await page.goto('/login');
      await page.getByLabel('Correo electrónico').fill(demo.email);
      await page.getByLabel('Contraseña', { exact: true }).fill(demo.password);
      await page.getByRole('button', { name: 'Iniciar sesión' }).click();
      await page.waitForURL(/\/personalizacion/);
      const botPath = new URL(page.url()).pathname.replace(/\/personalizacion$/, '');
      const screens: [string, string][] = [
        ...['crm', 'citas', 'recursos', 'productos', 'massive-sender'].map((section): [string, string] => [section, `${botPath}/${section}`]),
        ...['clients', 'referidos', 'mi-cuenta', 'ayuda', 'nuevo'].map((section): [string, string] => [section, `/app/dashboard/${section}`]),
        ['wizard', '/app/dashboard/nuevo?template=doctor_appointment'],
      ];
      const found: string[] = [];
      for (const [name, path] of screens) {
        await page.goto(path);
        await page.locator('#main h1').first().waitFor();
        await page.locator('[role="status"] .animate-spin').first().waitFor({ state: 'detached' }).catch(() => undefined);
        await settle(page);
        const violations = await seriousViolations(page);
        if (violations.length) found.push(`${name}:\n${describeViolations(violations)}`);
        await shot(page, `a11y-${name}-${sizeOf(viewport)}`);
        if (name === 'citas') {
          // The booking dialog, as it opens.
          await page.getByRole('button', { name: /^Agendar( cita)?$/ }).click();
          const book = page.getByRole('dialog', { name: 'Agendar cita' });
          await book.getByRole('radio', { name: 'Cliente nuevo' }).waitFor();
          await settle(page);
          const dialogViolations = await seriousViolations(page);
          if (dialogViolations.length) found.push(`citas-agendar:\n${describeViolations(dialogViolations)}`);
          await shot(page, `a11y-citas-agendar-${sizeOf(viewport)}`);
          await page.keyboard.press('Escape');
          await book.waitFor({ state: 'detached' });
        }
      }
      await context.close();
      expect(found.join('\n\n')).toBe('');
    }, 180_000);
  }
});
