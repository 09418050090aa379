import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { fillSignUp } from './support/accounts.ts';
import { viewports } from './support/app.ts';
import { shot, sizeOf, startTestEnv, visible, type TestEnv, type Viewport } from './support/env.ts';
import { askInPlayground } from './support/playground.ts';

/** A new owner's first hour: the demo account, sign-up, the wizard's limits, training, testing, channels, the tour. */
let env: TestEnv;
let site: Server;
let siteUrl = '';
let pageUp = false;
const demo = { email: 'demo@charla.mx', password: 'charla-demo-2026' };

beforeAll(async () => {
  site = createServer((req, res) => {
    if (req.url === '/Odontolog%C3%ADa' && pageUp) {
      res.setHeader('content-type', 'text/html; charset=utf-8');
      res.end('<html><head><title>Odontología</title></head><body><main><h1>Odontología</h1><p>La carilla de porcelana cuesta $7,500 pesos por pieza.</p></main></body></html>');
    } else {
      res.statusCode = 503;
      res.end();
    }
  });
  await new Promise<void>((r) => site.listen(0, '127.0.0.1', r));
  siteUrl = `http://127.0.0.1:${(site.address() as AddressInfo).port}`;
  env = await startTestEnv({ env: { TRAINING_ALLOW_PRIVATE_URLS: 'true', SEED_DEMO: 'true', DEMO_PASSWORD: demo.password } });
}, 180_000);

afterAll(async () => {
  site?.close();
  await env?.stop();
});

async function demoBotId(page: Page): Promise<string> {
  const bots = (await (await page.request.get(`/bot/${demo.email}`)).json()) as { id: string; business_name: string }[];
  expect(bots.map((b) => b.business_name)).toEqual(['Sonrisa Plena']);
  return bots[0]!.id;
}

