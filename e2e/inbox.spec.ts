import { createHmac } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { fakeGraph, metaError, type FakeGraph } from '../apps/server/src/channels/meta/test-support/fake-graph.ts';
import { createBot, enableHandoff, signUp, trainText, type Owner } from './support/accounts.ts';
import { viewports } from './support/app.ts';
import { shot, sizeOf, startTestEnv, type PageOptions, type TestEnv, type Viewport } from './support/env.ts';
import { describeViolations, seriousViolations } from './support/axe.ts';
import { botRoomJoined } from './support/realtime.ts';

const appSecret = 'e2e-inbox-app-secret';
const phoneNumberId = '106540352242933';
const beto = '5213398765432';
/**
 * The first test's customer. A second try of that test (CI retries a failed browser test once)
 * starts over with another customer, since the first one's conversation is already there; the
 * tests after it follow whichever customer it used.
 */
const anas = [
  { phone: '5213312345678', name: 'Ana López' },
  { phone: '5213312345679', name: 'Ana Torres' },
  { phone: '5213312345680', name: 'Ana Ruiz' },
];
let tries = 0;
let notSentTries = 0;
let ana = anas[0]!.phone;
let anaName = anas[0]!.name;

let env: TestEnv;
let graph: FakeGraph;
let session: PageOptions['storageState'];
let botId = '';

const owner: Owner = { name: 'Marta Ruiz', email: `marta.${Date.now()}@floreriaelsol.mx`, phone: '+52 33 8765 4321', password: 'secreto-1234' };

beforeAll(async () => {
  graph = await fakeGraph();
  env = await startTestEnv({ env: { META_APP_SECRET: appSecret, META_VERIFY_TOKEN: 'e2e-verify-token', META_GRAPH_URL: graph.url, META_RECIPIENT_GAP_MS: '0' } });
  const { context, page } = await env.newPage({ locale: 'es-MX' });
  await signUp(page, owner);
  botId = await createBot(page, { bot_name: 'Flor', bot_objective: 'ecommerce', business_name: 'Florería El Sol', user_email: owner.email });
  await trainText(page, botId, ['Florería El Sol', 'Ramo de 12 rosas rojas: $650', 'Entregas a domicilio en Guadalajara de lunes a sábado de 9:00 a 19:00.'].join('\n'));
  const connected = await page.request.patch(`/bot/${botId}/meta-credentials`, { data: { access_token: 'EAAG-e2e-inbox-token-1234567890', phone_number_id: phoneNumberId, waba_id: '524126980791430' } });
  expect(connected.status()).toBe(200);
  session = await context.storageState();
  await context.close();
}, 180_000);

afterAll(async () => {
  await env?.stop();
  await graph?.close();
});

const signedInPage = (viewport: Viewport = viewports.desktop) => env.newPage({ viewport, locale: 'es-MX', timezoneId: 'America/Mexico_City', storageState: session });

let sequence = 0;
/** A customer's text as Meta delivers it: the raw body signed with the app secret. */
async function customerWrites(from: string, name: string, text: string) {
  const payload = {
    object: 'whatsapp_business_account',
    entry: [
      {
        id: '524126980791430',
        changes: [
          {
            field: 'messages',
            value: {
              messaging_product: 'whatsapp',
              metadata: { display_phone_number: '5213300000000', phone_number_id: phoneNumberId },
              contacts: [{ profile: { name }, wa_id: from }],
              messages: [{ from, id: `wamid.inbox${Date.now()}${sequence++}`, timestamp: String(Math.floor(Date.now() / 1000)), type: 'text', text: { body: text } }],
            },
          },
        ],
      },
    ],
  };
  const raw = JSON.stringify(payload);
  const signature = createHmac('sha256', appSecret).update(raw).digest('hex');
  const res = await fetch(`${env.app.url}/webhooks/meta`, { method: 'POST', headers: { 'content-type': 'application/json', 'x-hub-signature-256': `sha256=${signature}` }, body: raw });
  expect(res.status).toBe(200);
}

/** Any kind of message a customer sends (a photo, a voice note, a place…), signed as Meta signs it. */
async function customerSends(from: string, name: string, message: Record<string, unknown>) {
  const payload = {
    object: 'whatsapp_business_account',
    entry: [{ id: '524126980791430', changes: [{ field: 'messages', value: { messaging_product: 'whatsapp', metadata: { display_phone_number: '5213300000000', phone_number_id: phoneNumberId }, contacts: [{ profile: { name }, wa_id: from }], messages: [{ from, id: `wamid.media${Date.now()}${sequence++}`, timestamp: String(Math.floor(Date.now() / 1000)), ...message }] } }] }],
  };
  const raw = JSON.stringify(payload);
  const res = await fetch(`${env.app.url}/webhooks/meta`, { method: 'POST', headers: { 'content-type': 'application/json', 'x-hub-signature-256': `sha256=${createHmac('sha256', appSecret).update(raw).digest('hex')}` }, body: raw });
  expect(res.status).toBe(200);
}

/** A 2×2 red PNG. */
const png = Buffer.from('iVBORw0KGgoAAAANSUhEUgAAAAIAAAACCAIAAAD91JpzAAAAFklEQVR4nGP4z8DAwMDAxMDAwMDAAAANHQEDasKb6QAAAABJRU5ErkJggg==', 'base64');

