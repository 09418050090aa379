import { request } from 'node:http';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { viewports } from './support/app.ts';
import { shot, sizeOf, startTestEnv, visible, type TestEnv, type Viewport } from './support/env.ts';

let env: TestEnv;
const password = 'charla-demo-2026';
const partner = { email: 'socio@charla.mx', password };
const client = { name: 'Panadería La Espiga', email: 'espiga@acme.mx', password: 'espiga-clave-2026' };
const colours = { bgColor: '#fff7ed', fontColor: '#1c1917', unfocusedColor: '#57534e', highlightColor: '#c2410c' };
const logoSvg = Buffer.from(
  '<svg xmlns="http://www.w3.org/2000/svg" width="320" height="96" viewBox="0 0 320 96"><script>document.title="hacked"</script>' +
    '<rect width="320" height="96" rx="16" fill="#c2410c"/><circle cx="48" cy="48" r="28" fill="#fff7ed"/><rect x="96" y="34" width="190" height="28" rx="8" fill="#fff7ed"/></svg>',
);

beforeAll(async () => {
  env = await startTestEnv({ env: { SEED_DEMO: 'true', DEMO_PASSWORD: password } });
}, 180_000);
afterAll(() => env?.stop());

const port = () => env.app.port;
const at = (sub: string, path: string) => `http://${sub}.localhost:${port()}${path}`;

async function signInAt(page: Page, sub: string, who: { email: string; password: string }) {
  await page.goto(at(sub, '/login'));
  await page.getByLabel('Correo electrónico').fill(who.email);
  await page.getByLabel('Contraseña', { exact: true }).fill(who.password);
  await page.getByRole('button', { name: 'Iniciar sesión' }).click();
  await page.waitForURL(/\/app\/dashboard(\/|$)/);
}

async function partnerPage(viewport: Viewport) {
  const opened = await env.newPage({ viewport, locale: 'es-MX', timezoneId: 'America/Mexico_City' });
  await signInAt(opened.page, 'partners', partner);
  return opened;
}

