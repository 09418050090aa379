import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { startFakeStripe, type FakeStripe } from '../apps/server/src/test/fake-stripe.ts';
import { createBot, signUp, type Owner } from './support/accounts.ts';
import { viewports } from './support/app.ts';
import { shot, sizeOf, startTestEnv, visible, type TestEnv, type Viewport } from './support/env.ts';
import { botRoomJoined } from './support/realtime.ts';

/**
 * Plans and billing as a new owner meets them: the plan's limit, Plan y facturación, Stripe
 * Checkout (a local server that speaks Stripe's REST protocol, driven by the real SDK), the signed
 * webhook that applies the payment, and the limit lifted.
 */
let env: TestEnv;
let stripe: FakeStripe;

const prices = {
  price_basic_mxn_month: { plan: 'Basic', interval: 'month', currency: 'mxn' },
  price_basic_mxn_year: { plan: 'Basic', interval: 'year', currency: 'mxn' },
  price_pro_mxn_month: { plan: 'Pro', interval: 'month', currency: 'mxn' },
  price_pro_usd_month: { plan: 'Pro', interval: 'month', currency: 'usd' },
} as const;

beforeAll(async () => {
  stripe = await startFakeStripe({
    prices: {
      price_basic_mxn_month: { amount: 89_900, currency: 'mxn', interval: 'month' },
      price_basic_mxn_year: { amount: 899_000, currency: 'mxn', interval: 'year' },
      price_pro_mxn_month: { amount: 179_900, currency: 'mxn', interval: 'month' },
      price_pro_usd_month: { amount: 9_900, currency: 'usd', interval: 'month' },
    },
  });
  env = await startTestEnv({
    env: {
      ...stripe.env(prices),
    },
  });
}, 180_000);

afterAll(async () => {
  await env?.stop();
  await stripe?.stop();
});

const newOwner = (tag: string): Owner => ({ name: 'Renata Ochoa', email: `renata.${tag}.${Date.now()}@padelnorte.mx`, phone: '81 1234 5678', password: 'secreto-1234' });

/** A new Free owner with its one assistant, signed in. */
async function freeOwnerWithBot(viewport: Viewport = viewports.desktop) {
  const { context, page } = await env.newPage({ viewport, locale: 'es-MX', timezoneId: 'America/Mexico_City' });
  const owner = newOwner(String(viewport.width));
  await signUp(page, owner);
  const botId = await createBot(page, { bot_name: 'Pau', bot_objective: 'padel_club', business_name: 'Pádel Norte', user_email: owner.email });
  const userId = (await page.evaluate(() => localStorage.getItem('userId')))!;
  return { context, page, owner, botId, userId };
}

/** The template picker at the plan's limit: it says so before any step, on every card. */
async function pickerAtLimit(page: Page, viewport: Viewport) {
  const errors: string[] = [];
  page.on('console', (m) => {
    if (m.type() === 'error' && /Unexpected error/.test(m.text())) errors.push(m.text());
  });
  await page.goto('/app/dashboard/nuevo?template=beauty_spa');
  await visible(page, 'Ya usaste los asistentes de tu plan');
  await page.getByRole('link', { name: 'Ver planes y mejorar' }).waitFor();
  expect(await page.getByRole('heading', { name: 'Cuéntanos de tu negocio' }).count()).toBe(0);
  expect(await page.getByText('Límite del plan', { exact: true }).count()).toBe(18);
  await shot(page, `billing-bot-limit-${sizeOf(viewport)}`);
  expect(errors).toEqual([]);
}

const tryNewBot = (page: Page, owner: Owner) =>
  page.request.post('/bot/new-bot', {
    data: { bot_name: 'Sofía', bot_objective: 'padel_club', business_name: 'Pádel Norte Sur', business_desc: '', business_url: '', user_email: owner.email, business_phone: '', welcome_message: '', about_bot: '', language: 'es' },
  });

