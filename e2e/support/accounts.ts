import { expect } from 'vitest';
import type { Page } from 'playwright-core';

/** Who signs up: what the sign-up form asks. */
export interface Owner {
  name: string;
  email: string;
  phone: string;
  password: string;
}

/** Fills the sign-up form (already open) without sending it. */
export async function fillSignUp(page: Page, owner: Owner): Promise<void> {
  await page.getByLabel('Nombre completo').fill(owner.name);
  await page.getByLabel('Correo electrónico').fill(owner.email);
  await page.getByLabel('Teléfono (WhatsApp)').fill(owner.phone);
  await page.getByLabel('Contraseña', { exact: true }).fill(owner.password);
}

/** A new account through the sign-up form; resolves on the dashboard, signed in. */
export async function signUp(page: Page, owner: Owner): Promise<void> {
  await page.goto('/signup');
  await fillSignUp(page, owner);
  await page.getByRole('button', { name: 'Crear cuenta' }).click();
  await page.waitForURL('**/app/dashboard');
}

/** Signs in through the login form; resolves on the dashboard. */
export async function signIn(page: Page, owner: Pick<Owner, 'email' | 'password'>): Promise<void> {
  await page.goto('/login');
  await page.getByLabel('Correo electrónico').fill(owner.email);
  await page.getByLabel('Contraseña', { exact: true }).fill(owner.password);
  await page.getByRole('button', { name: 'Iniciar sesión' }).click();
  // The dashboard, or the page of the owner's assistant when there is one.
  await page.waitForURL(/\/app\/dashboard(\/|$)/);
}

export interface NewBot {
  bot_name: string;
  bot_objective: string;
  business_name: string;
  business_desc?: string;
  user_email: string;
}

/** Creates a bot through the API with the page's session (as the wizard would, without the screens); returns its id. */
export async function createBot(page: Page, { bot_name, bot_objective, business_name, business_desc = '', user_email }: NewBot): Promise<string> {
  const created = await page.request.post('/bot/new-bot', {
    data: {
      bot_name,
      bot_objective,
      business_name,
      business_desc,
      business_url: '',
      user_email,
      business_phone: '',
      welcome_message: '',
      about_bot: '',
      language: 'es',
    },
  });
  expect(created.status()).toBe(201);
  return ((await created.json()) as { bot: { id: string } }).bot.id;
}

/** Teaches the bot a text through the API and waits until all its documents are ready (a failed one throws). */
export async function trainText(page: Page, botId: string, text: string, timeoutMs = 60_000): Promise<void> {
  const trained = await page.request.post('/api/training', { data: { botId, text } });
  expect(trained.ok()).toBe(true);
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const documents = (await page.request.get(`/api/documents/${botId}`).then((r) => r.json())) as Array<{ status: string }>;
    if (documents.length > 0 && documents.every((d) => d.status === 'ready')) return;
    if (documents.some((d) => d.status === 'failed')) throw new Error(`training failed: ${JSON.stringify(documents)}`);
    if (Date.now() > deadline) throw new Error(`training not ready: ${JSON.stringify(documents)}`);
    await new Promise((r) => setTimeout(r, 300));
  }
}

/** Turns the bot's hand-off to a person on (it needs the team's WhatsApp number first), as the redirection card does. */
export async function enableHandoff(page: Page, botId: string, phone = '+52 33 1111 2222'): Promise<void> {
  expect((await page.request.patch(`/bot/${botId}`, { data: { redirection_phone: phone } })).status()).toBe(200);
  expect((await page.request.patch(`/bot/redirection/${botId}`, { data: { redirection_enabled: true } })).status()).toBe(200);
}
