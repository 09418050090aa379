import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { signIn } from './support/accounts.ts';
import { viewports } from './support/app.ts';
import { describeViolations, seriousViolations } from './support/axe.ts';
import { shot, sizeOf, startTestEnv, type TestEnv, type Viewport } from './support/env.ts';
import { askInPlayground, openPlayground } from './support/playground.ts';

let env: TestEnv;
const demo = { email: 'demo@charla.mx', password: 'charla-demo-2026' };

beforeAll(async () => {
  env = await startTestEnv({ env: { SEED_DEMO: 'true', DEMO_PASSWORD: demo.password } });
}, 180_000);
afterAll(() => env?.stop());

/** The demo clinic's CRM on a tab, signed in as its owner. */
async function demoCrm(viewport: Viewport, tab: string) {
  const { context, page } = await env.newPage({ viewport, locale: 'es-MX', timezoneId: 'America/Mexico_City' });
  await signIn(page, demo);
  await page.waitForURL(/\/personalizacion/);
  const botId = /dashboard\/([^/]+)\//.exec(page.url())![1]!;
  await page.goto(`/app/dashboard/${botId}/crm?tab=${tab}`);
  return { context, page, botId };
}

const card = (page: Page, question: string) => page.getByRole('article', { name: question });

async function checkPage(page: Page) {
  await page.evaluate(() => document.fonts.ready.then(() => undefined));
  await page.waitForTimeout(700);
  expect(describeViolations(await seriousViolations(page))).toBe(describeViolations([]));
  expect(await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth)).toBeLessThanOrEqual(0);
}

describe('Sin respuesta: what customers asked that the assistant could not answer', () => {
  for (const viewport of [viewports.desktop, viewports.phone] as Viewport[]) {
    it(`lists the grouped questions, most asked first, with their wordings and dates at ${sizeOf(viewport)}`, async () => {
      const { context, page } = await demoCrm(viewport, 'sin-respuesta');
      await expect.poll(() => page.getByRole('tab', { selected: true }).textContent()).toBe('Sin respuesta');
      // Every tab of the CRM in view, none pushed past the screen's edge.
      for (const name of ['Resumen', 'Conversaciones', 'Contactos', 'Embudo', 'Sin respuesta']) {
        const box = (await page.getByRole('tab', { name }).boundingBox())!;
        expect(box.x + box.width).toBeLessThanOrEqual(viewport.width);
      }
      await page.getByRole('heading', { name: 'Preguntas sin respuesta' }).waitFor();
      const first = card(page, '¿Tienen consultorio con rampa o elevador para silla de ruedas?');
      await first.waitFor();
      await expect(first.locator('[data-gap-count]').textContent()).resolves.toBe('4 clientes');
      await expect(first.textContent()).resolves.toContain('Mi mamá usa silla de ruedas, ¿hay elevador?');
      await expect(first.textContent()).resolves.toMatch(/Primera vez: .+ · última: .+/);
      const questions = await page.locator('[data-gap] h3').allTextContents();
      expect(questions).toEqual([
        '¿Tienen consultorio con rampa o elevador para silla de ruedas?',
        '¿Aceptan American Express a meses sin intereses?',
        '¿Hacen tratamientos con sedación? Me da mucho miedo el dentista',
      ]);
      await checkPage(page);
      await shot(page, `knowledge-gaps-open-${sizeOf(viewport)}`, { fullPage: true });
      await context.close();
    }, 180_000);
  }

  it('the owner answers a question once; it moves to answered and the assistant answers the next customer with it', async () => {
    const { context, page, botId } = await demoCrm(viewports.desktop, 'sin-respuesta');
    const question = '¿Aceptan American Express a meses sin intereses?';
    const gap = card(page, question);
    await gap.waitFor();
    // Empty, it asks for the answer first.
    await gap.getByRole('button', { name: 'Guardar y enseñar' }).click();
    await gap.getByText('Escribe la respuesta antes de guardarla.').waitFor();
    await gap.getByLabel('Tu respuesta').fill('Sí, con American Express hay 3 meses sin intereses en tratamientos de más de $3,000 MXN.');
    await gap.getByRole('button', { name: 'Guardar y enseñar' }).click();
    await page.getByText('Listo: el asistente ya sabe responder esta pregunta.').waitFor();
    await expect.poll(() => page.locator('[data-gap] h3').allTextContents()).not.toContain(question);

    await page.getByRole('button', { name: 'Respondidas' }).click();
    await expect.poll(() => page.getByRole('button', { name: 'Respondidas' }).getAttribute('aria-pressed')).toBe('true');
    const answered = card(page, question);
    await answered.waitFor();
    await expect(answered.textContent()).resolves.toContain('Sí, con American Express hay 3 meses sin intereses');
    await card(page, '¿Tienen wifi en la sala de espera?').waitFor();
    await checkPage(page);
    await shot(page, `knowledge-gaps-answered-${sizeOf(viewports.desktop)}`, { fullPage: true });

    // The next customer asking gets the taught fact at once.
    const panel = await openPlayground(page, botId);
    const { text } = await askInPlayground(panel, '¿Puedo pagar con American Express a meses?');
    expect(text).toMatch(/American Express/);
    await shot(page, `knowledge-gaps-playground-${sizeOf(viewports.desktop)}`);
    await context.close();
  }, 240_000);

  it("a person's reply in the inbox is taught to the assistant with the customer's question", async () => {
    const { context, page } = await demoCrm(viewports.phone, 'conversaciones');
    // Jorge's conversation is with a person of the clinic.
    await page.getByRole('tab', { name: 'Persona' }).click();
    await page.getByRole('searchbox', { name: 'Buscar por nombre, teléfono o mensaje' }).fill('Jorge');
    await page.locator('[data-conversation]').filter({ hasText: 'Jorge Ramírez' }).first().click();
    const teach = page.locator('[data-teach]').last();
    await teach.waitFor();
    await teach.click();
    const dialog = page.getByRole('dialog', { name: 'Enseñar al asistente' });
    await dialog.waitFor();
    const question = await dialog.getByLabel('Pregunta del cliente').inputValue();
    // The customer's question, not the "Sí, quiero hablar con alguien" that followed it.
    expect(question).toBe('Hola, tengo seguro de GNP. ¿Me lo aceptan para una endodoncia?');
    await expect(dialog.getByLabel('Respuesta').inputValue()).resolves.toContain('GNP');
    await checkPage(page);
    await shot(page, `knowledge-gaps-teach-${sizeOf(viewports.phone)}`);
    await dialog.getByRole('button', { name: 'Guardar conocimiento' }).click();
    await page.getByText('Listo: el asistente aprendió esta respuesta.').waitFor();

    await page.goto(page.url().replace(/\?.*$/, '?tab=sin-respuesta'));
    await page.getByRole('button', { name: 'Respondidas' }).click();
    await card(page, question).waitFor();
    await context.close();
  }, 180_000);
});
