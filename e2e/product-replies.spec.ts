import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Locator } from 'playwright-core';
import { createBot, enableHandoff, signUp, type Owner } from './support/accounts.ts';
import { viewports } from './support/app.ts';
import { shot, startTestEnv, type PageOptions, type TestEnv, type Viewport } from './support/env.ts';
import { askInPlayground, botMessages, openPlayground } from './support/playground.ts';

let env: TestEnv;
let session: PageOptions['storageState'];
let botId = '';
/** The shop's own picture host, as a catalog would link to its CDN. */
let pictures: Server;
let pictureBase = '';

const owner: Owner = {
  name: 'Andrea Salas',
  email: `andrea.${Date.now()}@linoyalgodon.mx`,
  phone: '+52 55 8765 4321',
  password: 'secreto-1234',
};

/** A product photo: a blue shirt on a light background. */
const shirt = `<svg xmlns="http://www.w3.org/2000/svg" width="640" height="480" viewBox="0 0 640 480">
<rect width="640" height="480" fill="#eef3f8"/>
<path d="M250 90 L320 120 L390 90 L480 150 L440 220 L410 200 L410 400 L230 400 L230 200 L200 220 L160 150 Z" fill="#3b6fb6" stroke="#24518f" stroke-width="6" stroke-linejoin="round"/>
<path d="M290 100 L320 150 L350 100" fill="none" stroke="#f5f7fa" stroke-width="8" stroke-linejoin="round"/>
<g fill="#f5f7fa"><circle cx="320" cy="190" r="6"/><circle cx="320" cy="240" r="6"/><circle cx="320" cy="290" r="6"/><circle cx="320" cy="340" r="6"/></g>
</svg>`;

beforeAll(async () => {
  pictures = createServer((req, res) => {
    if (req.url === '/img/camisa-oxford.svg') res.writeHead(200, { 'content-type': 'image/svg+xml', 'cache-control': 'no-store' }).end(shirt);
    else res.writeHead(404).end();
  });
  await new Promise<void>((resolve) => pictures.listen(0, '127.0.0.1', resolve));
  pictureBase = `http://127.0.0.1:${(pictures.address() as AddressInfo).port}`;

  env = await startTestEnv();
  const { context, page } = await env.newPage({ locale: 'es-MX' });
  await signUp(page, owner);
  botId = await createBot(page, { bot_name: 'Vale', bot_objective: 'ecommerce', business_name: 'Lino & Algodón', user_email: owner.email });
  const styled = await page.request.patch(`/bot/${botId}`, { data: { purpose: 'sales', personality: 'Persuasivo', tone: 'Informal' } });
  expect(styled.ok()).toBe(true);
  // "Sí" to the offer to help buy goes to a person only when hand-off is on.
  await enableHandoff(page, botId);
  for (const product of [
    { name: 'Camisa Oxford', price: '589', sku: 'CO-1', stock: 4, image_url: `${pictureBase}/img/camisa-oxford.svg`, attributes: { Color: 'Azul' } },
    { name: 'Pantalón chino', price: '799', sku: 'PC-2', stock: 3, image_url: '', attributes: { Color: 'Beige' } },
  ]) {
    const created = await page.request.post('/api/products', { data: { botId, ...product } });
    expect(created.status(), await created.text()).toBe(201);
  }
  session = await context.storageState();
  await context.close();
}, 180_000);

afterAll(async () => {
  await env?.stop();
  await new Promise((resolve) => pictures?.close(resolve));
});

const signedInPage = (viewport: Viewport = viewports.desktop) =>
  env.newPage({ viewport, locale: 'es-MX', timezoneId: 'America/Mexico_City', storageState: session });

/** Writes as a customer and answers the bot's reply to it. */
const ask = async (panel: Locator, text: string) => (await askInPlayground(panel, text)).reply;

/** The picture is on screen, loaded (not a broken image). */
async function expectPicture(reply: Locator) {
  const image = reply.getByRole('img', { name: 'Imagen del producto' });
  await image.waitFor();
  await expect.poll(() => image.evaluate((el) => (el as HTMLImageElement).complete && (el as HTMLImageElement).naturalWidth)).toBeGreaterThan(0);
  expect(await image.getAttribute('src')).toBe(`${pictureBase}/img/camisa-oxford.svg`);
  return image;
}

