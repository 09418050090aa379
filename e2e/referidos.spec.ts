import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { startFakeStripe, type FakeStripe, type StripeJson } from '../apps/server/src/test/fake-stripe.ts';
import { fillSignUp, signIn, signUp, type Owner } from './support/accounts.ts';
import { viewports } from './support/app.ts';
import { describeViolations, seriousViolations } from './support/axe.ts';
import { shot, sizeOf, startTestEnv, visible, type TestEnv } from './support/env.ts';

/**
 * Referidos as two owners meet it: A joins the program and copies the link, B signs up through
 * it and pays (the signed Stripe webhooks of a local server that speaks Stripe's protocol), and A
 * sees B and the commission. The demo account shows a program under way; the main admin lists it.
 */
let env: TestEnv;
let stripe: FakeStripe;
const demo = { email: 'demo@charla.mx', password: 'charla-demo-2026' };
const admin = { email: 'admin@charla.local', password: 'admin-secreto-2026' };
const prices = { price_basic_mxn_month: { plan: 'Basic', interval: 'month', currency: 'mxn' } } as const;

beforeAll(async () => {
  stripe = await startFakeStripe({ prices: { price_basic_mxn_month: { amount: 89_900, currency: 'mxn', interval: 'month' } } });
  env = await startTestEnv({
    env: {
      SEED_DEMO: 'true',
      DEMO_PASSWORD: demo.password,
      ADMIN_PASSWORD: admin.password,
      ...stripe.env(prices),
    },
  });
}, 180_000);

afterAll(async () => {
  await env?.stop();
  await stripe?.stop();
});

const person = (name: string, tag: string): Owner => ({ name, email: `${tag}.${Date.now()}@padelnorte.mx`, phone: '81 1234 5678', password: 'secreto-1234' });

async function deliver(event: StripeJson) {
  const { payload, header } = stripe.sign(event);
  const res = await fetch(`${env.app.url}/webhooks/stripe`, { method: 'POST', headers: { 'content-type': 'application/json', 'stripe-signature': header }, body: payload });
  expect(res.status).toBe(200);
}

const noSideScroll = async (page: Page, width: number) => expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(width);

