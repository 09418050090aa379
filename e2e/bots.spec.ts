import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { createBot, signUp } from './support/accounts.ts';
import { viewports } from './support/app.ts';
import { shot, sizeOf, startTestEnv, visible, type TestEnv, type Viewport } from './support/env.ts';

let env: TestEnv;

beforeAll(async () => {
  env = await startTestEnv();
});

afterAll(async () => {
  await env?.stop();
});

const newPage = (viewport: Viewport = viewports.desktop) => env.newPage({ viewport, locale: 'es-MX', timezoneId: 'America/Monterrey' });

let accounts = 0;

/** A new owner on the Free plan, signed in on the welcome view. */
async function signUpOwner(page: Page): Promise<{ email: string }> {
  accounts += 1;
  const email = `dra.ruiz.${Date.now()}.${accounts}@consultorio.mx`;
  await signUp(page, { name: 'Mariana Ruiz', email, phone: '+52 81 2345 6789', password: 'secreto-1234' });
  await page.getByRole('heading', { name: 'Crea tu primer asistente' }).waitFor();
  return { email };
}

/** Radios are drawn as cards; a click on the card chooses. */
async function choose(page: Page, scope: string, name: RegExp): Promise<void> {
  await page.locator(scope).getByRole('radio', { name }).check({ force: true });
}

const tourDialog = (page: Page) => page.locator('.driver-popover[role="dialog"]');

