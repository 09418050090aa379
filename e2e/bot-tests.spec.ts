import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Locator, Page } from 'playwright-core';
import { signIn } from './support/accounts.ts';
import { viewports } from './support/app.ts';
import { describeViolations, seriousViolations } from './support/axe.ts';
import { shot, sizeOf, startTestEnv, type TestEnv, type Viewport } from './support/env.ts';
import { openPlayground } from './support/playground.ts';

let env: TestEnv;
const demo = { email: 'demo@charla.mx', password: 'charla-demo-2026' };

beforeAll(async () => {
  env = await startTestEnv({ env: { SEED_DEMO: 'true', DEMO_PASSWORD: demo.password } });
}, 180_000);
afterAll(() => env?.stop());

/** The demo clinic's playground, on its "Pruebas" tab, signed in as its owner. */
async function demoTests(viewport: Viewport) {
  const { context, page } = await env.newPage({ viewport, locale: 'es-MX', timezoneId: 'America/Mexico_City' });
  await signIn(page, demo);
  await page.waitForURL(/\/personalizacion/);
  const botId = /dashboard\/([^/]+)\//.exec(page.url())![1]!;
  const panel = await openPlayground(page, botId);
  await panel.getByRole('tab', { name: 'Pruebas' }).click();
  const list = panel.getByRole('list', { name: 'Pruebas guardadas' });
  await list.waitFor();
  return { context, page, panel, list };
}

const tests = (list: Locator) => list.locator(':scope > li');
const summary = (panel: Locator) => panel.getByTestId('bot-tests-summary');

async function runAll(panel: Locator) {
  await panel.getByRole('button', { name: 'Probar todo' }).click();
  await expect.poll(() => summary(panel).textContent(), { timeout: 60_000 }).toMatch(/^\d+ de \d+ pasan?$/);
}

/** Nothing wider than the screen: neither the page nor the panel scrolls sideways. */
async function noSidewaysScroll(page: Page) {
  const overflow = await page.evaluate(() => {
    const panel = document.querySelector('[role="dialog"]');
    const wide = [...document.querySelectorAll('[role="dialog"] *')].filter((el) => el.getBoundingClientRect().right > window.innerWidth + 1).map((el) => el.tagName);
    return { page: document.documentElement.scrollWidth - window.innerWidth, panel: panel ? panel.scrollWidth - panel.clientWidth : 0, wide: wide.slice(0, 5) };
  });
  expect(overflow).toEqual({ page: 0, panel: 0, wide: [] });
}

describe('Pruebas del asistente', () => {
  it('shows the clinic’s ten tests, runs them all, and a test whose fact is not in the knowledge fails until it is deleted', async () => {
    const { context, page, panel, list } = await demoTests(viewports.desktop);
    const errors: string[] = [];
    page.on('pageerror', (e) => errors.push(String(e)));
    await expect.poll(() => tests(list).count()).toBe(10);
    await expect(tests(list).first().textContent()).resolves.toContain('¿Cuánto cuesta una limpieza dental?');

    await runAll(panel);
    const [passed, total] = (await summary(panel).textContent())!.match(/\d+/g)!.map(Number);
    expect(total).toBe(10);
    expect(passed).toBeGreaterThanOrEqual(8);
    await expect.poll(() => list.locator('li[data-status="passed"]').count()).toBe(passed);
    // A passed test keeps the reply it was scored on, folded.
    const first = tests(list).first();
    await first.getByText('Respuesta del asistente').click();
    await expect(first.getByTestId('bot-test-reply').textContent()).resolves.toContain('650');

    // A test of something the clinic does not do: its fact is nowhere in the knowledge.
    await panel.getByRole('button', { name: 'Nueva prueba' }).click();
    const form = panel.getByRole('form', { name: 'Nueva prueba' });
    // Nothing to check yet: the form says what is missing, in words.
    await form.getByRole('button', { name: 'Guardar prueba' }).click();
    await form.getByText('Escribe la pregunta que haría un cliente.').waitFor();
    await form.getByText('Escribe al menos un dato que la respuesta debe decir.').waitFor();
    await form.getByRole('textbox', { name: 'Pregunta del cliente' }).fill('¿Hacen cirugía de nariz?');
    await form.getByRole('textbox', { name: 'Lo que la respuesta debe decir' }).fill('rinoplastia / $45,000 | 45 mil pesos\n');
    await form.getByRole('textbox', { name: 'Lo que no debe decir (opcional)' }).fill('inventado');
    await form.getByRole('button', { name: 'Guardar prueba' }).click();
    await form.waitFor({ state: 'detached' });
    await expect.poll(() => tests(list).count()).toBe(11);
    const added = tests(list).last();
    await expect(added.textContent()).resolves.toContain('rinoplastia o $45,000 o 45 mil pesos');
    await expect(added.getAttribute('data-status')).resolves.toBe('pending');
    await expect.poll(() => summary(panel).textContent()).toMatch(/· 1 sin probar$/);

    await runAll(panel);
    await expect.poll(() => added.getAttribute('data-status')).toBe('failed');
    await expect(summary(panel).textContent()).resolves.toBe(`${passed} de 11 pasan`);
    // A failed test shows its reply open and what it lacked.
    await added.getByTestId('bot-test-reply').waitFor();
    await added.getByText(/^Le faltó: rinoplastia o \$45,000 o 45 mil pesos$/).waitFor();
    await added.scrollIntoViewIfNeeded();
    await shot(page, `bot-tests-${sizeOf(viewports.desktop)}`);
    const violations = await seriousViolations(page);
    expect(violations, describeViolations(violations)).toEqual([]);
    await noSidewaysScroll(page);

    // Deleted after a question, it is gone for good.
    await added.getByRole('button', { name: 'Eliminar la prueba «¿Hacen cirugía de nariz?»' }).click();
    const confirm = page.getByRole('dialog', { name: '¿Eliminar esta prueba?' });
    await confirm.getByRole('button', { name: 'Eliminar' }).click();
    await expect.poll(() => tests(list).count()).toBe(10);
    await expect.poll(() => summary(panel).textContent()).toBe(`${passed} de 10 pasan`);
    await page.reload();
    const again = await openPlayground(page, /dashboard\/([^/]+)\//.exec(page.url())![1]!);
    await again.getByRole('tab', { name: 'Pruebas' }).click();
    await expect.poll(() => tests(again.getByRole('list', { name: 'Pruebas guardadas' })).count()).toBe(10);
    expect(errors).toEqual([]);
    await context.close();
  }, 240_000);

  it('on a phone: the tests fill the screen, run, and nothing scrolls sideways', async () => {
    const { context, page, panel, list } = await demoTests(viewports.phone);
    await expect.poll(() => tests(list).count()).toBe(10);
    await runAll(panel);
    await expect(summary(panel).textContent()).resolves.toMatch(/^(8|9|10) de 10 pasan$/);
    await noSidewaysScroll(page);
    await shot(page, `bot-tests-${sizeOf(viewports.phone)}`);
    // The form too, open on a phone.
    await panel.getByRole('button', { name: 'Nueva prueba' }).click();
    await panel.getByRole('form', { name: 'Nueva prueba' }).waitFor();
    await noSidewaysScroll(page);
    await shot(page, `bot-tests-form-${sizeOf(viewports.phone)}`);
    const violations = await seriousViolations(page);
    expect(violations, describeViolations(violations)).toEqual([]);
    // Back to the chat: the conversation is where it was.
    await panel.getByRole('tab', { name: 'Chat' }).click();
    await panel.getByRole('textbox', { name: 'Mensaje como cliente' }).waitFor();
    await context.close();
  }, 240_000);
});
