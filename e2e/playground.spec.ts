import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Locator } from 'playwright-core';
import { createBot, enableHandoff, signUp, trainText, type Owner } from './support/accounts.ts';
import { viewports } from './support/app.ts';
import { shot, startTestEnv, type PageOptions, type TestEnv, type Viewport } from './support/env.ts';
import { askInPlayground, botMessages, openPlayground } from './support/playground.ts';

let env: TestEnv;
let session: PageOptions['storageState'];
let botId = '';

const owner: Owner = {
  name: 'Laura Gómez',
  email: `laura.${Date.now()}@sonrisasdentales.mx`,
  phone: '+52 33 1234 5678',
  password: 'secreto-1234',
};

const knowledge = [
  'Precios del Consultorio Dental Sonrisas',
  'Limpieza dental: $650',
  'Blanqueamiento dental: $2,800',
  'Extracción simple: $900',
  'Consulta de valoración: $300',
  '',
  'Horario de atención',
  'Atendemos de lunes a viernes de 9:00 a 18:00 y los sábados de 9:00 a 14:00. Los domingos cerramos.',
].join('\n');

/** What the engine answered, printed at the end (its replies are rule-based and still changing). */
const transcript: string[] = [];

beforeAll(async () => {
  env = await startTestEnv();

  // An owner signed up through the form; the bot created and trained through the API.
  const { context, page } = await env.newPage({ locale: 'es-MX' });
  await signUp(page, owner);
  botId = await createBot(page, { bot_name: 'Sofía', bot_objective: 'doctor_appointment', business_name: 'Consultorio Dental Sonrisas', user_email: owner.email });
  // A customer who asks for a person goes to one only when the owner turned hand-off on.
  await enableHandoff(page, botId);

  await trainText(page, botId, knowledge);
  // Hand-off to a person on (it needs the WhatsApp of the person who takes over).
  expect((await page.request.patch(`/bot/${botId}`, { data: { redirection_phone: '+52 33 1234 5678' } })).ok()).toBe(true);
  expect((await page.request.patch(`/bot/redirection/${botId}`, { data: { redirection_enabled: true } })).ok()).toBe(true);
  session = await context.storageState();
  await context.close();
}, 180_000);

afterAll(async () => {
  if (transcript.length) console.log(`Playground transcript:\n${transcript.join('\n')}`);
  await env?.stop();
});

const signedInPage = (viewport: Viewport = viewports.desktop) =>
  env.newPage({ viewport, locale: 'es-MX', timezoneId: 'America/Mexico_City', storageState: session });

/** Asks as a customer and keeps the exchange for the transcript printed at the end. */
async function ask(panel: Locator, text: string): Promise<{ reply: Locator; text: string }> {
  const answer = await askInPlayground(panel, text);
  transcript.push(`  Cliente: ${text}`, `  Bot:     ${answer.text}`);
  return answer;
}

