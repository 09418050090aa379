import { readFileSync, readdirSync } from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { mailText } from '../apps/server/src/test/smtp.ts';
import { signIn } from './support/accounts.ts';
import { viewports } from './support/app.ts';
import { shot, sizeOf, startTestEnv, visible, type PageOptions, type TestEnv, type Viewport } from './support/env.ts';

/**
 * A team member's whole road: the demo clinic's owner invites a colleague as the agent of Sofía
 * from Mi cuenta › Equipo; the colleague opens the e-mailed link, makes their account, lands in
 * Sofía's inbox, takes a conversation and finds it under "Mías"; the server refuses them the
 * settings; the owner turns the seat off and the agent's session dies at once.
 */
let env: TestEnv;
const demo = { email: 'demo@charla.mx', password: 'charla-demo-2026' };
const admin = { email: 'admin@charla.local', password: 'admin-secreto-2026' };
/** A new address each try (CI runs a failed browser test once more). */
const agent = { name: 'Rosa Méndez', email: `rosa.${Date.now()}@sonrisaplena.mx`, password: 'rosa-clave-2026' };
let botId = '';
let invitationPath = '';
let agentSession: PageOptions['storageState'];

beforeAll(async () => {
  // No SMTP server: the invitation is written to DATA_DIR/outbox.
  env = await startTestEnv({ env: { SEED_DEMO: 'true', DEMO_PASSWORD: demo.password, ADMIN_PASSWORD: admin.password, SMTP_URL: '', APP_URL: '' } });
  // The demo clinic's plan must hold one more member: the main admin sets it to Pro (as the demo starts).
  const { context, page } = await env.newPage();
  expect((await page.request.post('/client/login', { data: demo })).ok()).toBe(true);
  const bots = (await (await page.request.get(`/bot/${demo.email}`)).json()) as { id: string; user_id: string }[];
  botId = bots[0]!.id;
  const ownerId = bots[0]!.user_id;
  await context.clearCookies();
  expect((await page.request.post('/client/login', { data: admin })).ok()).toBe(true);
  expect((await page.request.patch(`/api/admin/accounts/${ownerId}`, { data: { plan: 'Pro' } })).ok()).toBe(true);
  await context.close();
}, 180_000);

afterAll(async () => {
  await env?.stop();
});

const openPage = (viewport: Viewport, storageState?: PageOptions['storageState']) =>
  env.newPage({ viewport, locale: 'es-MX', timezoneId: 'America/Mexico_City', ...(storageState ? { storageState } : {}) });