describe('plans and billing', () => {
  it('a Free owner at the limit upgrades through Checkout; the signed payment lifts the limit', async () => {
    const { context, page, owner, botId, userId } = await freeOwnerWithBot();
    try {
      await pickerAtLimit(page, viewports.desktop);

      // Creating a second one anyway: refused on the server, and the spec's limit modal opens.
      const joined = botRoomJoined(page, botId);
      await page.goto(`/app/dashboard/${botId}/personalizacion`);
      await joined;
      const refused = await tryNewBot(page, owner);
      expect(refused.status()).toBe(402);
      expect((await refused.json()).error.code).toBe('BOT_LIMIT_REACHED');
      const modal = page.getByRole('dialog', { name: 'Llegaste al límite de asistentes' });
      await modal.waitFor();
      await modal.getByText('Tu plan incluye 1 asistente.').waitFor();
      await modal.getByRole('link', { name: 'Ver planes' }).click();

      // Plan y facturación: the plan, its usage and the plans side by side, in pesos.
      await page.waitForURL(/\/app\/dashboard\/mi-cuenta\?tab=plan/);
      await page.getByRole('tab', { name: 'Plan y facturación', selected: true }).waitFor();
      await page.getByLabel('Moneda').selectOption('mxn');
      await visible(page, 'Mensajes este mes');
      await visible(page, /\$899/);
      await shot(page, `billing-plan-free-${sizeOf(viewports.desktop)}`, { fullPage: true });

      // Upgrading opens Stripe Checkout for Basic, monthly in pesos, for this account.
      await page.route('https://checkout.stripe.test/**', (route) => route.fulfill({ contentType: 'text/html', body: '<title>Stripe Checkout</title><h1>Pagar Básico</h1>' }));
      await page.getByRole('button', { name: 'Mejorar a Básico' }).click();
      await page.waitForURL(/^https:\/\/checkout\.stripe\.test\/c\/pay\/cs_test_/);
      const session = stripe.requests.filter((r) => r.path === '/v1/checkout/sessions').at(-1)!;
      expect(session.form).toMatchObject({
        mode: 'subscription',
        'line_items[0][price]': 'price_basic_mxn_month',
        client_reference_id: userId,
        'subscription_data[metadata][userId]': userId,
        'subscription_data[metadata][plan]': 'Basic',
        customer_email: owner.email,
      });

      // Stripe tells the server, signed; a replay changes nothing.
      const done = stripe.checkoutCompleted({ userId, plan: 'Basic', priceId: 'price_basic_mxn_month' });
      for (let i = 0; i < 2; i++) {
        const delivered = await fetch(`${env.app.url}/webhooks/stripe`, { method: 'POST', headers: { 'content-type': 'application/json', 'stripe-signature': done.header }, body: done.payload });
        expect(delivered.status).toBe(200);
        expect((await delivered.json()).applied).toBe(i === 0);
      }
      const forged = await fetch(`${env.app.url}/webhooks/stripe`, { method: 'POST', headers: { 'content-type': 'application/json', 'stripe-signature': 't=1,v1=00' }, body: done.payload });
      expect(forged.status).toBe(400);

      // Back from Checkout: the page confirms, and the plan is Basic with its card.
      await page.goto(new URL(session.form.success_url!).pathname + new URL(session.form.success_url!).search);
      await visible(page, /Tu plan se actualizará|Básico/);
      await page.getByText('Visa •••• 4242').first().waitFor();
      await page.getByText('Activo', { exact: true }).first().waitFor();
      await shot(page, `billing-plan-basic-${sizeOf(viewports.desktop)}`, { fullPage: true });

      // The second assistant can be created now.
      const created = await tryNewBot(page, owner);
      expect(created.status(), await created.text()).toBe(201);
    } finally {
      await context.close();
    }
  });

  it('on a phone the plan tab stacks its plans and meters, and a failed payment opens the payment modal', async () => {
    const { context, page, userId, botId } = await freeOwnerWithBot(viewports.phone);
    try {
      await pickerAtLimit(page, viewports.phone);
      const done = stripe.checkoutCompleted({ userId, plan: 'Pro', priceId: 'price_pro_mxn_month' });
      expect((await fetch(`${env.app.url}/webhooks/stripe`, { method: 'POST', headers: { 'content-type': 'application/json', 'stripe-signature': done.header }, body: done.payload })).status).toBe(200);
      // The live connection is up (it joins the selected bot's room), so a payment event reaches the page.
      const joined = botRoomJoined(page, botId);
      await page.goto('/app/dashboard/mi-cuenta?tab=plan');
      await joined;
      await page.getByRole('tab', { name: 'Plan y facturación', selected: true }).waitFor();
      await visible(page, 'Mensajes este mes');
      // Nothing scrolls sideways on a 390 px phone.
      expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
      await shot(page, `billing-plan-pro-${sizeOf(viewports.phone)}`);
      await shot(page, `billing-plan-pro-full-${sizeOf(viewports.phone)}`, { fullPage: true });

      // The card is refused: the owner is told at once, wherever they are, and the grace period shows.
      const failed = stripe.event('invoice.payment_failed', {
        id: `in_${Date.now()}`,
        object: 'invoice',
        number: 'CH-0042',
        customer: done.subscription.customer,
        status: 'open',
        currency: 'mxn',
        amount_due: 179_900,
        amount_paid: 0,
        created: Math.floor(Date.now() / 1000),
        parent: { type: 'subscription_details', subscription_details: { subscription: done.subscription.id, metadata: done.subscription.metadata } },
        lines: { object: 'list', data: [{ period: { start: Math.floor(Date.now() / 1000), end: Math.floor(Date.now() / 1000) + 30 * 86_400 }, pricing: { price_details: { price: 'price_pro_mxn_month' } } }] },
      });
      const signed = stripe.sign(failed);
      expect((await fetch(`${env.app.url}/webhooks/stripe`, { method: 'POST', headers: { 'content-type': 'application/json', 'stripe-signature': signed.header }, body: signed.payload })).status).toBe(200);
      const modal = page.getByRole('dialog', { name: 'No pudimos procesar tu pago' });
      await modal.waitFor();
      await shot(page, `billing-payment-error-${sizeOf(viewports.phone)}`);
      await modal.getByRole('link', { name: 'Revisar mi pago' }).click();
      await page.reload();
      await visible(page, /Pago pendiente/);
      await shot(page, `billing-grace-${sizeOf(viewports.phone)}`, { fullPage: true });
    } finally {
      await context.close();
    }
  });
});