describe('bots', () => {
  it('welcome → "Consultorio médico" → wizard → personalization with the tour → tone saved → the Free limit modal', async () => {
    const { context, page } = await newPage();
    try {
      const sentFrames: string[] = [];
      page.on('websocket', (socket) => socket.on('framesent', (frame) => sentFrames.push(String(frame.payload))));
      const { email } = await signUpOwner(page);

      // Welcome view: the 18 template cards.
      const cards = page.locator('a[data-template]');
      expect(await cards.count()).toBe(18);
      expect((await cards.first().innerText()).split('\n')[0]).toBe('Modo creativo');
      await page.getByRole('heading', { name: 'Elige una plantilla para empezar' }).waitFor();
      await shot(page, `bots-welcome-${sizeOf(viewports.desktop)}`);

      await page.getByRole('link', { name: /^Consultorio médico/ }).click();
      await page.waitForURL('**/app/dashboard/nuevo?template=doctor_appointment');

      // Step 1: the business. Inline errors in Spanish before anything is sent.
      await page.getByRole('heading', { name: 'Cuéntanos de tu negocio' }).waitFor();
      await visible(page, 'Paso 1 de 3');
      await page.getByRole('button', { name: 'Continuar' }).click();
      await visible(page, 'Este campo es obligatorio.');
      await page.getByLabel('Nombre del negocio').fill('Clínica Santa Fe');
      await page.getByLabel('Sitio web (opcional)').fill('clinica santa fe');
      await page.getByRole('button', { name: 'Continuar' }).click();
      await visible(page, 'Escribe una dirección web válida, por ejemplo sonrisaplena.mx.');
      // A bare domain is enough: it is sent with https://.
      await page.getByLabel('Sitio web (opcional)').fill('clinicasantafe.mx');
      await page.getByLabel('¿A qué se dedica tu negocio? (opcional)').fill('Medicina general y pediatría en Zapopan. Consulta de lunes a sábado, $600.');
      await page.evaluate(() => window.scrollTo(0, 0));
      await shot(page, `bots-wizard-1-negocio-${sizeOf(viewports.desktop)}`);
      await page.getByRole('button', { name: 'Continuar' }).click();

      // Step 2: the assistant, with the template confirmed.
      await page.getByRole('heading', { name: 'Dale identidad a tu asistente' }).waitFor();
      await visible(page, 'Paso 2 de 3');
      expect(await page.getByLabel('Tipo de negocio').inputValue()).toBe('doctor_appointment');
      await visible(page, 'Se enfocará en agendar citas.');
      await page.getByLabel('Nombre del asistente').fill('Sofía');
      await page.evaluate(() => window.scrollTo(0, 0));
      await shot(page, `bots-wizard-2-asistente-${sizeOf(viewports.desktop)}`);

      // Back keeps what was typed.
      await page.getByRole('button', { name: 'Atrás' }).click();
      await page.getByRole('heading', { name: 'Cuéntanos de tu negocio' }).waitFor();
      expect(await page.getByLabel('Nombre del negocio').inputValue()).toBe('Clínica Santa Fe');
      await page.getByRole('button', { name: 'Continuar' }).click();
      await page.getByRole('button', { name: 'Continuar' }).click();

      // Step 3: the style; every choice is required.
      await page.getByRole('heading', { name: '¿Cómo quieres que hable?' }).waitFor();
      await visible(page, 'Paso 3 de 3');
      // Before the button: each missing choice is marked, and no greeting is made up.
      expect(await page.getByText('Falta elegir', { exact: true }).count()).toBe(3);
      await visible(page, 'Elige el tono y cómo se presenta para ver su saludo.');
      expect(await page.getByText('asistente virtual de').count()).toBe(0);
      await page.getByRole('button', { name: 'Crear asistente' }).click();
      expect(await page.getByText('Elige una opción.').count()).toBe(3);
      await choose(page, 'form', /^Formal/);
      await choose(page, 'form', /^Amigable/);
      await choose(page, 'form', /^Como asistente virtual/);
      await visible(page, 'Buenas tardes, le saluda Sofía, asistente virtual de Clínica Santa Fe. ¿En qué puedo ayudarle?');
      await page.evaluate(() => window.scrollTo(0, 0));
      await shot(page, `bots-wizard-3-estilo-${sizeOf(viewports.desktop)}`, { fullPage: true });

      const creation = page.waitForRequest((request) => request.url().endsWith('/bot/new-bot') && request.method() === 'POST');
      const stylePatch = page.waitForRequest((request) => /\/bot\/[0-9a-f-]{36}$/.test(request.url()) && request.method() === 'PATCH');
      await page.getByRole('button', { name: 'Crear asistente' }).click();
      expect((await creation).postDataJSON()).toEqual({
        bot_name: 'Sofía',
        bot_objective: 'doctor_appointment',
        business_name: 'Clínica Santa Fe',
        business_desc: 'Medicina general y pediatría en Zapopan. Consulta de lunes a sábado, $600.',
        business_url: 'https://clinicasantafe.mx',
        user_email: email,
        business_phone: '',
        welcome_message: '',
        about_bot: '',
        language: 'es',
      });
      expect((await stylePatch).postDataJSON()).toEqual({ tone: 'Formal', personality: 'Amigable', identity: 'Inteligencia Artificial', timezone: 'America/Monterrey' });

      // The new bot's personalization, with the guided tour.
      await page.waitForURL(/\/app\/dashboard\/[0-9a-f-]{36}\/personalizacion\?guide=true$/);
      const botId = new URL(page.url()).pathname.split('/')[3]!;
      const tour = tourDialog(page);
      await tour.waitFor();
      expect(await tour.locator('.driver-popover-title').innerText()).toBe('¡Tu asistente está listo!');
      await visible(page, '1 de 7');
      expect(await page.evaluate((id) => localStorage.getItem(`tours_${id}`), botId)).toBe('{"personalizacion":false}');
      expect(await page.evaluate(() => localStorage.getItem('selectedBot'))).toBe(botId);
      await shot(page, `bots-personalizacion-tour-${sizeOf(viewports.desktop)}`);
      // The realtime socket follows the selected bot's room.
      expect(sentFrames.some((frame) => frame.includes(`"joinRoom","bot:${botId}"`))).toBe(true);
      await tour.getByRole('button', { name: 'Siguiente' }).click();
      await visible(page, '2 de 7');
      await tour.getByRole('button', { name: 'Cerrar recorrido' }).click();
      await tour.waitFor({ state: 'detached' });
      await page.waitForURL(/\/personalizacion$/);
      expect(await page.evaluate((id) => localStorage.getItem(`tours_${id}`), botId)).toBe('{"personalizacion":true}');

      // The wizard's choices are the bot's settings; the selector shows the bot.
      expect(await page.getByRole('heading', { name: 'Sofía', level: 1 }).isVisible()).toBe(true);
      const selector = page.getByRole('combobox', { name: 'Asistente' });
      expect(await selector.evaluate((el: HTMLSelectElement) => el.selectedOptions[0]?.text)).toBe('Sofía');
      const assistant = page.locator('#asistente');
      expect(await assistant.getByRole('radio', { name: /^Formal/ }).isChecked()).toBe(true);
      expect(await assistant.getByRole('radio', { name: /^Amigable/ }).isChecked()).toBe(true);
      expect(await assistant.getByRole('radio', { name: /^Como asistente virtual/ }).isChecked()).toBe(true);
      const zone = assistant.getByLabel('Zona horaria');
      expect(await zone.inputValue()).toBe('America/Monterrey');
      // The page opens with the chosen zone only; the list of every zone is built when reached.
      expect(await zone.locator('option').count()).toBe(1);
      expect(await zone.locator('option').first().textContent()).toBe('Monterrey');
      await zone.focus();
      await expect.poll(() => zone.locator('option').count()).toBeGreaterThan(100);
      expect(await zone.locator('option:checked').textContent()).toMatch(/^Monterrey \(GMT-6\)$/);
      expect(await zone.locator('optgroup').first().getAttribute('label')).toBe('México');
      expect(await zone.inputValue()).toBe('America/Monterrey');
      expect(await page.locator('#negocio').getByLabel('Nombre del negocio').inputValue()).toBe('Clínica Santa Fe');

      // Change the tone and save; a reload shows it, without the tour.
      const save = assistant.getByRole('button', { name: 'Guardar cambios' });
      expect(await save.isDisabled()).toBe(true);
      await choose(page, '#asistente', /^Informal/);
      await visible(page, 'Tienes cambios sin guardar');
      await save.click();
      await visible(page, 'Cambios guardados.');
      await page.reload();
      await page.getByRole('heading', { name: 'Sofía', level: 1 }).waitFor();
      // The first page does not rise into view, not even when the first load's two seconds end.
      await page.waitForFunction(() => !document.documentElement.classList.contains('first-load'));
      expect(await page.evaluate(() => document.getAnimations().filter((a) => a.playState === 'running' && a instanceof CSSAnimation && a.animationName === 'rise').length)).toBe(0);
      expect(await page.locator('#asistente').getByRole('radio', { name: /^Informal/ }).isChecked()).toBe(true);
      expect(await page.locator('#asistente').getByRole('radio', { name: /^Formal/ }).isChecked()).toBe(false);
      await page.waitForTimeout(800);
      expect(await tourDialog(page).count()).toBe(0);

      // A welcome message with its preview, and opening hours.
      const welcome = page.locator('#bienvenida');
      await welcome.getByLabel('Mensaje de bienvenida').fill('¡Hola! Soy Sofía, de Clínica Santa Fe. ¿Te ayudo a agendar tu consulta?');
      await welcome.getByRole('button', { name: 'Guardar cambios' }).click();
      await visible(page, 'Cambios guardados.');
      const schedule = page.locator('#horario');
      await schedule.getByRole('switch', { name: 'Domingo: abierto' }).click();
      await schedule.getByLabel('Domingo: hasta').fill('08:00');
      await schedule.getByRole('button', { name: 'Guardar cambios' }).click();
      await visible(page, 'La hora de cierre debe ser posterior a la de apertura.');
      await schedule.getByLabel('Domingo: hasta').fill('13:00');
      await schedule.getByRole('button', { name: 'Guardar cambios' }).click();
      await schedule.getByRole('button', { name: 'Guardar cambios' }).waitFor({ state: 'visible' });
      await page.waitForFunction(() => document.querySelector('#horario button[type="submit"]')?.hasAttribute('disabled'));

      // Hand-off needs a phone first: the server's message shows inline.
      const redirection = page.locator('#derivacion');
      await redirection.getByRole('switch', { name: 'Derivar a una persona' }).click();
      await visible(page, 'Primero agrega el número de WhatsApp de la persona que atenderá.');
      // The minutes before a conversation nobody of the team answers goes back to the assistant.
      const idle = redirection.getByLabel('Minutos para devolver al asistente');
      expect(await idle.inputValue()).toBe('30');
      await idle.fill('45');
      await redirection.getByRole('button', { name: 'Guardar cambios' }).click();
      await page.waitForFunction(() => document.querySelector('#derivacion button[type="submit"]')?.hasAttribute('disabled'));
      expect(await idle.inputValue()).toBe('45');

      // Turn the bot off and on again.
      const power = page.getByRole('switch', { name: 'Asistente encendido' });
      expect(await power.getAttribute('aria-checked')).toBe('true');
      await power.click();
      await visible(page, 'Sofía está apagado; no responderá mensajes.');
      await page.waitForFunction(() => document.querySelector('[role="switch"][aria-label="Asistente encendido"]')?.getAttribute('aria-checked') === 'false');
      await power.click();
      await page.waitForFunction(() => document.querySelector('[role="switch"][aria-label="Asistente encendido"]')?.getAttribute('aria-checked') === 'true');

      await page.evaluate(() => window.scrollTo(0, 0));
      await shot(page, `bots-personalizacion-${sizeOf(viewports.desktop)}`);
      await shot(page, `bots-personalizacion-full-${sizeOf(viewports.desktop)}`, { fullPage: true });

      // A second bot on the Free plan: the picker says so, and a card opens the limit modal.
      await page.getByRole('link', { name: 'Crear asistente' }).click();
      await page.waitForURL('**/app/dashboard/nuevo');
      await visible(page, 'Ya usaste los asistentes de tu plan');
      await page.getByRole('link', { name: /^Salón de belleza o spa/ }).click();
      const modal = page.getByRole('dialog', { name: 'Llegaste al límite de asistentes' });
      await modal.waitFor();
      expect(page.url()).toMatch(/\/app\/dashboard\/nuevo$/);
      await page.evaluate(() => window.scrollTo(0, 0));
      await shot(page, `bots-limit-modal-${sizeOf(viewports.desktop)}`);
      await modal.getByRole('button', { name: 'Entendido' }).click();
      await modal.waitFor({ state: 'hidden' });

      // Straight to the wizard's address: the limit shows before any step, and the wizard does not start.
      await page.goto('/app/dashboard/nuevo?template=beauty_spa');
      await visible(page, 'Ya usaste los asistentes de tu plan');
      expect(await page.getByRole('heading', { name: 'Cuéntanos de tu negocio' }).count()).toBe(0);

      // Delete the bot: the selection is cleared and the welcome view is back.
      await page.goto(`/app/dashboard/${botId}/personalizacion`);
      await page.getByRole('button', { name: 'Eliminar asistente' }).click();
      const confirm = page.getByRole('dialog', { name: '¿Eliminar a Sofía?' });
      await confirm.waitFor();
      await confirm.getByRole('button', { name: 'Sí, eliminar' }).click();
      await page.waitForURL('**/app/dashboard');
      await page.getByRole('heading', { name: 'Crea tu primer asistente' }).waitFor();
      await visible(page, 'Eliminamos a Sofía.');
      expect(await page.evaluate(() => localStorage.getItem('selectedBot'))).toBeNull();
      expect(sentFrames.some((frame) => frame.includes(`"leaveRoom","bot:${botId}"`))).toBe(true);
    } finally {
      await context.close();
    }
  });

  it('walks the wizard on a 390 px phone and lands on personalization with the tour', async () => {
    const viewport = viewports.phone;
    const { context, page } = await newPage(viewport);
    try {
      await signUpOwner(page);
      await shot(page, `bots-welcome-${sizeOf(viewport)}`);
      await page.getByRole('link', { name: /^Consultorio médico/ }).scrollIntoViewIfNeeded();
      await shot(page, `bots-welcome-cards-${sizeOf(viewport)}`);
      await page.getByRole('link', { name: /^Consultorio médico/ }).click();

      await page.getByRole('heading', { name: 'Cuéntanos de tu negocio' }).waitFor();
      await page.getByLabel('Nombre del negocio').fill('Clínica Santa Fe');
      await page.getByLabel('Sitio web (opcional)').fill('https://clinicasantafe.mx');
      await page.getByLabel('¿A qué se dedica tu negocio? (opcional)').fill('Medicina general y pediatría en Zapopan.');
      await page.evaluate(() => window.scrollTo(0, 0));
      await shot(page, `bots-wizard-1-negocio-${sizeOf(viewport)}`);
      await page.getByRole('button', { name: 'Continuar' }).click();

      await page.getByRole('heading', { name: 'Dale identidad a tu asistente' }).waitFor();
      await page.getByLabel('Nombre del asistente').fill('Sofía');
      await page.evaluate(() => window.scrollTo(0, 0));
      await shot(page, `bots-wizard-2-asistente-${sizeOf(viewport)}`);
      await page.getByRole('button', { name: 'Continuar' }).click();

      await page.getByRole('heading', { name: '¿Cómo quieres que hable?' }).waitFor();
      await choose(page, 'form', /^Semiformal/);
      await choose(page, 'form', /^Amigable/);
      await choose(page, 'form', /^Como asistente virtual/);
      await page.waitForTimeout(400);
      await page.evaluate(() => window.scrollTo(0, 0));
      await shot(page, `bots-wizard-3-estilo-${sizeOf(viewport)}`, { fullPage: true });
      await page.getByRole('button', { name: 'Crear asistente' }).click();

      await page.waitForURL(/\/personalizacion\?guide=true$/);
      const tour = tourDialog(page);
      await tour.waitFor();
      // The bot selector lives in the closed drawer on a phone: its step is skipped.
      await visible(page, '1 de 5');
      await shot(page, `bots-personalizacion-tour-${sizeOf(viewport)}`);
      // Back mid-tour: the tour ends and counts as seen, and the address stays where the owner went
      // (the Free plan's one bot is made, so the templates show its limit).
      await page.goBack();
      await page.waitForURL(/\/app\/dashboard\/nuevo\?/);
      await tour.waitFor({ state: 'detached' });
      await page.getByText('Límite del plan').first().waitFor();
      expect(page.url()).toMatch(/\/app\/dashboard\/nuevo\?/);
      await page.goForward();
      await page.waitForURL(/\/personalizacion\?guide=true$/);
      await page.getByRole('heading', { name: 'Sofía', level: 1 }).waitFor();
      expect(await tour.count()).toBe(0);
      await page.evaluate(() => window.scrollTo(0, 0));
      await shot(page, `bots-personalizacion-${sizeOf(viewport)}`);
      await shot(page, `bots-personalizacion-full-${sizeOf(viewport)}`, { fullPage: true });

      // The drawer holds the selector with the new bot.
      await page.getByRole('button', { name: 'Abrir menú' }).click();
      const drawer = page.getByRole('dialog', { name: 'Navegación del panel' });
      await drawer.waitFor();
      expect(await drawer.getByRole('combobox', { name: 'Asistente' }).evaluate((el: HTMLSelectElement) => el.selectedOptions[0]?.text)).toBe('Sofía');
    } finally {
      await context.close();
    }
  });

  it('shows a locked bot read-only, with the reason', async () => {
    const { context, page } = await newPage();
    try {
      const { email } = await signUpOwner(page);
      const botId = await createBot(page, { bot_name: 'Vale', bot_objective: 'beauty_spa', business_name: 'Estética Luna', user_email: email });

      // Locking is an administrative action; the list answers as it would for a locked bot.
      await page.route(`**/bot/${encodeURIComponent(email)}`, async (route) => {
        const response = await route.fetch();
        const bots = (await response.json()) as Array<Record<string, unknown>>;
        await route.fulfill({ response, json: bots.map((bot) => ({ ...bot, locked: true, locked_reason: 'Pago pendiente: actualiza tu método de pago para reactivarlo.' })) });
      });
      await page.goto(`/app/dashboard/${botId}/personalizacion`);
      await page.getByRole('heading', { name: 'Vale', level: 1 }).waitFor();
      const banner = page.getByRole('alert').filter({ hasText: 'Este asistente está bloqueado' });
      await banner.waitFor();
      expect(await banner.innerText()).toContain('Pago pendiente: actualiza tu método de pago para reactivarlo.');
      expect(await page.locator('#negocio').getByLabel('Nombre del negocio').isDisabled()).toBe(true);
      expect(await page.locator('#asistente').getByRole('radio', { name: /^Formal/ }).isDisabled()).toBe(true);
      expect(await page.getByRole('button', { name: 'Guardar cambios' }).count()).toBe(0);
      expect(await page.getByRole('switch', { name: 'Asistente encendido' }).isDisabled()).toBe(true);
      expect(await page.getByRole('switch', { name: 'Derivar a una persona' }).isDisabled()).toBe(true);
      await shot(page, `bots-personalizacion-bloqueado-${sizeOf(viewports.desktop)}`);
    } finally {
      await context.close();
    }
  });
});