async function signedInDemo(viewport: Viewport = viewports.desktop) {
  const { context, page } = await env.newPage({ viewport, locale: 'es-MX' });
  const errors: string[] = [];
  page.on('console', (m) => {
    if (m.type() === 'error') errors.push(m.text());
  });
  await page.goto('/login');
  await page.getByLabel('Correo electrónico').fill(demo.email);
  await page.getByLabel('Contraseña', { exact: true }).fill(demo.password);
  await page.getByRole('button', { name: 'Iniciar sesión' }).click();
  // The demo owner has a bot: the dashboard opens on it.
  await page.waitForURL(/\/app\/dashboard\/[0-9a-f-]{36}\//);
  return { context, page, errors, botId: await demoBotId(page) };
}

describe('a new owner\'s first hour', () => {
  it('the demo account opens on a trained dental clinic with its catalog and sources, at both sizes', async () => {
    for (const viewport of [viewports.desktop, viewports.phone]) {
      const { context, page, botId } = await signedInDemo(viewport);
      await page.waitForURL(`**/app/dashboard/${botId}/personalizacion`);
      await page.getByRole('heading', { name: 'Sofía' }).waitFor();
      // The owner is "Dra. Lucía Herrera": her initials skip the title.
      await page.getByText('LH', { exact: true }).first().waitFor();
      await shot(page, `onboarding-demo-personalizacion-${sizeOf(viewport)}`);
      if (viewport === viewports.phone) {
        await page.getByRole('button', { name: 'Abrir menú' }).click();
        await visible(page, 'Recursos, Productos y las demás secciones se abren en una pantalla más ancha');
        await shot(page, `onboarding-phone-menu-${sizeOf(viewport)}`);
      }
      await context.close();
    }

    const { context, page, botId } = await signedInDemo();
    await page.goto(`/app/dashboard/${botId}/recursos`);
    await visible(page, 'Sonrisa Plena: servicios y precios');
    // What it learned, a page of passages at a time.
    const row = page.locator('li').filter({ hasText: 'Sonrisa Plena: servicios y precios' }).first();
    await row.getByText('Ver lo que aprendió').click();
    const passages = row.getByRole('list', { name: 'Fragmentos que aprendió' });
    await passages.waitFor();
    expect(await passages.locator('li').count()).toBeGreaterThan(1);
    await row.getByText(/^1–\d+ de \d+$/).waitFor();
    await passages.scrollIntoViewIfNeeded();
    await shot(page, `onboarding-demo-recursos-${sizeOf(viewports.desktop)}`);

    // The playground is here too, and answers from the clinic's documents.
    await page.getByRole('button', { name: 'Probar asistente' }).click();
    const panel = page.getByRole('dialog', { name: 'Probar asistente' });
    await panel.waitFor();
    const { text } = await askInPlayground(panel, '¿Cuánto cuesta la limpieza dental?');
    expect(text).toMatch(/650/);
    await shot(page, `onboarding-demo-playground-recursos-${sizeOf(viewports.desktop)}`);
    await panel.getByRole('button', { name: 'Cerrar' }).click();

    await page.goto(`/app/dashboard/${botId}/productos`);
    await visible(page, 'Blanqueamiento en consultorio');
    await page.getByRole('button', { name: 'Probar asistente' }).waitFor();
    await shot(page, `onboarding-demo-productos-${sizeOf(viewports.desktop)}`);
    await context.close();
  });

  it('with the bot off the playground says so and turns it on from the panel', async () => {
    const { context, page, botId } = await signedInDemo();
    const phone = await signedInDemo(viewports.phone);
    await page.goto(`/app/dashboard/${botId}/personalizacion`);
    const power = page.getByRole('switch', { name: 'Asistente encendido' });
    await power.click();
    await page.waitForFunction(() => document.querySelector('[role="switch"][aria-label="Asistente encendido"]')?.getAttribute('aria-checked') === 'false');
    await page.getByRole('button', { name: 'Probar asistente' }).click();
    const panel = page.getByRole('dialog', { name: 'Probar asistente' });
    await panel.getByText('apagado', { exact: true }).waitFor();
    expect(await panel.getByText('en línea', { exact: true }).count()).toBe(0);
    await shot(page, `onboarding-playground-off-${sizeOf(viewports.desktop)}`);
    // On a phone the panel takes the screen, and its own switch is at hand.
    await phone.page.goto(`/app/dashboard/${botId}/personalizacion`);
    await phone.page.getByRole('button', { name: 'Probar asistente' }).click();
    const phonePanel = phone.page.getByRole('dialog', { name: 'Probar asistente' });
    await phonePanel.getByRole('button', { name: 'Encender' }).waitFor();
    await shot(phone.page, `onboarding-playground-off-${sizeOf(viewports.phone)}`);
    await phone.context.close();
    await panel.getByRole('button', { name: 'Encender' }).click();
    await panel.getByText('en línea', { exact: true }).waitFor();
    await page.waitForFunction(() => document.querySelector('[role="switch"][aria-label="Asistente encendido"]')?.getAttribute('aria-checked') === 'true');
    await context.close();
  });

  for (const viewport of [viewports.desktop, viewports.phone] as Viewport[]) {
    it(`sign-up refuses a phone without its area code, stores it in E.164, greets without the title; the wizard marks missing choices (${sizeOf(viewport)})`, async () => {
      const { context, page } = await env.newPage({ viewport, locale: 'es-MX' });
      const owner = { name: 'Dra. Lucía Herrera', email: `lucia.${viewport.width}.${Date.now()}@sonrisaplena.mx`, phone: '33 1234', password: 'secreto-1234' };
      await page.goto('/signup');
      await fillSignUp(page, owner);
      await page.getByRole('button', { name: 'Crear cuenta' }).click();
      await visible(page, 'Falta parte del número: escríbelo completo con lada, por ejemplo 33 1234 5678.');
      expect(page.url()).toMatch(/\/signup$/);
      await shot(page, `onboarding-signup-phone-${sizeOf(viewport)}`);
      await page.getByLabel('Teléfono (WhatsApp)').fill('33 1234 5678');
      await page.getByRole('button', { name: 'Crear cuenta' }).click();
      await page.waitForURL('**/app/dashboard');
      await visible(page, '¡Hola, Lucía!');
      await page.getByText('LH', { exact: true }).first().waitFor();
      const userId = await page.evaluate(() => localStorage.getItem('userId'));
      const info = (await (await page.request.get(`/client/info/${userId}`)).json()) as { phone_number: string };
      expect(info.phone_number).toBe('+523312345678');
      await shot(page, `onboarding-welcome-greeting-${sizeOf(viewport)}`);

      // A new page opens at its top: a card far down the list opens the wizard with its title in view.
      const card = page.locator('a[data-template="financial_services"]');
      await card.scrollIntoViewIfNeeded();
      expect(await page.evaluate(() => window.scrollY)).toBeGreaterThan(100);
      await card.click();
      await page.getByRole('heading', { name: 'Cuéntanos de tu negocio' }).waitFor();
      await expect.poll(() => page.evaluate(() => window.scrollY)).toBe(0);

      // A bare domain is a web address.
      await page.getByLabel('Nombre del negocio').fill('Sonrisa Plena');
      await page.getByLabel('Sitio web (opcional)').fill('sonrisaplena.mx');
      await page.getByRole('button', { name: 'Continuar' }).click();
      await page.getByRole('heading', { name: 'Dale identidad a tu asistente' }).waitFor();
      await page.getByLabel('Nombre del asistente').fill('Sofía');
      await page.getByRole('button', { name: 'Continuar' }).click();
      await page.getByRole('heading', { name: '¿Cómo quieres que hable?' }).waitFor();
      // Step 3: the missing choices are marked before the button, and no greeting is made up.
      expect(await page.getByText('Falta elegir', { exact: true }).count()).toBe(3);
      await visible(page, 'Elige el tono y cómo se presenta para ver su saludo.');
      await page.evaluate(() => window.scrollTo(0, 0));
      await shot(page, `onboarding-wizard-style-pending-${sizeOf(viewport)}`, { fullPage: true });
      // A refused submit puts the focus on the first group's radios, tied to its message.
      await page.getByRole('button', { name: 'Crear asistente' }).click();
      await expect.poll(() => page.evaluate(() => (document.activeElement as HTMLInputElement | null)?.name)).toBe('communication');
      const describedBy = await page.evaluate(() => document.activeElement?.getAttribute('aria-describedby'));
      expect(await page.evaluate((id) => (id ? document.getElementById(id)?.textContent : null), describedBy)).toBe('Elige una opción.');
      await context.close();
    });
  }

  it('a page that failed shows its decoded name, and is read again with one button', async () => {
    const { context, page, botId } = await signedInDemo();
    await page.goto(`/app/dashboard/${botId}/recursos`);
    await page.getByRole('tab', { name: 'Página web' }).click();
    await page.getByLabel('Dirección de la página').fill(`${siteUrl}/Odontolog%C3%ADa`);
    // The reading notice may give way to the failure at once: record every text the page shows.
    await page.evaluate(() => {
      const seen: string[] = [];
      (window as unknown as { seenTexts: string[] }).seenTexts = seen;
      new MutationObserver(() => seen.push(document.body.innerText)).observe(document.body, { childList: true, subtree: true, characterData: true });
    });
    await page.getByRole('button', { name: 'Agregar página' }).click();
    const reading = 'Lo estamos leyendo. Te avisamos aquí cuando tu asistente lo haya aprendido.';
    await expect.poll(() => page.evaluate((text) => (window as unknown as { seenTexts: string[] }).seenTexts.some((t) => t.includes(text)), reading)).toBe(true);
    const row = page.locator('li').filter({ hasText: 'Odontología' }).first();
    await row.getByText('Error', { exact: true }).waitFor({ timeout: 30_000 });
    // The failure's notice is a toast that leaves after 8 s: read it from what the page showed.
    await expect
      .poll(() => page.evaluate(() => (window as unknown as { seenTexts: string[] }).seenTexts.some((t) => /No pudimos leer «[^»]*\/Odontología»/.test(t))), { timeout: 15_000 })
      .toBe(true);
    expect(await page.getByText('Odontolog%C3%ADa').count()).toBe(0);
    await shot(page, `onboarding-training-failed-${sizeOf(viewports.desktop)}`);
    pageUp = true;
    await row.getByRole('button', { name: /Intentar de nuevo/ }).click();
    await row.getByText('Listo', { exact: true }).waitFor({ timeout: 30_000 });
    await shot(page, `onboarding-training-retried-${sizeOf(viewports.desktop)}`);
    await context.close();
  });

  it('Canales has a chip, the WhatsApp API appears once, and tour popovers sit beside their element', async () => {
    const { context, page, botId } = await signedInDemo();
    await page.goto(`/app/dashboard/${botId}/personalizacion`);
    await page.getByRole('link', { name: 'Canales', exact: true }).first().waitFor();
    await page.getByText('API de WhatsApp', { exact: true }).first().waitFor();
    expect(await page.getByText('API de WhatsApp', { exact: true }).count()).toBe(1);

    await page.getByRole('button', { name: 'Ver recorrido' }).click();
    const tour = page.locator('.driver-popover[role="dialog"]');
    await tour.waitFor();
    // Every step's element is on a desktop screen.
    await tour.getByText('1 de 7').waitFor();
    const overlaps: string[] = [];
    for (let step = 1; step <= 7; step++) {
      // The page scrolls smoothly to each step's element: measure once the popover and its element stand still.
      const boxes = async () => JSON.stringify([await tour.boundingBox(), await page.locator('.driver-active-element').boundingBox()]);
      let seen = '';
      for (let tries = 0; tries < 20; tries++) {
        await page.waitForTimeout(200);
        const now = await boxes();
        if (now === seen) break;
        seen = now;
      }
      const title = await tour.locator('.driver-popover-title').innerText();
      const [box, target] = JSON.parse(seen) as [{ x: number; y: number; width: number; height: number } | null, { x: number; y: number; width: number; height: number } | null];
      if (box && target && intersects(box, target)) overlaps.push(title);
      if (step === 2) await shot(page, `onboarding-tour-step-2-${sizeOf(viewports.desktop)}`);
      if (step === 5) await shot(page, `onboarding-tour-step-5-${sizeOf(viewports.desktop)}`);
      const next = tour.getByRole('button', { name: /^(Siguiente|¡Entendido!)/ }).last();
      if (!(await next.count())) break;
      await next.click();
      if (!(await tour.count())) break;
    }
    expect(overlaps).toEqual([]);
    await context.close();
  });
});

function intersects(a: { x: number; y: number; width: number; height: number }, b: { x: number; y: number; width: number; height: number }): boolean {
  return a.x < b.x + b.width - 2 && b.x < a.x + a.width - 2 && a.y < b.y + b.height - 2 && b.y < a.y + a.height - 2;
}