const sentTo = (to: string) => graph.sends(phoneNumberId).filter((c) => (c.body as { to?: string }).to === to).map((c) => (c.body as { text?: { body?: string } }).text?.body ?? '');
async function until(check: () => boolean, what: string, ms = 30_000) {
  const end = Date.now() + ms;
  while (!check()) {
    if (Date.now() > end) throw new Error(`timed out waiting for ${what}; sends: ${JSON.stringify(graph.sends(phoneNumberId).map((c) => c.body))}\n${env.app.output()}`);
    await new Promise((r) => setTimeout(r, 150));
  }
}

const chat = (page: Page) => page.locator('[data-chat]');
/** Closes the confirmations on screen, so a screenshot shows what is under them. */
async function dismissToasts(page: Page) {
  // The first one each time: closing one moves the others up, so a locator by position would wait for a toast that is gone.
  const close = page.getByRole('button', { name: 'Cerrar aviso' });
  await expect
    .poll(
      async () => {
        if ((await close.count()) > 0) await close.first().click({ timeout: 2_000 }).catch(() => undefined);
        return close.count();
      },
      { timeout: 15_000 },
    )
    .toBe(0);
}

describe('Inbox', () => {
  it('shows a WhatsApp message live; the owner takes over and replies, the bot stays silent; released, the bot answers again', async () => {
    const customer = anas[Math.min(tries++, anas.length - 1)]!;
    ana = customer.phone;
    anaName = customer.name;
    const { context, page } = await signedInPage();
    const errors: string[] = [];
    page.on('pageerror', (e) => errors.push(String(e)));
    await page.goto(`/app/dashboard/${botId}/crm?tab=conversaciones`);
    await page.getByRole('tab', { name: 'Conversaciones' }).waitFor();
    if (tries === 1) await page.locator('[data-empty]').getByText('No hay conversaciones con el asistente').waitFor();

    // A signed webhook arrives: the conversation appears without a reload, and the bot answers.
    await customerWrites(ana, anaName, 'Hola, ¿cuánto cuesta el ramo de rosas?');
    const item = page.locator('[data-conversation]').filter({ hasText: anaName });
    await item.waitFor();
    await until(() => sentTo(ana).length === 1, "the bot's reply");
    await item.click();
    await chat(page).locator('[data-author="customer"]').getByText('Hola, ¿cuánto cuesta el ramo de rosas?').waitFor();
    const botReply = chat(page).locator('[data-author="bot"]').first();
    await botReply.waitFor();
    await expect(botReply.textContent()).resolves.toContain('Asistente');

    // Take over from the chat's header: the conversation moves to the "Persona" tab and the header says so.
    await page.getByRole('button', { name: 'Tomar conversación' }).click();
    await chat(page).locator('[data-chat-status]').getByText('La atiende una persona').waitFor();
    await expect(page.getByRole('tab', { name: 'Persona' }).getAttribute('aria-selected')).resolves.toBe('true');
    await page.locator('[data-conversation]').filter({ hasText: anaName }).waitFor();

    // Shift+Enter breaks the line, Enter sends; the fake Graph API receives it.
    const box = page.getByLabel('Tu respuesta');
    await box.fill('Hola Ana, soy Marta de la florería.');
    await box.press('Shift+Enter');
    await box.pressSequentially('El ramo cuesta $650 y lo llevamos hoy.');
    await box.press('Enter');
    const mine = 'Hola Ana, soy Marta de la florería.\nEl ramo cuesta $650 y lo llevamos hoy.';
    await until(() => sentTo(ana).includes(mine), "the person's reply");
    const personBubble = chat(page).locator('[data-author="human"]');
    await personBubble.waitFor();
    await chat(page).locator('[data-author="human"][data-status="sent"]').waitFor();
    await expect(box.inputValue()).resolves.toBe('');

    // The customer answers the person: shown live, the bot says nothing.
    await customerWrites(ana, anaName, '¡Perfecto! ¿Aceptan tarjeta?');
    await chat(page).getByText('¡Perfecto! ¿Aceptan tarjeta?').waitFor();
    await new Promise((r) => setTimeout(r, 2500));
    expect(sentTo(ana)).toHaveLength(2);
    await expect(chat(page).locator('[data-author="bot"]').count()).resolves.toBe(1);
    // At 1280 px the chat has the room: wider than the list, and the give-back button on one line.
    const chatBox = (await chat(page).boundingBox())!;
    const listBox = (await page.getByRole('listbox', { name: 'Conversaciones' }).boundingBox())!;
    expect(chatBox.width).toBeGreaterThan(560);
    expect(chatBox.width).toBeGreaterThan(listBox.width + 200);
    const giveBack = page.getByRole('button', { name: 'Devolver al asistente' });
    expect((await giveBack.boundingBox())!.height).toBeLessThanOrEqual(40);
    await shot(page, `inbox-${sizeOf(viewports.desktop)}`);

    // Give it back: the bot answers the next message.
    await giveBack.click();
    await chat(page).locator('[data-chat-status]').getByText('La atiende el asistente').waitFor();
    await customerWrites(ana, anaName, '¿Hacen entregas el sábado?');
    await until(() => sentTo(ana).length === 3, 'the bot answering again');
    await expect.poll(() => chat(page).locator('[data-author="bot"]').count(), { timeout: 15_000 }).toBe(2);
    expect(errors).toEqual([]);
    await context.close();
  }, 120_000);

  it('a new customer moves to the top of the list live, with an unread badge', async () => {
    const { context, page } = await signedInPage();
    await page.goto(`/app/dashboard/${botId}/crm?tab=conversaciones`);
    await page.locator('[data-conversation]').filter({ hasText: anaName }).waitFor();
    await customerWrites(beto, 'Beto Díaz', 'Buenas tardes, ¿abren el domingo?');
    const first = page.locator('[data-conversation]').first();
    await expect.poll(() => first.textContent(), { timeout: 15_000 }).toContain('Beto Díaz');
    await first.locator('[data-unread]').waitFor();
    await page.getByRole('searchbox').fill('Beto');
    await expect.poll(() => page.locator('[data-conversation]').count(), { timeout: 10_000 }).toBe(1);
    await context.close();
  }, 60_000);

  it('asks for the conversations as the page opens, beside the read of the assistants, not after it', async () => {
    const { context, page } = await signedInPage();
    // The owner's assistants come back slowly: the list is asked for meanwhile.
    let botsAnswered = false;
    let listAskedWhileWaiting = false;
    await page.route(
      (url) => /^\/bot\/[^/]+@/.test(decodeURIComponent(url.pathname)),
      async (route) => {
        await new Promise((r) => setTimeout(r, 1500));
        await route.continue();
        botsAnswered = true;
      },
    );
    page.on('request', (r) => {
      if (/\/api\/conversations\?botId=/.test(r.url()) && !botsAnswered) listAskedWhileWaiting = true;
    });
    await page.goto(`/app/dashboard/${botId}/crm?tab=conversaciones`);
    await page.locator('[data-conversation]').first().waitFor();
    expect(botsAnswered).toBe(true);
    expect(listAskedWhileWaiting).toBe(true);
    await context.close();
  }, 60_000);

  it('the list tells who wrote the last message, and marks a reply that could not be sent', async () => {
    // A second try starts with another customer: the first one's conversation is already taken.
    const customer = notSentTries++ === 0 ? { phone: beto, name: 'Beto Díaz' } : { phone: '5213398765433', name: 'Bruno Díaz' };
    if (customer.phone !== beto) await customerWrites(customer.phone, customer.name, 'Buenas tardes, ¿abren el domingo?');
    const { context, page } = await signedInPage();
    await page.goto(`/app/dashboard/${botId}/crm?tab=conversaciones`);
    const item = page.locator('[data-conversation]').filter({ hasText: customer.name });
    await item.waitFor();
    // The bot answered: the item names the assistant, not "Tú".
    await until(() => sentTo(customer.phone).length >= 1, `the bot's reply to ${customer.name}`);
    await expect.poll(() => item.locator('[data-last-author]').getAttribute('data-last-author'), { timeout: 15_000 }).toBe('bot');
    await expect(item.locator('[data-last-author]').textContent()).resolves.toContain('Asistente:');

    // The owner answers and Meta refuses that send: the item says who wrote it and that it was not sent.
    await item.click();
    await page.getByRole('button', { name: 'Tomar conversación' }).click();
    await chat(page).locator('[data-chat-status]').getByText('La atiende una persona').waitFor();
    const answer = 'Sí, abrimos el domingo de 10:00 a 14:00.';
    graph.next((c) => (c.body as { text?: { body?: string } } | undefined)?.text?.body === answer, metaError(131026, 'Message undeliverable'));
    const box = page.getByLabel('Tu respuesta');
    await box.fill(answer);
    await box.press('Enter');
    await chat(page).locator('[data-author="human"][data-status="failed"]').waitFor({ timeout: 30_000 });
    const listed = page.locator('[data-conversation]').filter({ hasText: customer.name });
    await listed.locator('[data-not-sent]').waitFor({ timeout: 15_000 });
    await expect(listed.locator('[data-not-sent]').textContent()).resolves.toContain('No enviado');
    await expect(listed.locator('[data-last-author]').textContent()).resolves.toContain('Tú:');
    await shot(page, `inbox-not-sent-${sizeOf(viewports.desktop)}`);
    await context.close();
  }, 90_000);

  it('on a phone: the list, then the chat, then back', async () => {
    const { context, page } = await signedInPage(viewports.phone);
    await page.goto(`/app/dashboard/${botId}/crm?tab=conversaciones`);
    const item = page.locator('[data-conversation]').filter({ hasText: anaName });
    await item.waitFor();
    await shot(page, `inbox-list-${sizeOf(viewports.phone)}`);
    await item.click();
    await chat(page).getByText('¿Hacen entregas el sábado?').waitFor();
    await expect(page.locator('[data-conversation]').first().isVisible()).resolves.toBe(false);
    // The composer is in view without scrolling: the header above the chat stays compact on a phone.
    const reply = (await page.getByLabel('Tu respuesta').boundingBox())!;
    const send = (await chat(page).getByRole('button', { name: 'Enviar', exact: true }).boundingBox())!;
    expect(reply.y + reply.height).toBeLessThanOrEqual(viewports.phone.height);
    expect(send.y + send.height).toBeLessThanOrEqual(viewports.phone.height);
    await expect(page.evaluate(() => window.scrollY)).resolves.toBe(0);
    // The day's separator scrolls with its messages instead of staying pinned over their text.
    await expect(page.locator('[data-day-separator]').first().evaluate((el) => getComputedStyle(el).position)).resolves.toBe('static');
    await expect(page.getByRole('button', { name: 'Tomar conversación' }).isVisible()).resolves.toBe(true);
    await shot(page, `inbox-chat-${sizeOf(viewports.phone)}`);
    await page.getByRole('button', { name: 'Datos del contacto' }).click();
    await page.locator('[data-contact-panel]').getByRole('button', { name: 'Agendar cita' }).waitFor();
    await expect(page.locator('[data-contact-panel] a[data-call]').getAttribute('href')).resolves.toBe(`tel:+${ana}`);
    await shot(page, `inbox-contact-${sizeOf(viewports.phone)}`);
    await page.locator('[data-contact-panel]').getByRole('button', { name: 'Volver al chat' }).click();
    await page.getByRole('button', { name: 'Volver a la lista' }).click();
    await item.waitFor();
    await context.close();
  }, 60_000);

  it('a customer who asks for a person is announced anywhere in the app: toast, badge on CRM, tab title', async () => {
    const { context, page } = await signedInPage();
    await enableHandoff(page, botId);
    // The redirection card: the team's number, the switch and the minutes before the assistant takes back.
    await page.goto(`/app/dashboard/${botId}/personalizacion`);
    const card = page.locator('#derivacion');
    await card.getByLabel('Minutos para devolver al asistente').waitFor();
    await card.evaluate((element) => element.scrollIntoView({ block: 'center' }));
    await shot(page, `inbox-redirection-card-${sizeOf(viewports.desktop)}`);
    const joined = botRoomJoined(page, botId);
    await page.goto(`/app/dashboard/${botId}/recursos`);
    await page.getByRole('link', { name: 'CRM' }).waitFor();
    await joined;
    await customerWrites('5213355500011', 'Carla Pérez', 'Quiero hablar con una persona, por favor');
    await page.getByText('Carla Pérez quiere hablar con una persona.').waitFor({ timeout: 30_000 });
    await page.locator('[data-badge="1"]').waitFor();
    await expect.poll(() => page.title()).toMatch(/^\(1\) /);
    await shot(page, `inbox-handoff-${sizeOf(viewports.desktop)}`);
    await page.getByRole('link', { name: /CRM/ }).click();
    await page.getByRole('tab', { name: 'Conversaciones' }).click();
    await page.getByRole('tab', { name: 'Persona' }).click();
    await page.locator('[data-conversation]').filter({ hasText: /^CP/ }).waitFor();
    await expect(page.locator('[data-badge]').count()).resolves.toBe(0);
    await expect.poll(() => page.title()).not.toMatch(/^\(\d+\) /);
    await context.close();
  }, 90_000);

  it('speaks English too: tabs, empty states and the composer', async () => {
    const { context, page } = await signedInPage();
    await page.goto(`/app/dashboard/${botId}/crm?tab=conversaciones`);
    await page.getByRole('button', { name: 'EN', exact: true }).click();
    await page.getByRole('tab', { name: 'Conversations' }).waitFor();
    await page.getByRole('tab', { name: 'Closed' }).click();
    await page.locator('[data-empty]').getByText('You have not closed any conversation yet.').waitFor();
    await page.getByText('Choose a conversation').waitFor();
    await shot(page, `inbox-empty-en-${sizeOf(viewports.desktop)}`);
    await page.getByRole('button', { name: 'ES', exact: true }).click();
    await context.close();
  }, 60_000);

  it('shows what customers send: a photo inline, a voice note with a player, a document to download, a place on the map', async () => {
    graph.media.set('7001', { bytes: png, mime: 'image/png' });
    graph.media.set('7002', { bytes: Buffer.from('OggS-voice-note'), mime: 'audio/ogg' });
    graph.media.set('7003', { bytes: Buffer.from('%PDF-1.4 cotización'), mime: 'application/pdf' });
    const from = '5213377700011';
    await customerSends(from, 'Dora Luna', { type: 'image', image: { id: '7001', mime_type: 'image/png', caption: 'Así lo quiero' } });
    await customerSends(from, 'Dora Luna', { type: 'audio', audio: { id: '7002', mime_type: 'audio/ogg', voice: true } });
    await customerSends(from, 'Dora Luna', { type: 'document', document: { id: '7003', mime_type: 'application/pdf', filename: 'cotizacion.pdf' } });
    await customerSends(from, 'Dora Luna', { type: 'location', location: { latitude: 20.6736, longitude: -103.344, name: 'Catedral de Guadalajara' } });
    const { context, page } = await signedInPage();
    await page.goto(`/app/dashboard/${botId}/crm?tab=conversaciones`);
    await page.locator('[data-conversation]').filter({ hasText: 'Dora Luna' }).click();
    const photo = chat(page).locator('img[alt="Así lo quiero"]');
    await photo.waitFor();
    await expect.poll(() => photo.evaluate((img) => (img as HTMLImageElement).naturalWidth), { timeout: 10_000 }).toBe(2);
    await chat(page).locator('audio[src*="/media/"]').waitFor();
    await expect(chat(page).getByRole('link', { name: 'cotizacion.pdf' }).getAttribute('href')).resolves.toMatch(/\/api\/conversations\/.+\/media\/.+\.pdf$/);
    await expect(chat(page).getByRole('link', { name: /Ver en el mapa/ }).getAttribute('href')).resolves.toBe('https://www.google.com/maps?q=20.6736,-103.344');
    await shot(page, `inbox-media-${sizeOf(viewports.desktop)}`);
    await context.close();
  }, 60_000);

  it('Simular cliente: the owner writes as a demo customer in another tab, the bot answers; taken over, the reply arrives there and is read', async () => {
    const { context, page } = await signedInPage();
    const phone = await context.newPage();
    await phone.goto(`/simular/${botId}`);
    await phone.getByLabel('Nombre').fill('Rosa Demo');
    await phone.getByRole('button', { name: 'Empezar a escribir' }).click();
    const box = phone.getByLabel('Mensaje del cliente');
    await box.fill('Hola, ¿cuánto cuesta el ramo de rosas?');
    await box.press('Enter');
    await phone.locator('[data-author="bot"]').first().waitFor({ timeout: 30_000 });
    await expect.poll(() => new URL(phone.url()).searchParams.get('c')).toBeTruthy();

    // The inbox shows it on the demonstration channel, with the way back to the customer's phone.
    await page.goto(`/app/dashboard/${botId}/crm?tab=conversaciones`);
    await page.locator('[data-conversation]').filter({ hasText: 'Rosa Demo' }).click();
    await chat(page).getByText('Canal de demostración', { exact: false }).first().waitFor();
    await expect(chat(page).locator('[data-simulate-customer]').getAttribute('href')).resolves.toBe(`/simular/${botId}?c=${new URL(phone.url()).searchParams.get('c')}`);
    await page.getByRole('button', { name: 'Tomar conversación' }).click();
    await chat(page).locator('[data-chat-status]').getByText('La atiende una persona').waitFor();
    // The toast that confirms it leaves the composer's send button in view.
    const confirmation = page.getByRole('status').filter({ hasText: 'Ahora atiendes' });
    await confirmation.waitFor();
    const toast = await confirmation.boundingBox();
    const send = await chat(page).getByRole('button', { name: 'Enviar', exact: true }).boundingBox();
    expect(toast && send && toast.y + toast.height <= send.y).toBe(true);
    const reply = page.getByLabel('Tu respuesta');
    await reply.fill('Hola Rosa, soy Marta. El ramo cuesta $650.');
    await reply.press('Enter');
    // It goes out (no "channel not connected"), reaches the phone and is read there.
    await phone.locator('[data-author="human"]').getByText('Hola Rosa, soy Marta. El ramo cuesta $650.').waitFor({ timeout: 30_000 });
    await phone.locator('[data-demo-status]').getByText('Te atiende una persona').waitFor();
    await chat(page).locator('[data-author="human"][data-status="read"]').waitFor({ timeout: 30_000 });

    // The paperclip: a file of another type is refused before it goes, in Spanish, above the box.
    await dismissToasts(page);
    const attachInput = chat(page).locator('[data-attach-input]');
    await expect(chat(page).getByRole('button', { name: 'Adjuntar archivo' }).getAttribute('aria-disabled')).resolves.toBe('false');
    await attachInput.setInputFiles({ name: 'notas.txt', mimeType: 'text/plain', buffer: Buffer.from('hola') });
    await chat(page).getByRole('alert').getByText('Solo se pueden enviar imágenes JPG, PNG o WebP y documentos PDF.').waitFor();
    // A picture, the typed text its caption: in the thread with its ticks, and on the customer's phone.
    await attachInput.setInputFiles({ name: 'ramo.png', mimeType: 'image/png', buffer: png });
    await chat(page).locator('[data-attach-pending]').getByText('ramo.png').waitFor();
    await expect(chat(page).getByRole('alert').count()).resolves.toBe(0);
    await reply.fill('Así queda el ramo');
    await shot(page, `inbox-attach-pending-${sizeOf(viewports.desktop)}`);
    await page.setViewportSize(viewports.phone);
    await shot(page, `inbox-attach-pending-${sizeOf(viewports.phone)}`);
    await page.setViewportSize(viewports.desktop);
    await reply.press('Enter');
    const picture = chat(page).locator('[data-author="human"]').filter({ hasText: 'Así queda el ramo' });
    await picture.locator('img').waitFor({ timeout: 30_000 });
    await chat(page).locator('[data-attach-pending]').waitFor({ state: 'detached' });
    await expect.poll(() => picture.locator('img').evaluate((img: HTMLImageElement) => img.naturalWidth), { timeout: 15_000 }).toBe(2);
    const onPhone = phone.locator('[data-author="human"]').filter({ hasText: 'Así queda el ramo' }).locator('[data-message-image]');
    await onPhone.waitFor({ timeout: 30_000 });
    await expect.poll(() => onPhone.evaluate((img: HTMLImageElement) => img.naturalWidth), { timeout: 15_000 }).toBe(2);
    await expect.poll(() => picture.getAttribute('data-status'), { timeout: 30_000 }).toBe('read');
    await picture.getByRole('img', { name: 'Leído' }).waitFor();

    await shot(page, `inbox-demo-channel-${sizeOf(viewports.desktop)}`);
    await shot(phone, `demo-customer-${sizeOf(viewports.desktop)}`);
    await page.setViewportSize(viewports.phone);
    await picture.scrollIntoViewIfNeeded();
    await shot(page, `inbox-demo-channel-${sizeOf(viewports.phone)}`);
    await phone.setViewportSize(viewports.phone);
    await shot(phone, `demo-customer-${sizeOf(viewports.phone)}`);

    // On WhatsApp (official API) a PDF goes up to Meta first, then the message names it: sent, with its ticks.
    await customerWrites('5213355501234', 'Iris Paz', 'Hola, ¿me mandan la cotización?');
    await page.setViewportSize(viewports.desktop);
    await page.getByRole('tab', { name: 'Asistente' }).click();
    await page.locator('[data-conversation]').filter({ hasText: 'Iris Paz' }).click();
    await chat(page).getByRole('heading', { name: 'Iris Paz' }).waitFor();
    await expect.poll(() => chat(page).getByRole('button', { name: 'Adjuntar archivo' }).getAttribute('aria-disabled')).toBe('false');
    const quote = Buffer.from('%PDF-1.4\n%âãÏÓ\n1 0 obj<<>>endobj\n%%EOF\n');
    await attachInput.setInputFiles({ name: 'cotizacion.pdf', mimeType: 'application/pdf', buffer: quote });
    await chat(page).locator('[data-attach-pending]').getByText('cotizacion.pdf').waitFor();
    await reply.fill('Aquí está su cotización');
    await reply.press('Enter');
    const document = chat(page).locator('[data-author="human"]').filter({ hasText: 'Aquí está su cotización' });
    await document.getByText('cotizacion.pdf').waitFor({ timeout: 30_000 });
    await expect.poll(() => document.getAttribute('data-status'), { timeout: 30_000 }).toBe('sent');
    const uploaded = [...graph.uploads.values()].find((u) => u.name === 'cotizacion.pdf');
    expect(uploaded && Buffer.compare(Buffer.from(uploaded.bytes), quote)).toBe(0);
    expect(graph.sends(phoneNumberId).some((c) => (c.body as { document?: { filename?: string } }).document?.filename === 'cotizacion.pdf')).toBe(true);
    await shot(page, `inbox-whatsapp-document-${sizeOf(viewports.desktop)}`);

    // Meta refuses a picture's upload once: the bubble says so, and "Reintentar" sends the same file again.
    graph.next(`${phoneNumberId}/media`, metaError(131053, 'Media upload error'));
    await attachInput.setInputFiles({ name: 'ramo-final.png', mimeType: 'image/png', buffer: png });
    await chat(page).locator('[data-attach-pending]').getByText('ramo-final.png').waitFor();
    await reply.fill('El ramo terminado');
    await reply.press('Enter');
    const refused = chat(page).locator('[data-author="human"][data-status="failed"]').filter({ hasText: 'El ramo terminado' });
    await refused.waitFor({ timeout: 30_000 });
    await dismissToasts(page);
    await shot(page, `inbox-file-not-sent-${sizeOf(viewports.desktop)}`);
    await page.setViewportSize(viewports.phone);
    await refused.scrollIntoViewIfNeeded();
    await shot(page, `inbox-file-not-sent-${sizeOf(viewports.phone)}`);
    await page.setViewportSize(viewports.desktop);
    await chat(page).getByRole('button', { name: 'Reintentar' }).click();
    const again = chat(page).locator('[data-author="human"][data-status="sent"]').filter({ hasText: 'El ramo terminado' });
    await again.locator('img').waitFor({ timeout: 30_000 });
    const resent = [...graph.uploads.values()].filter((u) => u.name === 'ramo-final.png');
    expect(resent).toHaveLength(1);
    expect(Buffer.compare(Buffer.from(resent[0]!.bytes), png)).toBe(0);
    await context.close();
  }, 150_000);
  it('internal notes in the thread, saved replies after /, the list by keyboard, and the contact pane with Agendar cita', async () => {
    const { context, page } = await signedInPage();
    const errors: string[] = [];
    page.on('pageerror', (e) => errors.push(String(e)));
    await page.goto(`/app/dashboard/${botId}/crm?tab=conversaciones`);
    const options = page.getByRole('listbox', { name: 'Conversaciones' }).getByRole('option');
    await options.filter({ hasText: anaName }).waitFor();
    await expect.poll(() => options.count()).toBeGreaterThanOrEqual(2);

    // The list by keyboard: the arrows (and j / k) open the next conversation and keep the focus on it.
    const names = await options.evaluateAll((els) => els.map((el) => el.getAttribute('data-conversation')));
    await options.first().click();
    await expect.poll(() => new URL(page.url()).searchParams.get('c')).toBe(names[0]);
    await page.keyboard.press('ArrowDown');
    await expect.poll(() => new URL(page.url()).searchParams.get('c')).toBe(names[1]);
    await expect.poll(() => page.locator(`[data-conversation="${names[1]}"]`).getAttribute('aria-selected')).toBe('true');
    await expect.poll(() => page.evaluate(() => (document.activeElement as HTMLElement | null)?.dataset.conversation)).toBe(names[1]);
    await page.keyboard.press('k');
    await expect.poll(() => new URL(page.url()).searchParams.get('c')).toBe(names[0]);
    await expect.poll(() => page.locator(`[data-conversation="${names[0]}"]`).getAttribute('aria-selected')).toBe('true');
    await page.keyboard.press('j');
    await expect.poll(() => new URL(page.url()).searchParams.get('c')).toBe(names[1]);
    await page.locator(`[data-chat="${names[1]}"] li[data-author]`).first().waitFor();
    await shot(page, `inbox-keyboard-${sizeOf(viewports.desktop)}`);

    // An internal note: yellow, with its author, in the thread at its time; nothing reaches the customer.
    await options.filter({ hasText: anaName }).click();
    await chat(page).getByText('¿Hacen entregas el sábado?').waitFor();
    const sentBefore = sentTo(ana).length;
    // A teammate has the same conversation open on a phone: the note comes in there without reading again.
    const anaId = (await options.filter({ hasText: anaName }).getAttribute('data-conversation'))!;
    const teammate = await signedInPage(viewports.phone);
    const teammateJoined = botRoomJoined(teammate.page, botId);
    await teammate.page.goto(`/app/dashboard/${botId}/crm?tab=conversaciones&c=${anaId}`);
    await chat(teammate.page).getByText('¿Hacen entregas el sábado?').waitFor();
    await teammateJoined;
    await page.getByRole('radio', { name: 'Nota interna' }).click();
    const noteBox = page.getByLabel('Tu nota interna');
    await noteBox.fill('Prefiere que la entrega sea por la tarde.');
    await noteBox.press('Enter');
    const note = chat(page).locator('[data-note]').filter({ hasText: 'Prefiere que la entrega sea por la tarde.' });
    await note.waitFor();
    await expect(note.textContent()).resolves.toContain('Marta Ruiz');
    await expect(note.textContent()).resolves.toContain('Nota interna');
    await expect(noteBox.inputValue()).resolves.toBe('');
    const noteThere = chat(teammate.page).locator('[data-note]').filter({ hasText: 'Prefiere que la entrega sea por la tarde.' });
    await noteThere.waitFor({ timeout: 15_000 });
    await expect(noteThere.textContent()).resolves.toContain('Marta Ruiz');
    await teammate.context.close();
    // The newest entry of the thread, after the customer's last message.
    await expect(chat(page).locator('li[data-author], li[data-note]').last().getAttribute('data-note')).resolves.toBeTruthy();
    await new Promise((r) => setTimeout(r, 1500));
    expect(sentTo(ana)).toHaveLength(sentBefore);
    await expect(chat(page).locator('[data-author="human"]').filter({ hasText: 'Prefiere que la entrega' }).count()).resolves.toBe(0);

    // Saved replies: written once, then put in the reply with "/", the arrows and Enter.
    await page.getByRole('radio', { name: 'Responder' }).click();
    await page.getByRole('button', { name: 'Respuestas guardadas' }).click();
    const saved = page.getByRole('dialog', { name: 'Respuestas guardadas' });
    await saved.waitFor();
    for (const [title, text] of [
      ['Horario', 'Abrimos de lunes a sábado de 9:00 a 19:00.'],
      ['Dirección', 'Estamos en Av. Juárez 120, Guadalajara.'],
    ] as const) {
      await saved.getByLabel('Título').fill(title);
      await saved.getByLabel('Texto').fill(text);
      await saved.getByRole('button', { name: 'Guardar respuesta' }).click();
      await saved.locator(`[data-saved-reply="${title}"]`).waitFor();
    }
    await shot(page, `inbox-saved-replies-${sizeOf(viewports.desktop)}`);
    await saved.getByRole('button', { name: 'Cerrar', exact: true }).click();
    await saved.waitFor({ state: 'hidden' });
    const box = page.getByLabel('Tu respuesta');
    await box.click();
    await box.pressSequentially('/');
    const picker = page.getByRole('listbox', { name: 'Respuestas guardadas' });
    await picker.waitFor();
    await expect(picker.getByRole('option').allTextContents()).resolves.toEqual([expect.stringContaining('/Dirección'), expect.stringContaining('/Horario')]);
    await box.press('ArrowDown');
    await expect(picker.getByRole('option', { selected: true }).textContent()).resolves.toContain('/Horario');
    await box.press('ArrowUp');
    await expect(picker.getByRole('option', { selected: true }).textContent()).resolves.toContain('/Dirección');
    await box.pressSequentially('hor');
    await expect(picker.getByRole('option').count()).resolves.toBe(1);
    await dismissToasts(page);
    await shot(page, `inbox-slash-${sizeOf(viewports.desktop)}`);
    // The thread with its note, the composer and the open list of saved replies: nothing serious for assistive technology.
    const violations = await seriousViolations(page);
    expect(violations, describeViolations(violations)).toEqual([]);
    await box.press('Enter');
    await expect(box.inputValue()).resolves.toBe('Abrimos de lunes a sábado de 9:00 a 19:00.');
    await expect(picker.isVisible()).resolves.toBe(false);
    expect(sentTo(ana)).toHaveLength(sentBefore);
    // An emoji goes where the cursor is.
    await box.fill('Gracias, te esperamos');
    await box.press('Home');
    await page.getByRole('button', { name: 'Emojis' }).click();
    await page.locator('[data-emoji-picker]').getByRole('button', { name: '🌹' }).click();
    await expect(box.inputValue()).resolves.toBe('🌹Gracias, te esperamos');
    await expect(page.locator('[data-emoji-picker]').count()).resolves.toBe(0);
    // What was typed and not sent waits in its conversation while another one is open.
    await options.filter({ hasNotText: anaName }).first().click();
    await expect.poll(() => new URL(page.url()).searchParams.get('c')).not.toBe(anaId);
    await options.filter({ hasText: anaName }).click();
    await expect.poll(() => new URL(page.url()).searchParams.get('c')).toBe(anaId);
    await expect.poll(() => box.inputValue()).toBe('🌹Gracias, te esperamos');
    // A note left unsent waits apart: it never comes back in the reply box.
    await page.getByRole('radio', { name: 'Nota interna' }).click();
    await expect(noteBox.inputValue()).resolves.toBe('');
    await noteBox.fill('Llamarle antes de las 5');
    await options.filter({ hasNotText: anaName }).first().click();
    await expect.poll(() => new URL(page.url()).searchParams.get('c')).not.toBe(anaId);
    await options.filter({ hasText: anaName }).click();
    await expect.poll(() => new URL(page.url()).searchParams.get('c')).toBe(anaId);
    await expect.poll(() => box.inputValue()).toBe('🌹Gracias, te esperamos');
    await page.getByRole('radio', { name: 'Nota interna' }).click();
    await expect.poll(() => noteBox.inputValue()).toBe('Llamarle antes de las 5');
    await noteBox.fill('');
    await page.getByRole('radio', { name: 'Responder' }).click();
    await box.fill('');

    // The contact pane: stage, links to call and to WhatsApp, the note, and a booking from Citas' dialog.
    await page.getByRole('button', { name: 'Datos del contacto' }).click();
    const pane = page.locator('[data-contact-panel]');
    await pane.locator('[data-stage]').getByText('Nuevo').waitFor();
    await expect(pane.locator('a[data-call]').getAttribute('href')).resolves.toBe(`tel:+${ana}`);
    await expect(pane.locator('a[data-whatsapp]').getAttribute('href')).resolves.toBe(`https://wa.me/${ana}`);
    await pane.locator('[data-contact-notes]').getByText('Prefiere que la entrega sea por la tarde.').waitFor();
    await pane.getByRole('button', { name: 'Agendar cita' }).click();
    const book = page.getByRole('dialog', { name: 'Agendar cita' });
    await book.waitFor();
    await expect(book.getByRole('radio', { name: new RegExp(anaName) }).isChecked()).resolves.toBe(true);
    await book.getByLabel('Servicio').fill('Entrega de ramo');
    await book.getByRole('button', { name: 'Agendar', exact: true }).click();
    const force = book.getByLabel('Agendar aunque esté fuera del horario de atención');
    await expect.poll(async () => ((await book.isVisible()) ? ((await force.isVisible()) ? 'force' : 'open') : 'closed'), { timeout: 15_000 }).not.toBe('open');
    if (await book.isVisible()) {
      await force.check();
      await book.getByRole('button', { name: 'Agendar', exact: true }).click();
      await book.waitFor({ state: 'hidden' });
    }
    await pane.locator('[data-next-appointments]').getByText('Entrega de ramo').waitFor();
    await dismissToasts(page);
    await shot(page, `inbox-contact-${sizeOf(viewports.desktop)}`);

    // On a phone: the note and the saved replies in the chat, the pane on its own.
    await page.setViewportSize(viewports.phone);
    await dismissToasts(page);
    await pane.getByRole('button', { name: 'Volver al chat' }).click();
    await note.waitFor();
    await box.pressSequentially('/');
    await picker.waitFor();
    const pickerBox = (await picker.boundingBox())!;
    expect(pickerBox.x).toBeGreaterThanOrEqual(0);
    expect(pickerBox.x + pickerBox.width).toBeLessThanOrEqual(viewports.phone.width);
    await shot(page, `inbox-notes-slash-${sizeOf(viewports.phone)}`);
    await box.press('Escape');
    await expect(picker.isVisible()).resolves.toBe(false);
    await box.fill('');
    await page.getByRole('button', { name: 'Datos del contacto' }).click();
    await pane.locator('[data-next-appointments]').waitFor();
    await shot(page, `inbox-contact-pane-${sizeOf(viewports.phone)}`, { fullPage: true });
    expect(errors).toEqual([]);
    await context.close();
  }, 120_000);

  it('a closed conversation opens again either way: a person takes it, or it goes back to the assistant', async () => {
    const carmen = { phone: '5213398765440', name: 'Carmen Vega' };
    await customerWrites(carmen.phone, carmen.name, '¿Tienen girasoles?');
    await until(() => sentTo(carmen.phone).length >= 1, "the bot's reply to Carmen");
    const { context, page } = await signedInPage(viewports.phone);
    await page.goto(`/app/dashboard/${botId}/crm?tab=conversaciones`);
    await page.locator('[data-conversation]').filter({ hasText: carmen.name }).click();
    await page.getByRole('button', { name: 'Cerrar conversación' }).click();
    await chat(page).locator('[data-chat-status]').getByText('Cerrada').waitFor();
    await expect(page.getByRole('button', { name: 'Cerrar conversación' }).count()).resolves.toBe(0);
    await page.getByRole('button', { name: 'Tomar conversación' }).waitFor();
    const giveBack = page.getByRole('button', { name: 'Devolver al asistente' });
    await giveBack.waitFor();
    await dismissToasts(page);
    await shot(page, `inbox-closed-${sizeOf(viewports.phone)}`);
    await page.setViewportSize(viewports.desktop);
    await shot(page, `inbox-closed-${sizeOf(viewports.desktop)}`);
    await giveBack.click();
    await chat(page).locator('[data-chat-status]').getByText('La atiende el asistente').waitFor();
    await customerWrites(carmen.phone, carmen.name, '¿Y cuánto cuesta el ramo?');
    await until(() => sentTo(carmen.phone).length >= 2, 'the assistant answering Carmen again');
    await context.close();
  }, 90_000);
});