describe('partners', () => {
  it('the partner brands the portal, creates a client and a bot for it with the wizard', async () => {
    const { context, page } = await partnerPage(viewports.desktop);
    try {
      expect(await page.evaluate(() => document.cookie)).toContain('tenant=partners');
      await page.getByRole('link', { name: 'Clientes' }).first().click();
      await page.waitForURL('**/app/dashboard/clients');
      await page.getByRole('heading', { name: 'Tus clientes', exact: true }).waitFor();
      // The demo's two clients with their bots, and their payments.
      await visible(page, 'Clínica Dental Sonrisa');
      await visible(page, 'Club de Pádel Fuerza');
      expect(await page.locator('tbody tr').count()).toBe(6);
      // What the partner pays Charla: Basic (29 USD) and Mini (11 USD) wholesale, one bot each.
      expect(await page.getByTestId('partner-owed').textContent()).toMatch(/40,00/);

      // Colours with the pickers; a low contrast warns before saving.
      await page.getByTestId('colour-fontColor').fill('#fde68a');
      await page.getByTestId('colour-bgColor').fill(colours.bgColor);
      await page.getByText('Poco contraste', { exact: true }).waitFor();
      await page.getByRole('button', { name: 'Guardar marca' }).click();
      await page.getByRole('button', { name: 'Guardar de todos modos' }).waitFor();
      for (const [key, value] of Object.entries(colours)) await page.getByTestId(`colour-${key}`).fill(value);
      expect(await page.getByText('Poco contraste', { exact: true }).count()).toBe(0);
      const preview = page.getByTestId('branding-preview');
      expect(await preview.evaluate((el) => getComputedStyle(el).backgroundColor)).toBe('rgb(255, 247, 237)');
      const saved = page.waitForResponse((r) => r.url().endsWith('/api/partners/config') && r.request().method() === 'PUT');
      await page.getByRole('button', { name: 'Guardar marca' }).click();
      expect((await saved).status()).toBe(200);

      // The logo: an SVG with a script, stored as a PNG.
      const uploaded = page.waitForResponse((r) => r.url().endsWith('/api/partners/config/logo'));
      await page.getByLabel('Archivo del logo').setInputFiles({ name: 'logo.svg', mimeType: 'image/svg+xml', buffer: logoSvg });
      expect((await uploaded).status()).toBe(200);
      await preview.locator('img').waitFor();
      await page.getByTestId('branding-preview').scrollIntoViewIfNeeded();
      await shot(page, `partners-branding-${sizeOf(viewports.desktop)}`);

      // A new client, then a bot for it with the wizard's clientId.
      await page.getByRole('button', { name: 'Nuevo cliente' }).click();
      const dialog = page.getByRole('dialog');
      await dialog.getByLabel('Nombre del cliente').fill(client.name);
      await dialog.getByLabel('Correo').fill(client.email);
      await dialog.getByLabel('Plan').selectOption('Basic');
      await dialog.getByLabel('Contraseña inicial (opcional)').fill(client.password);
      await dialog.getByRole('button', { name: 'Crear cliente' }).click();
      const row = page.getByTestId('partner-client').filter({ hasText: client.email });
      await row.waitFor();
      await row.getByRole('link', { name: 'Crear asistente' }).click();
      await page.waitForURL(/\/app\/dashboard\/nuevo\?clientId=/);
      await page.getByRole('link', { name: /^Consultorio médico/ }).click();
      await page.waitForURL(/template=doctor_appointment/);
      expect(page.url()).toContain('clientId=');
      await page.getByLabel('Nombre del negocio').fill(client.name);
      await page.getByRole('button', { name: 'Continuar' }).click();
      await page.getByLabel('Nombre del asistente').fill('Miga');
      await page.getByRole('button', { name: 'Continuar' }).click();
      for (const name of [/^Formal/, /^Amigable/, /^Como asistente virtual/]) await page.locator('form').getByRole('radio', { name }).check({ force: true });
      const creation = page.waitForResponse((r) => /\/api\/partners\/clients\/[0-9a-f-]{36}\/bots$/.test(r.url()));
      await page.getByRole('button', { name: 'Crear asistente' }).click();
      const created = await creation;
      expect(created.status()).toBe(201);
      expect(((await created.json()) as { newBot: { id: string } }).newBot.id).toMatch(/^[0-9a-f-]{36}$/);
      await page.waitForURL('**/app/dashboard/clients');
      await row.getByRole('link', { name: 'Miga' }).waitFor();
      await page.evaluate(() => window.scrollTo(0, 0));
      await shot(page, `partners-clients-${sizeOf(viewports.desktop)}`, { fullPage: true });

      // The partner opens the client's bot dashboard.
      await row.getByRole('link', { name: 'Miga' }).click();
      await page.waitForURL(/\/app\/dashboard\/[0-9a-f-]{36}\/crm/);
    } finally {
      await context.close();
    }
  });

  it('stays on the section picked while the home page was still reading the assistants', async () => {
    const { context, page } = await env.newPage({ viewport: viewports.desktop, locale: 'es-MX', timezoneId: 'America/Mexico_City' });
    try {
      // The list of assistants (GET /bot/{email}) answers only once "Clientes" has been clicked,
      // and the clients page's code arrives after it: the home page is still drawn when the list comes.
      let release!: () => void;
      const clicked = new Promise<void>((resolve) => (release = resolve));
      let listed!: () => void;
      const listArrived = new Promise<void>((resolve) => (listed = resolve));
      await page.route(
        (url) => /^\/bot\/[^/]+@/.test(decodeURIComponent(url.pathname)),
        async (route) => {
          await clicked;
          await route.continue();
          setTimeout(listed, 500);
        },
      );
      await page.route('**/assets/clients-page-*.js', async (route) => {
        await listArrived;
        await route.continue();
      });
      await signInAt(page, 'partners', partner);
      await page.getByRole('link', { name: 'Clientes' }).first().click();
      await page.waitForURL('**/app/dashboard/clients');
      release();
      await listArrived;
      // The home page's way to the first assistant (decided when the list came) does not take the partner away.
      await page.getByRole('heading', { name: 'Tus clientes', exact: true }).waitFor();
      await page.waitForLoadState('networkidle');
      expect(new URL(page.url()).pathname).toBe('/app/dashboard/clients');
      await page.getByRole('heading', { name: 'Tus clientes', exact: true }).waitFor({ timeout: 2_000 });
    } finally {
      await context.close();
    }
  });

  it('shows the clients section on a 390 px phone on the partner portal', async () => {
    const { context, page } = await partnerPage(viewports.phone);
    try {
      await page.goto(at('partners', '/app/dashboard/clients'));
      await page.getByRole('heading', { name: 'Tus clientes', exact: true }).waitFor();
      await shot(page, `partners-clients-${sizeOf(viewports.phone)}`);
      await page.getByTestId('branding-preview').scrollIntoViewIfNeeded();
      await shot(page, `partners-branding-${sizeOf(viewports.phone)}`);
    } finally {
      await context.close();
    }
  });

  for (const viewport of [viewports.desktop, viewports.phone]) {
    it(`the client signs in on acme.localhost and sees the partner's look at ${viewport.width} px`, async () => {
      const { context, page } = await env.newPage({ viewport, locale: 'es-MX', timezoneId: 'America/Mexico_City' });
      try {
        await signInAt(page, 'acme', client);
        // CRM is the default section on a tenant.
        await page.waitForURL(/\/app\/dashboard\/[0-9a-f-]{36}\/crm/);
        expect(await page.title()).toBe('CRM acme');
        expect(await page.evaluate(() => document.cookie)).toContain('tenant=acme');
        const favicon = await page.evaluate(() => document.querySelector<HTMLLinkElement>('link[rel="icon"]')?.getAttribute('href'));
        expect(favicon).toBe('/api/partners/public/favicon/acme');
        // In the browser: Node does not resolve *.localhost.
        expect(await page.evaluate(async (href) => (await fetch(href)).headers.get('content-type'), favicon!)).toBe('image/png');
        const variables = await page.evaluate(() => {
          const style = document.documentElement.style;
          return { bg: style.getPropertyValue('--bg-color'), font: style.getPropertyValue('--font-color'), highlight: style.getPropertyValue('--highlight-color') };
        });
        expect(variables).toEqual({ bg: colours.bgColor, font: colours.fontColor, highlight: colours.highlightColor });
        // The partner's logo, never the script its SVG carried.
        expect(await page.title()).not.toBe('hacked');
        if (viewport.width > 900) await page.locator('aside img').first().waitFor();
        // The sections hidden on a client's subdomain.
        expect(await page.getByRole('link', { name: 'Clientes' }).count()).toBe(0);
        await page.waitForTimeout(300);
        await shot(page, `partners-client-crm-${sizeOf(viewport)}`);
        // A session of acme is not good on the partner portal.
        const cookie = await context.cookies(at('acme', '/'));
        const status = await new Promise<number | undefined>((resolve, reject) => {
          const req = request(
            { host: '127.0.0.1', port: port(), path: '/api/partners/bots', headers: { host: `partners.localhost:${port()}`, cookie: cookie.map((c) => `${c.name}=${c.value}`).join('; ') } },
            (res) => {
              res.resume();
              resolve(res.statusCode);
            },
          );
          req.on('error', reject);
          req.end();
        });
        expect(status).toBe(401);
      } finally {
        await context.close();
      }
    });
  }

  it('answers an unknown subdomain with a clear page', async () => {
    const { context, page } = await env.newPage({ viewport: viewports.desktop });
    try {
      const res = await page.goto(at('nadie', '/'));
      expect(res?.status()).toBe(404);
      await visible(page, 'Este sitio no existe');
    } finally {
      await context.close();
    }
  });
});
