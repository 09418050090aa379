import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { fillSignUp, signIn, type Owner } from './support/accounts.ts';
import { viewports } from './support/app.ts';
import { shot, sizeOf, startTestEnv, visible, type TestEnv, type Viewport } from './support/env.ts';

let env: TestEnv;

const user: Owner = {
  name: 'Ana López',
  email: `ana.${Date.now()}@clinica.mx`,
  phone: '+52 33 1234 5678',
  password: 'secreto-1234',
};

beforeAll(async () => {
  env = await startTestEnv();
});

afterAll(async () => {
  await env?.stop();
});

/** A fresh browser profile whose own language is English, to show that the app starts in Spanish anyway. */
const newPage = (viewport: Viewport = viewports.desktop) => env.newPage({ viewport, locale: 'en-US' });

/** The bot selector: its label, whether it is disabled, and the text it shows. */
async function botSelector(page: Page, label: string): Promise<{ disabled: boolean; text: string }> {
  const select = page.getByRole('combobox', { name: label });
  return { disabled: await select.isDisabled(), text: await select.evaluate((el: HTMLSelectElement) => el.selectedOptions[0]?.text ?? '') };
}

describe('account life cycle', () => {
  it('signs up, switches language, edits the account, survives an expired access token and signs out', async () => {
    const { context, page } = await newPage();
    try {
      await page.goto('/signup?ref=AMIGO10');
      expect(await page.locator('html').getAttribute('lang')).toBe('es');
      await visible(page, 'Te registras con el código de invitación AMIGO10.');

      // Client-side required checks before anything is sent.
      await page.getByRole('button', { name: 'Crear cuenta' }).click();
      expect(await page.getByText('Este campo es obligatorio.').count()).toBe(4);

      await fillSignUp(page, user);
      await page.getByRole('button', { name: 'Crear cuenta' }).click();

      await page.waitForURL('**/app/dashboard');
      await page.getByRole('heading', { name: 'Crea tu primer asistente' }).waitFor();
      expect(await botSelector(page, 'Asistente')).toEqual({ disabled: true, text: 'Sin asistentes todavía' });
      const stored = await page.evaluate(() => ({
        userId: localStorage.getItem('userId'),
        email: localStorage.getItem('email'),
        phoneNumber: localStorage.getItem('phoneNumber'),
        loggedWith: localStorage.getItem('loggedWith'),
        loginState: localStorage.getItem('loginState'),
        referralId: localStorage.getItem('referralId'),
      }));
      // The phone is stored in E.164.
      expect(stored).toMatchObject({ email: user.email, phoneNumber: '+523312345678', loggedWith: 'email', referralId: 'AMIGO10' });
      expect(stored.userId).toMatch(/^[0-9a-f-]{36}$/);
      expect(stored.loginState).toBeTruthy();
      await shot(page, `dashboard-after-signup-${sizeOf(viewports.desktop)}`);

      // English, then back to Spanish; the choice is kept in localStorage and on <html lang>.
      await page.getByRole('button', { name: 'EN', exact: true }).click();
      await page.getByRole('heading', { name: 'Create your first assistant' }).waitFor();
      expect(await botSelector(page, 'Assistant')).toEqual({ disabled: true, text: 'No assistants yet' });
      expect(await page.locator('html').getAttribute('lang')).toBe('en');
      expect(await page.evaluate(() => localStorage.getItem('locale'))).toBe('en');
      await page.getByRole('button', { name: 'ES', exact: true }).click();
      await page.getByRole('heading', { name: 'Crea tu primer asistente' }).waitFor();

      // Mi cuenta: change the name.
      await page.getByRole('link', { name: 'Mi cuenta' }).first().click();
      await page.waitForURL('**/app/dashboard/mi-cuenta');
      await page.getByRole('heading', { name: 'Mi cuenta', level: 1 }).waitFor();
      const nameField = page.getByLabel('Nombre completo');
      expect(await nameField.inputValue()).toBe(user.name);
      await nameField.fill('Ana María López');
      await page.getByRole('button', { name: 'Guardar cambios' }).click();
      await visible(page, 'Listo, guardamos tus datos.');

      // Drop only the access cookie: the next call gets a 401, refreshes once and retries.
      const before = await context.cookies();
      expect(before.map((c) => c.name)).toEqual(expect.arrayContaining(['charla_at', 'charla_rt', 'user']));
      await context.clearCookies({ name: 'charla_at' });
      const refreshes: number[] = [];
      page.on('response', (response) => {
        if (response.url().endsWith('/client/refresh-token')) refreshes.push(response.status());
      });
      await page.reload();
      await page.getByRole('heading', { name: 'Mi cuenta', level: 1 }).waitFor();
      expect(await page.getByLabel('Nombre completo').inputValue()).toBe('Ana María López');
      expect(page.url()).toMatch(/\/app\/dashboard\/mi-cuenta$/);
      expect(refreshes).toEqual([200]);
      expect((await context.cookies()).map((c) => c.name)).toContain('charla_at');

      // The access token expired (its readable companion went with it): the page renews first,
      // so no call is refused on the way.
      await context.clearCookies({ name: 'charla_at' });
      await context.clearCookies({ name: 'session_expires' });
      const refused: string[] = [];
      page.on('response', (response) => {
        if (response.status() === 401) refused.push(response.url());
      });
      refreshes.length = 0;
      await page.reload();
      await page.getByRole('heading', { name: 'Mi cuenta', level: 1 }).waitFor();
      expect(await page.getByLabel('Nombre completo').inputValue()).toBe('Ana María López');
      expect(refreshes).toEqual([200]);
      expect(refused).toEqual([]);

      // The spec's names of the general sections open them.
      for (const [spec, ours] of [['account', 'mi-cuenta'], ['help', 'ayuda'], ['referral', 'referidos']] as const) {
        await page.goto(`/app/dashboard/${spec}`);
        await page.waitForURL(`**/app/dashboard/${ours}`);
        await page.goto(`/${spec}`);
        await page.waitForURL(`**/app/dashboard/${ours}`);
      }
      await page.goto('/app/dashboard/mi-cuenta');
      await page.getByRole('heading', { name: 'Mi cuenta', level: 1 }).waitFor();

      // Sign out from the user menu.
      await page.getByRole('button', { name: /menú de tu cuenta/i }).click();
      await page.getByRole('menuitem', { name: 'Cerrar sesión' }).click();
      await page.waitForURL('**/login');
      await visible(page, 'Cerraste sesión. ¡Hasta pronto!');
      const after = await page.evaluate(() => ({ userId: localStorage.getItem('userId'), locale: localStorage.getItem('locale') }));
      expect(after).toEqual({ userId: null, locale: 'es' });
      expect((await context.cookies()).map((c) => c.name)).not.toContain('user');

      // Signed out, the dashboard sends you back to /login.
      await page.goto('/app/dashboard');
      await page.waitForURL('**/login');
    } finally {
      await context.close();
    }
  });

  it('shows the Spanish error for a wrong password', async () => {
    const { context, page } = await newPage();
    try {
      await page.goto('/login');
      await page.getByLabel('Correo electrónico').fill(user.email);
      await page.getByLabel('Contraseña', { exact: true }).fill('no-es-la-clave');
      await page.getByRole('button', { name: 'Iniciar sesión' }).click();
      const alert = page.getByRole('alert').filter({ hasText: 'Correo o contraseña incorrectos.' });
      await alert.waitFor();
      expect(page.url()).toMatch(/\/login$/);
    } finally {
      await context.close();
    }
  });

  it('signs out with a notice when the session cannot be refreshed', async () => {
    const { context, page } = await newPage();
    try {
      await signIn(page, user);
      await context.clearCookies();
      await page.reload();
      await page.waitForURL('**/login');
      await visible(page, 'Tu sesión terminó. Inicia sesión de nuevo para continuar.');
      expect(await page.evaluate(() => localStorage.getItem('userId'))).toBeNull();
    } finally {
      await context.close();
    }
  });

  it('sends unknown addresses to a 404 page and "/" to /login when signed out', async () => {
    const { context, page } = await newPage();
    try {
      await page.goto('/esto-no-existe');
      await page.getByRole('heading', { name: 'No encontramos esta página' }).waitFor();
      await page.goto('/');
      await page.waitForURL('**/login');
      await page.goto('/_app');
      await page.waitForURL('**/login');
    } finally {
      await context.close();
    }
  });

  it('takes screenshots of login, signup, dashboard and mi-cuenta on desktop and phone', async () => {
    for (const [label, viewport] of Object.entries(viewports)) {
      const size = sizeOf(viewport);
      const { context, page } = await newPage(viewport);
      try {
        await page.goto('/signup');
        await page.getByRole('heading', { name: 'Crea tu cuenta' }).waitFor();
        await shot(page, `signup-${size}`);

        await page.goto('/login');
        await page.getByRole('heading', { name: 'Inicia sesión' }).waitFor();
        await shot(page, `login-${size}`);

        await signIn(page, user);
        await page.getByRole('heading', { name: 'Crea tu primer asistente' }).waitFor();
        await shot(page, `dashboard-${size}`);

        if (label === 'phone') {
          // Mobile: the sidebar is a drawer that shows only personalizacion, mi-cuenta and ayuda.
          await page.getByRole('button', { name: 'Abrir menú' }).click();
          const drawer = page.getByRole('dialog', { name: 'Navegación del panel' });
          await drawer.waitFor();
          await shot(page, `menu-${size}`);
          const items = await drawer.getByRole('navigation').locator('li').allInnerTexts();
          expect(items.map((t) => t.trim())).toEqual(['Personalización', 'Mi cuenta', 'Ayuda']);
          await drawer.getByRole('link', { name: 'Mi cuenta' }).click();
        } else {
          await page.getByRole('link', { name: 'Mi cuenta' }).first().click();
        }
        await page.waitForURL('**/app/dashboard/mi-cuenta');
        await page.getByRole('heading', { name: 'Mi cuenta', level: 1 }).waitFor();
        await shot(page, `mi-cuenta-${size}`);
      } finally {
        await context.close();
      }
    }
  });
});