describe('playground', () => {
  it('answers as on WhatsApp: prices and hours from the knowledge, an unknown question, and a booking', async () => {
    const { context, page } = await signedInPage();
    const consoleErrors: string[] = [];
    page.on('console', (message) => {
      if (message.type() === 'error') consoleErrors.push(message.text());
    });
    const sockets: string[] = [];
    page.on('websocket', (socket) => sockets.push(socket.url()));
    try {
      const panel = await openPlayground(page, botId);

      // Empty: the three suggested questions.
      const suggestions = panel.getByRole('list', { name: 'Preguntas para empezar' });
      await suggestions.waitFor();
      expect(await suggestions.getByRole('button').allInnerTexts()).toEqual(['¿Cuánto cuesta…?', '¿Qué horario tienen?', 'Quiero agendar una cita']);
      await shot(page, 'playground-empty-1280x800');

      // "¿Cuánto cuesta…?" leaves a draft to complete.
      await suggestions.getByRole('button', { name: '¿Cuánto cuesta…?' }).click();
      expect(await panel.getByRole('textbox', { name: 'Mensaje como cliente' }).inputValue()).toBe('¿Cuánto cuesta ');

      const price = await ask(panel, '¿Cuánto cuesta una limpieza dental?');
      expect(price.text).toContain('650');
      // The own message was read by the bot: two ticks.
      await panel.locator('li[data-author="customer"][data-status="read"]').first().waitFor();
      // Where the answer came from: the passage of the price list, with its relevance.
      await price.reply.getByText(/^Fuentes? \(\d\)$/).click();
      await price.reply.getByRole('meter').first().waitFor();
      expect(await price.reply.innerText()).toMatch(/Limpieza dental: \$650/);
      await shot(page, 'playground-sources-1280x800');

      const hours = await ask(panel, '¿Qué horario tienen?');
      expect(hours.text.length).toBeGreaterThan(0);

      const unknown = await ask(panel, '¿Tienen estacionamiento para los pacientes?');
      expect(unknown.text.length).toBeGreaterThan(0);

      await ask(panel, 'Quiero una cita el jueves a las 11 de la mañana');
      await ask(panel, 'Laura Gómez');
      await ask(panel, 'Sí');
      const booking = panel.getByText(/^Cita agendada: jueves \d{1,2} de [a-z]+, 11:00 a\.\s?m\./);
      await booking.waitFor({ timeout: 20_000 });
      transcript.push(`  Chip:    ${await booking.innerText()}`);
      const chips = await panel.getByRole('list', { name: 'Lo que hizo el asistente' }).allInnerTexts();
      transcript.push(`  Chips:   ${chips.map((c) => c.replace(/\s+/g, ' ')).join(' | ')}`);

      const appointments = (await page.request.get(`/api/playground/${botId}`).then((r) => r.json())) as { appointments: Array<{ start: string }> };
      expect(appointments.appointments).toHaveLength(1);

      await shot(page, 'playground-1280x800');
      expect(await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth)).toBeLessThanOrEqual(0);

      // Closing (button or Escape) gives the page back, focus on the launcher; the conversation stays.
      await panel.getByRole('button', { name: 'Cerrar' }).click();
      await panel.waitFor({ state: 'detached' });
      const launcher = page.getByRole('button', { name: 'Probar asistente' });
      await expect.poll(() => launcher.evaluate((el) => el === document.activeElement)).toBe(true);
      await launcher.click();
      await botMessages(panel).first().waitFor();
      await page.keyboard.press('Escape');
      await panel.waitFor({ state: 'detached' });
      expect(consoleErrors).toEqual([]);
      // The panel listens on the app's one socket.
      expect(sockets).toHaveLength(1);
    } finally {
      await context.close();
    }
  });

  it('fits a phone, and starts over with "Reiniciar conversación"', async () => {
    const { context, page } = await signedInPage(viewports.phone);
    try {
      await page.goto(`/app/dashboard/${botId}/personalizacion`);
      await page.getByRole('button', { name: 'Probar asistente' }).waitFor();
      await shot(page, 'playground-launcher-390x844');
      const panel = await openPlayground(page, botId);
      // The conversation so far is still there.
      await botMessages(panel).first().waitFor();
      await shot(page, 'playground-390x844');
      const area = await panel.boundingBox();
      expect(area && [area.x, area.width]).toEqual([0, 390]);
      expect(await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth)).toBeLessThanOrEqual(0);

      // Asking for a person: the bot stops answering and the banner says so.
      await ask(panel, 'Quiero hablar con una persona, por favor');
      await panel.getByText('Derivado a una persona').waitFor();
      await panel.getByText('Esta conversación pasó a una persona').waitFor();
      await panel.getByText('atiende una persona').waitFor();
      await shot(page, 'playground-handoff-390x844');

      await panel.getByRole('button', { name: 'Reiniciar conversación' }).first().click();
      await panel.getByRole('list', { name: 'Preguntas para empezar' }).waitFor();
      expect(await panel.locator('li[data-author]').count()).toBe(0);
      await shot(page, 'playground-empty-390x844');

      // A message that cannot be sent says so in Spanish, and goes out on "Reintentar".
      await page.route('**/api/playground/*/messages', (route) => route.abort('internetdisconnected'));
      const box = panel.getByRole('textbox', { name: 'Mensaje como cliente' });
      await box.fill('Hola');
      await box.press('Enter');
      const failed = panel.locator('li[data-author="customer"][data-status="failed"]');
      await failed.getByText('No se envió: No pudimos conectarnos. Revisa tu conexión a internet e inténtalo de nuevo.').waitFor();
      await shot(page, 'playground-send-error-390x844');
      await page.unroute('**/api/playground/*/messages');
      await failed.getByRole('button', { name: 'Reintentar' }).click();
      await expect.poll(() => botMessages(panel).count(), { timeout: 20_000 }).toBeGreaterThan(0);
      expect(await failed.count()).toBe(0);
      await panel.getByRole('button', { name: 'Reiniciar conversación' }).first().click();
      await panel.getByRole('list', { name: 'Preguntas para empezar' }).waitFor();

      // A suggested question sends at once in the new conversation.
      await panel.getByRole('button', { name: '¿Qué horario tienen?' }).click();
      await expect.poll(() => botMessages(panel).count(), { timeout: 20_000 }).toBeGreaterThan(0);
      const fresh = (await page.request.get(`/api/playground/${botId}`).then((r) => r.json())) as { messages: Array<{ text: string }> };
      expect(fresh.messages[0]?.text).toBe('¿Qué horario tienen?');
    } finally {
      await context.close();
    }
  });
});