describe('product replies in the playground', () => {
  it("shows the product's picture in the reply and sends a tapped option as the customer's choice (desktop)", async () => {
    const { context, page } = await signedInPage();
    const consoleErrors: string[] = [];
    page.on('console', (message) => {
      if (message.type() === 'error') consoleErrors.push(message.text());
    });
    try {
      const panel = await openPlayground(page, botId);
      const reply = await ask(panel, '¿Cuánto cuesta la camisa Oxford?');
      expect(await reply.locator('[data-text]').innerText()).toMatch(/\$589\.00 MXN[\s\S]*¿Quieres que te ayude con tu compra\?/);
      await expectPicture(reply);

      // The offer's options as chips under the bubble.
      const options = reply.getByRole('group', { name: /^Opciones para responder/ });
      expect(await options.getByRole('button').allInnerTexts()).toEqual(['Sí, por favor', 'No, gracias']);
      await shot(page, 'playground-product-picture-1280x800');
      // Nothing in the panel is wider than it.
      expect(await panel.evaluate((el) => el.scrollWidth - el.clientWidth)).toBeLessThanOrEqual(0);

      // A product without a picture: the text alone.
      const trousers = await ask(panel, '¿Cuánto cuesta el pantalón chino?');
      expect(await trousers.locator('[data-text]').innerText()).toContain('$799.00 MXN');
      expect(await trousers.getByRole('img').count()).toBe(0);
      // The earlier reply's options were answered by the conversation going on: no longer tappable.
      expect(await options.getByRole('button', { name: 'No, gracias' }).isDisabled()).toBe(true);

      // Tapping an option of the newest reply writes it as the customer, with the option it stands for.
      await trousers.getByRole('button', { name: 'No, gracias' }).click();
      await panel.locator('li[data-author="customer"]').filter({ hasText: 'No, gracias' }).waitFor();
      await expect.poll(() => botMessages(panel).count(), { timeout: 20_000 }).toBe(3);
      await panel.getByTestId('typing').waitFor({ state: 'detached' });
      const stored = (await page.request.get(`/api/playground/${botId}`).then((r) => r.json())) as {
        messages: Array<{ direction: string; text: string; chosen?: { id: string; title: string }; media?: Array<{ type: string; url?: string }> }>;
      };
      const tapped = stored.messages.filter((m) => m.direction === 'in').at(-1);
      expect(tapped).toMatchObject({ text: 'No, gracias', chosen: { id: 'no', title: 'No, gracias' } });
      expect(stored.messages.find((m) => m.media)?.media).toEqual([{ type: 'image', url: `${pictureBase}/img/camisa-oxford.svg` }]);
      await shot(page, 'playground-choice-tapped-1280x800');
      expect(consoleErrors).toEqual([]);
    } finally {
      await context.close();
    }
  });

  it('fits a phone: the picture within the bubble and the chips tappable', async () => {
    const { context, page } = await signedInPage(viewports.phone);
    try {
      const panel = await openPlayground(page, botId);
      await panel.getByRole('button', { name: 'Reiniciar conversación' }).first().click();
      await panel.getByRole('list', { name: 'Preguntas para empezar' }).waitFor();
      const reply = await ask(panel, 'Hola, ¿cuánto cuesta la camisa Oxford en azul?');
      const image = await expectPicture(reply);
      const bubble = await reply.locator('div').first().boundingBox();
      const picture = await image.boundingBox();
      expect(bubble && picture).toBeTruthy();
      expect(picture!.x).toBeGreaterThanOrEqual(bubble!.x);
      expect(picture!.x + picture!.width).toBeLessThanOrEqual(bubble!.x + bubble!.width + 0.5);
      const yes = reply.getByRole('button', { name: 'Sí, por favor' });
      const size = await yes.boundingBox();
      expect(size!.height).toBeGreaterThanOrEqual(36);
      await shot(page, 'playground-product-picture-390x844');
      expect(await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth)).toBeLessThanOrEqual(0);

      // "Sí, por favor" to the offer to help buy: a person of the team takes it.
      await yes.click();
      await panel.getByText('Derivado a una persona').waitFor({ timeout: 20_000 });
      await shot(page, 'playground-choice-tapped-390x844');
    } finally {
      await context.close();
    }
  });
});