describe('referidos', () => {
  it('A shares the link, B signs up through it and pays, A sees B and the commission', async () => {
    const a = person('Renata Ochoa', 'renata');
    const b = person('Bruno Garza', 'bruno');
    const { context, page } = await env.newPage({ locale: 'es-MX', timezoneId: 'America/Mexico_City' });
    await context.grantPermissions(['clipboard-read', 'clipboard-write'], { origin: env.app.url });
    try {
      await signUp(page, a);
      await page.goto('/app/dashboard/referidos');
      await page.getByRole('heading', { name: 'Únete al programa' }).waitFor();

      // A CLABE is checked as it is typed: its length, then its control digit.
      await page.getByLabel('Transferencia (CLABE)').check();
      const clabe = page.getByLabel('CLABE interbancaria');
      await clabe.fill('0321 8000 0118');
      await clabe.blur();
      await visible(page, 'La CLABE tiene 18 dígitos; llevas 12.');
      await clabe.fill('032180000118359711');
      await visible(page, 'El dígito de control no coincide');
      await clabe.fill('032180000118359719');
      await visible(page, 'CLABE válida.');
      await page.getByLabel('Banco').fill('BBVA');
      await page.getByLabel('Titular de la cuenta').fill(a.name);
      await page.getByLabel('¿A qué tipo de negocios llegas?').fill('Clubes de pádel y gimnasios en Monterrey');
      await page.evaluate(() => window.scrollTo(0, 0));
      const joinViolations = await seriousViolations(page);
      expect(joinViolations, describeViolations(joinViolations)).toEqual([]);
      await shot(page, `referidos-join-${sizeOf(viewports.desktop)}`, { fullPage: true });
      await page.getByRole('button', { name: 'Unirme al programa' }).click();

      // In the program: the link, copied; WhatsApp and the QR code carry it too.
      await page.getByRole('heading', { name: 'Tu enlace de referido' }).waitFor();
      await visible(page, 'Estamos revisando tu perfil');
      await visible(page, 'CLABE: 0321…9719');
      await page.getByRole('button', { name: 'Copiar enlace' }).click();
      await visible(page, 'Enlace copiado');
      const link = await page.evaluate(() => navigator.clipboard.readText());
      expect(link).toMatch(new RegExp(`^${env.app.url}/signup\\?ref=[A-Z2-9]{8}$`));
      expect(await page.getByTestId('referral-link').textContent()).toBe(link);
      const whatsapp = await page.getByRole('link', { name: 'Compartir por WhatsApp' }).getAttribute('href');
      expect(decodeURIComponent(whatsapp!.replace('https://wa.me/?text=', ''))).toContain(link);
      await page.getByRole('img', { name: 'Código QR de tu enlace' }).waitFor();
      await visible(page, 'Aún no tienes referidos');

      // B opens the link on a phone and signs up with A's code.
      const phone = await env.newPage({ viewport: viewports.phone, locale: 'es-MX', timezoneId: 'America/Mexico_City' });
      try {
        await phone.page.goto(link.replace(env.app.url, ''));
        await visible(phone.page, `Te registras con el código de invitación ${new URL(link).searchParams.get('ref')}.`);
        await fillSignUp(phone.page, b);
        await phone.page.getByRole('button', { name: 'Crear cuenta' }).click();
        await phone.page.waitForURL('**/app/dashboard');
        const bId = (await phone.page.evaluate(() => localStorage.getItem('userId')))!;

        // B pays Basic: Stripe tells the server, signed — the subscription, then the paid invoice.
        const done = stripe.checkoutCompleted({ userId: bId, plan: 'Basic', priceId: 'price_basic_mxn_month' });
        await deliver(done.event);
        await deliver(stripe.event('invoice.paid', stripe.paidInvoice(done.subscription)));
      } finally {
        await phone.context.close();
      }

      // A sees B (masked) as a paying level-1 referral and 20 % of $899 earned this month.
      await page.reload();
      await page.getByRole('heading', { name: 'Tus referidos' }).waitFor();
      await visible(page, `b•••@padelnorte.mx`);
      await visible(page, 'Paga su plan');
      expect(await page.locator('[data-figure="signups"]').textContent()).toBe('1');
      expect(await page.locator('[data-figure="paying"]').textContent()).toBe('1');
      expect(await page.locator('[data-figure="thisMonth"]').textContent()).toBe('$179.80');
      await page.locator('[data-chart="earnings"] .recharts-bar-rectangle').first().waitFor();
      await page.getByRole('button', { name: 'Copiar enlace', disabled: false }).waitFor();
      const violations = await seriousViolations(page);
      expect(violations, describeViolations(violations)).toEqual([]);
      await shot(page, `referidos-a-${sizeOf(viewports.desktop)}`, { fullPage: true });
    } finally {
      await context.close();
    }
  });

  it('the demo account shows its referrals on two levels, its chart and a paid payout, on a laptop and a phone', async () => {
    for (const viewport of [viewports.desktop, viewports.phone]) {
      const { context, page } = await env.newPage({ viewport, locale: 'es-MX', timezoneId: 'America/Mexico_City' });
      try {
        await signIn(page, demo);
        await page.goto('/app/dashboard/referidos');
        await page.getByRole('heading', { name: 'Tus referidos' }).waitFor();
        await visible(page, 'p•••@consultoriodelvalle.mx');
        await visible(page, 'c•••@ortodonciaroma.mx');
        await page.getByRole('heading', { name: /Nivel 2/ }).waitFor();
        await visible(page, 'Referencia: SPEI 0284 7719');
        await page.locator('[data-chart="earnings"] .recharts-bar-rectangle').first().waitFor();
        await noSideScroll(page, viewport.width);
        const violations = await seriousViolations(page);
        expect(violations, describeViolations(violations)).toEqual([]);
        await shot(page, `referidos-demo-${sizeOf(viewport)}`, { fullPage: true });
      } finally {
        await context.close();
      }
    }
  });

  it('the main admin finds the demo affiliate with the filters and pays its pending payout', async () => {
    for (const viewport of [viewports.desktop, viewports.phone]) {
      const { context, page } = await env.newPage({ viewport, locale: 'es-MX', timezoneId: 'America/Mexico_City' });
      try {
        await signIn(page, admin);
        await page.waitForURL('**/app/dashboard/admin');
        await page.getByRole('heading', { name: 'Afiliados' }).waitFor();
        await page.getByLabel('Buscar por correo').fill('demo@');
        await page.getByLabel('Estado', { exact: true }).selectOption('active');
        const card = page.locator('[data-affiliate="demo@charla.mx"]');
        await card.waitFor();
        await card.getByText(/último pago/).waitFor();
        await page.locator('#admin-affiliates').evaluate((el) => window.scrollTo(0, el.getBoundingClientRect().top + window.scrollY - 88));
        await noSideScroll(page, viewport.width);
        await shot(page, `referidos-admin-${sizeOf(viewport)}`);
        if (viewport === viewports.desktop) {
          // Last month's statement is pending: the main admin pays it and notes the transfer.
          await card.getByText(/Pago pendiente de/).waitFor();
          await card.getByLabel('Referencia de la transferencia').fill('SPEI 9921 0042');
          await card.getByRole('button', { name: 'Marcar pagado' }).click();
          await visible(page, 'Pago marcado como pagado.');
          await card.getByText(/último pago .*\(SPEI 9921 0042\)/).waitFor();
          expect(await card.getByText(/Pago pendiente de/).count()).toBe(0);
        }
      } finally {
        await context.close();
      }
    }
  });
});