/** The invitation e-mail to `to` in the outbox, as text. */
async function invitationMail(to: string): Promise<string> {
  const dir = path.join(env.app.dataDir, 'outbox');
  const deadline = Date.now() + 15_000;
  for (;;) {
    const files = (() => {
      try {
        return readdirSync(dir).filter((f) => f.endsWith('.eml') && f.includes('team-invitation'));
      } catch {
        return [];
      }
    })();
    const texts = files.map((f) => mailText(readFileSync(path.join(dir, f), 'utf8')));
    const found = texts.find((text) => text.includes(`To: ${to}`));
    if (found) return found;
    if (Date.now() > deadline) throw new Error(`no invitation to ${to} in ${dir}`);
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
}

/** Mi cuenta › Equipo as the demo owner. */
async function teamTab(page: Page) {
  await page.goto('/app/dashboard/mi-cuenta?tab=equipo');
  await page.getByRole('heading', { name: 'Tu equipo' }).waitFor();
  await page.getByRole('list', { name: 'Tu equipo' }).waitFor();
}

/** The card of a member in the team's list. */
const memberCard = (page: Page, email: string) => page.getByRole('listitem').filter({ hasText: email });

describe('a team member', () => {
  it('is invited as an agent of one bot from Mi cuenta › Equipo and joins from the e-mailed link', async () => {
    const owner = await openPage(viewports.desktop);
    try {
      await signIn(owner.page, demo);
      await teamTab(owner.page);
      await owner.page.getByRole('button', { name: 'Invitar a alguien' }).click();
      const dialog = owner.page.getByRole('dialog', { name: 'Invitar a tu equipo' });
      await dialog.getByLabel('Correo').fill(agent.email);
      await dialog.getByLabel('Nombre').fill(agent.name);
      await dialog.getByLabel('Rol').selectOption('agent');
      await dialog.getByRole('checkbox', { name: /Sofía/ }).check();
      await dialog.getByRole('button', { name: 'Enviar invitación' }).click();
      await visible(owner.page, 'Invitación enviada.');
      await dialog.waitFor({ state: 'hidden' });
      const card = memberCard(owner.page, agent.email);
      await card.getByText('Invitación enviada').waitFor();
      await card.getByText('Asistentes: Sofía').waitFor();
      await shot(owner.page, `seats-team-${sizeOf(viewports.desktop)}`, { fullPage: true });
      await owner.page.getByRole('button', { name: 'Cerrar aviso' }).click();
      await owner.page.setViewportSize(viewports.phone);
      await owner.page.evaluate(() => window.scrollTo(0, 0));
      await shot(owner.page, `seats-team-${sizeOf(viewports.phone)}`, { fullPage: true });
    } finally {
      await owner.context.close();
    }

    const mail = await invitationMail(agent.email);
    expect(mail).toContain('te invitó a unirte al equipo de Sonrisa Plena en Charla como agente.');
    invitationPath = new URL(/https?:\/\/\S+\/invitacion\/[A-Za-z0-9_-]+/.exec(mail)![0]).pathname;

    // The link, seen on a computer first (not accepted there).
    const look = await openPage(viewports.desktop);
    try {
      await look.page.goto(invitationPath);
      await look.page.getByRole('heading', { name: 'Únete a Sonrisa Plena' }).waitFor();
      await visible(look.page, agent.email);
      await shot(look.page, `seats-invitation-${sizeOf(viewports.desktop)}`);
    } finally {
      await look.context.close();
    }

    // Accepted on a phone: name and password, then straight into Sofía's inbox.
    const { context, page } = await openPage(viewports.phone);
    try {
      const visited: string[] = [];
      page.on('framenavigated', (frame) => {
        if (frame === page.mainFrame()) visited.push(frame.url());
      });
      await page.goto(invitationPath);
      await page.getByRole('heading', { name: 'Únete a Sonrisa Plena' }).waitFor();
      await page.getByLabel('Nombre', { exact: true }).fill(agent.name);
      await page.getByLabel('Crea una contraseña', { exact: true }).fill(agent.password);
      await shot(page, `seats-invitation-${sizeOf(viewports.phone)}`);
      await page.getByRole('button', { name: 'Crear mi cuenta y unirme' }).click();
      await page.waitForURL(`**/app/dashboard/${botId}/crm?tab=conversaciones`);
      await page.getByRole('tab', { name: 'Conversaciones', selected: true }).waitFor();
      await page.locator('[data-conversation]').first().waitFor();
      // No detour through personalización, which an agent cannot open.
      expect(visited.filter((url) => url.includes('/personalizacion'))).toEqual([]);
      agentSession = await context.storageState();
    } finally {
      await context.close();
    }

    // The link works once.
    const again = await openPage(viewports.desktop);
    try {
      await again.page.goto(invitationPath);
      await again.page.getByRole('heading', { name: 'Invitación no válida' }).waitFor();
    } finally {
      await again.context.close();
    }
  });

  it('sees no settings of the bot, and the server refuses them', async () => {
    expect(agentSession).toBeDefined();
    const { context, page } = await openPage(viewports.desktop);
    try {
      // Signing in on another device lands in the inbox too.
      await signIn(page, { email: agent.email, password: agent.password });
      await page.waitForURL(`**/app/dashboard/${botId}/crm?tab=conversaciones`);
      const nav = page.getByRole('navigation', { name: 'Navegación del panel' });
      await nav.getByRole('link', { name: /CRM/ }).waitFor();
      for (const hidden of ['Personalización', 'Recursos', 'Productos', 'Envíos masivos', 'Clientes', 'Referidos']) {
        expect(await nav.getByRole('link', { name: hidden }).count()).toBe(0);
      }
      // Mi cuenta: only the profile.
      await page.goto('/app/dashboard/mi-cuenta?tab=actividad');
      await page.getByRole('tab', { name: 'Perfil', selected: true }).waitFor();
      expect(await page.getByRole('tab', { name: 'Equipo' }).count()).toBe(0);
      expect(await page.getByRole('tab', { name: 'Actividad' }).count()).toBe(0);
      // An address of the settings sends them back to the inbox.
      await page.goto(`/app/dashboard/${botId}/personalizacion`);
      await page.waitForURL(`**/app/dashboard/${botId}/crm`);

      // The server itself says no.
      const settings = await page.request.patch(`/bot/${botId}`, { data: { bot_name: 'Otra' } });
      expect(settings.status()).toBe(403);
      expect((await page.request.get(`/api/documents/${botId}`)).status()).toBe(403);
      expect((await page.request.get('/api/audit')).status()).toBe(403);
      expect((await page.request.get(`/api/conversations?botId=${botId}`)).status()).toBe(200);
      agentSession = await context.storageState();
    } finally {
      await context.close();
    }
  });

  it('takes a conversation for themself and finds it under "Mías"', async () => {
    const { context, page } = await openPage(viewports.desktop, agentSession);
    try {
      await page.goto(`/app/dashboard/${botId}/crm?tab=conversaciones`);
      const list = page.locator('section[aria-label="Conversaciones"]');
      await list.locator('[data-conversation]').first().click();
      const chat = page.locator('[data-chat]');
      const customer = (await chat.getByRole('heading', { level: 2 }).textContent())!.trim();
      await chat.getByRole('button', { name: 'Asignármela' }).click();
      await visible(page, 'Ahora esta conversación es tuya.');
      await chat.getByRole('button', { name: 'Dejar sin asignar' }).waitFor();
      await chat.locator('[data-assignee]', { hasText: 'Asignada a ti' }).waitFor();

      await page.getByRole('button', { name: 'Mías' }).click();
      await expect.poll(() => list.locator('[data-conversation]').count()).toBe(1);
      await list.locator('[data-conversation]', { hasText: customer }).locator('[data-assignee]', { hasText: 'Asignada a ti' }).waitFor();
      await shot(page, `seats-inbox-mine-${sizeOf(viewports.desktop)}`);
    } finally {
      await context.close();
    }

    const phone = await openPage(viewports.phone, agentSession);
    try {
      await phone.page.goto(`/app/dashboard/${botId}/crm?tab=conversaciones`);
      await phone.page.getByRole('button', { name: 'Mías' }).click();
      await expect.poll(() => phone.page.locator('[data-conversation]').count()).toBe(1);
      await shot(phone.page, `seats-inbox-mine-${sizeOf(viewports.phone)}`);
      await phone.page.locator('[data-conversation]').first().click();
      await phone.page.locator('[data-chat]').getByRole('button', { name: 'Dejar sin asignar' }).waitFor();
      await shot(phone.page, `seats-inbox-mine-chat-${sizeOf(viewports.phone)}`);
    } finally {
      await phone.context.close();
    }

    // The owner sees who has it, and may give it to anyone of the team.
    const owner = await openPage(viewports.desktop);
    try {
      await signIn(owner.page, demo);
      await owner.page.goto(`/app/dashboard/${botId}/crm?tab=conversaciones`);
      await owner.page.locator('[data-conversation]', { hasText: `Asignada a ${agent.name}` }).click();
      const select = owner.page.locator('[data-chat]').getByRole('combobox', { name: 'Asignada a' });
      await expect.poll(() => select.evaluate((s: HTMLSelectElement) => s.selectedOptions[0]?.textContent ?? '')).toBe(agent.name);
      await shot(owner.page, `seats-inbox-owner-${sizeOf(viewports.desktop)}`);
    } finally {
      await owner.context.close();
    }
  });

  it('loses every access the moment the owner turns the seat off', async () => {
    const agentPage = await openPage(viewports.desktop, agentSession);
    const owner = await openPage(viewports.desktop);
    try {
      await agentPage.page.goto(`/app/dashboard/${botId}/crm?tab=conversaciones`);
      await agentPage.page.locator('[data-conversation]').first().waitFor();

      await signIn(owner.page, demo);
      await teamTab(owner.page);
      const card = memberCard(owner.page, agent.email);
      await card.getByText('Activo', { exact: true }).waitFor();
      await card.getByRole('button', { name: 'Desactivar' }).click();
      await visible(owner.page, 'Miembro desactivado: ya no tiene acceso.');
      await card.getByText('Desactivado', { exact: true }).waitFor();

      // The agent's very next request is refused, and the app sends them to sign in.
      expect((await agentPage.page.request.get(`/api/conversations?botId=${botId}`)).status()).toBe(401);
      await agentPage.page.reload();
      await agentPage.page.waitForURL('**/login**');

      // The activity tells what happened, in words.
      await owner.page.goto('/app/dashboard/mi-cuenta?tab=actividad');
      await visible(owner.page, `${agent.name} se unió al equipo como agente`);
      await visible(owner.page, `desactivó a ${agent.name}`);
    } finally {
      await agentPage.context.close();
      await owner.context.close();
    }
  });
});
