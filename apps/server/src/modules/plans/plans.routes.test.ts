import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { errorMessages } from '@charla/shared';
import { as, createBot, signUp, type Account } from '../../test/accounts.ts';
import { startFakeStripe, type FakeStripe, type StripeJson } from '../../test/fake-stripe.ts';
import { createTestApp, engines, type TestApp } from '../../test/harness.ts';
import { multipart } from '../../test/multipart.ts';
import { users } from '../auth/auth.table.ts';
import { contacts } from '../conversations/conversations.table.ts';
import { billingEvents } from './plans.table.ts';

const prices = {
  price_basic_mxn_month: { plan: 'Basic', interval: 'month', currency: 'mxn' },
  price_pro_mxn_month: { plan: 'Pro', interval: 'month', currency: 'mxn' },
  price_mini_usd_month: { plan: 'Mini', interval: 'month', currency: 'usd' },
  price_basic_usd_year: { plan: 'Basic', interval: 'year', currency: 'usd' },
  // Configured here but unknown to Stripe: its calls fail.
  price_pro_usd_month: { plan: 'Pro', interval: 'month', currency: 'usd' },
} as const;
const DAY = 24 * 3600_000;

describe.each(engines)('billing on %s', (engine) => {
  let stripe: FakeStripe;
  let t: TestApp;
  let bare: TestApp;
  beforeAll(async () => {
    stripe = await startFakeStripe({
      prices: {
        price_basic_mxn_month: { amount: 99_900, currency: 'mxn', interval: 'month' },
        price_pro_mxn_month: { amount: 199_900, currency: 'mxn', interval: 'month' },
        price_mini_usd_month: { amount: 1_900, currency: 'usd', interval: 'month' },
        price_basic_usd_year: { amount: 49_000, currency: 'usd', interval: 'year' },
      },
    });
    t = await createTestApp(engine, {
      ...stripe.env(prices),
      APP_URL: 'https://app.charla.test',
    });
    bare = await createTestApp(engine, { TRUST_PROXY: 'true' });
  });
  afterAll(async () => {
    await t?.close();
    await bare?.close();
    await stripe?.stop();
  });

  const deliver = (app: TestApp, payload: string, header?: string) =>
    app.app.inject({ method: 'POST', url: '/webhooks/stripe', payload, headers: { 'content-type': 'application/json', ...(header ? { 'stripe-signature': header } : {}) } });
  const send = (event: StripeJson) => {
    const { payload, header } = stripe.sign(event);
    return deliver(t, payload, header);
  };
  const planOf = async (a: Account) => (await as(t, a)({ method: 'GET', url: `/client/info/${a.userId}` })).json().membershipTypeName;
  const subscription = async (a: Account) => (await as(t, a)({ method: 'GET', url: '/api/billing/subscription' })).json();
  const botsOf = async (a: Account) => (await as(t, a)({ method: 'GET', url: `/bot/${a.email}` })).json() as { id: string; switched_off_for_plan: boolean }[];
  const lastRequest = (path: string) => stripe.requests.filter((r) => r.path === path).at(-1);
  async function subscribed(plan = 'Basic', priceId = 'price_basic_mxn_month') {
    const owner = await signUp(t);
    const done = stripe.checkoutCompleted({ userId: owner.userId, plan, priceId });
    expect((await deliver(t, done.payload, done.header)).statusCode).toBe(200);
    return { owner, sub: done.subscription };
  }
  const invoice = (sub: StripeJson, o: { id?: string; amount?: number; created?: Date } = {}) => ({
    id: o.id ?? `in_${Math.random().toString(36).slice(2)}`,
    object: 'invoice',
    number: 'CH-0001',
    customer: sub.customer,
    status: 'open',
    currency: 'mxn',
    amount_due: o.amount ?? 99_900,
    amount_paid: o.amount ?? 99_900,
    created: Math.floor((o.created ?? new Date()).getTime() / 1000),
    invoice_pdf: 'https://pay.stripe.test/invoice.pdf',
    hosted_invoice_url: 'https://pay.stripe.test/invoice',
    status_transitions: { paid_at: Math.floor(Date.now() / 1000) },
    parent: { type: 'subscription_details', subscription_details: { subscription: sub.id, metadata: sub.metadata } },
    lines: { object: 'list', data: [{ period: { start: 1_780_000_000, end: 1_782_592_000 }, pricing: { price_details: { price: 'price_basic_mxn_month' } } }] },
  });

  it('without Stripe keys shows list prices and answers PAYMENTS_NOT_CONFIGURED', async () => {
    const owner = await signUp(bare);
    const plans = await as(bare, owner)({ method: 'GET', url: '/api/billing/plans?currency=MXN' });
    expect(plans.json()).toMatchObject({ currency: 'mxn', paymentsConfigured: false });
    expect(plans.json().plans.find((p: { plan: string }) => p.plan === 'Basic').prices.month).toEqual({ amount: 89_900, currency: 'mxn', purchasable: false });
    expect((await as(bare, owner)({ method: 'GET', url: '/api/billing/plans?currency=xyz' })).json().currency).toBe('usd');
    const checkout = await as(bare, owner)({ method: 'POST', url: '/api/billing/checkout', payload: { plan: 'Pro', interval: 'month' } });
    expect(checkout.statusCode).toBe(503);
    expect(checkout.json().error).toEqual({ code: 'PAYMENTS_NOT_CONFIGURED', message: errorMessages.PAYMENTS_NOT_CONFIGURED.es });
    expect((await as(bare, owner)({ method: 'POST', url: '/api/billing/portal' })).json().error.code).toBe('PAYMENTS_NOT_CONFIGURED');
    expect((await as(bare, owner)({ method: 'POST', url: '/api/billing/cancel', payload: { cancelAtPeriodEnd: true } })).statusCode).toBe(503);
    expect((await deliver(bare, '{}', 't=1,v1=x')).statusCode).toBe(503);
    expect((await as(bare, owner)({ method: 'GET', url: '/api/billing/subscription' })).json()).toMatchObject({ plan: 'Free', status: 'none', paymentsConfigured: false, botsSwitchedOff: 0 });
  });

  it('reads configured prices from Stripe; an unpriced currency answers in USD', async () => {
    const owner = await signUp(t);
    const res = await as(t, owner)({ method: 'GET', url: '/api/billing/plans?currency=mxn' });
    expect(res.statusCode).toBe(200);
    const byPlan = Object.fromEntries(res.json().plans.map((p: { plan: string }) => [p.plan, p]));
    expect(byPlan.Free.prices).toBeNull();
    expect(byPlan.Basic.prices.month).toEqual({ amount: 99_900, currency: 'mxn', purchasable: true });
    expect(byPlan.Basic.prices.year).toEqual({ amount: 899_000, currency: 'mxn', purchasable: false });
    expect(byPlan.Enterprise.limits.contacts).toBeNull();
    expect(stripe.requests.some((r) => r.method === 'GET' && r.path === '/v1/prices/price_basic_mxn_month')).toBe(true);
    const cop = await as(t, owner)({ method: 'GET', url: '/api/billing/plans?currency=cop' });
    expect(cop.json().currency).toBe('usd');
    expect(cop.json().plans.find((p: { plan: string }) => p.plan === 'Mini').prices.month).toEqual({ amount: 1_900, currency: 'usd', purchasable: true });
  });

  it('opens a Checkout session with the mapped price, the account and its plan', async () => {
    const owner = await signUp(t);
    const res = await as(t, owner)({ method: 'POST', url: '/api/billing/checkout', payload: { plan: 'Basic', interval: 'month', currency: 'MXN' } });
    expect(res.statusCode).toBe(200);
    expect(res.json().url).toMatch(/^https:\/\/checkout\.stripe\.test\//);
    const sent = lastRequest('/v1/checkout/sessions')!;
    expect(sent.form).toMatchObject({
      mode: 'subscription',
      'line_items[0][price]': 'price_basic_mxn_month',
      client_reference_id: owner.userId,
      'subscription_data[metadata][userId]': owner.userId,
      'subscription_data[metadata][plan]': 'Basic',
      customer_email: owner.email,
      success_url: 'https://app.charla.test/app/dashboard/mi-cuenta?tab=plan&checkout=success',
      cancel_url: 'https://app.charla.test/app/dashboard/mi-cuenta?tab=plan&checkout=cancel',
    });
    // No MXN yearly price: the USD one.
    await as(t, owner)({ method: 'POST', url: '/api/billing/checkout', payload: { plan: 'Basic', interval: 'year', currency: 'mxn' } });
    expect(lastRequest('/v1/checkout/sessions')!.form['line_items[0][price]']).toBe('price_basic_usd_year');
    const none = await as(t, owner)({ method: 'POST', url: '/api/billing/checkout', payload: { plan: 'Enterprise', interval: 'month' } });
    expect(none.statusCode).toBe(409);
    expect(none.json().error.code).toBe('PRICE_NOT_CONFIGURED');
    expect((await as(t, owner)({ method: 'POST', url: '/api/billing/portal' })).json().error.code).toBe('NO_SUBSCRIPTION');
    expect((await as(t, owner)({ method: 'POST', url: '/api/billing/cancel', payload: { cancelAtPeriodEnd: true } })).json().error.code).toBe('NO_SUBSCRIPTION');
  });

  it('answers PAYMENT_PROVIDER_FAILED when Stripe refuses, and shows the list price when a price cannot be read', async () => {
    const owner = await signUp(t);
    const res = await as(t, owner)({ method: 'POST', url: '/api/billing/checkout', payload: { plan: 'Pro', interval: 'month', currency: 'usd' } });
    expect(res.statusCode).toBe(502);
    expect(res.json().error).toEqual({ code: 'PAYMENT_PROVIDER_FAILED', message: errorMessages.PAYMENT_PROVIDER_FAILED.es });
    const plans = (await as(t, owner)({ method: 'GET', url: '/api/billing/plans?currency=usd' })).json();
    expect(plans.plans.find((p: { plan: string }) => p.plan === 'Pro').prices.month).toEqual({ amount: 9_900, currency: 'usd', purchasable: true });
  });

  it('refuses a webhook without a signature or with a wrong one', async () => {
    const owner = await signUp(t);
    const done = stripe.checkoutCompleted({ userId: owner.userId, plan: 'Pro', priceId: 'price_pro_mxn_month' });
    const missing = await deliver(t, done.payload);
    expect(missing.statusCode).toBe(400);
    expect(missing.json().error).toEqual({ code: 'STRIPE_SIGNATURE_INVALID', message: errorMessages.STRIPE_SIGNATURE_INVALID.es });
    const forged = await deliver(t, done.payload.replace('"Pro"', '"Enterprise"'), done.header);
    expect(forged.statusCode).toBe(400);
    expect((await deliver(t, done.payload, 't=1,v1=deadbeef')).statusCode).toBe(400);
    expect(await planOf(owner)).toBe('Free');
  });

  it('applies a completed Checkout once, however often it arrives; then Portal and cancel reach Stripe', async () => {
    const owner = await signUp(t);
    const done = stripe.checkoutCompleted({ userId: owner.userId, plan: 'Basic', priceId: 'price_basic_mxn_month' });
    const first = await deliver(t, done.payload, done.header);
    expect(first.statusCode).toBe(200);
    expect(first.json()).toMatchObject({ received: true, applied: true });
    const again = await deliver(t, done.payload, stripe.sign(done.event).header);
    expect(again.json()).toMatchObject({ received: true, applied: false });
    expect(await t.database.db.select().from(billingEvents).where(eq(billingEvents.id, done.event.id as string))).toHaveLength(1);
    expect(await planOf(owner)).toBe('Basic');
    expect(await subscription(owner)).toMatchObject({
      plan: 'Basic',
      status: 'active',
      interval: 'month',
      currency: 'mxn',
      cancelAtPeriodEnd: false,
      graceUntil: null,
      paymentMethod: { brand: 'visa', last4: '4242' },
      paymentsConfigured: true,
      usage: { bots: { used: 0, limit: 3 }, messages: { used: 0, limit: 3000 }, seats: { used: 0, limit: 2 }, contacts: { used: 0, limit: 5000 } },
    });

    // A paying account that picks another plan changes its subscription's price: no second subscription.
    const sessionsBefore = stripe.requests.filter((r) => r.path === '/v1/checkout/sessions').length;
    const change = await as(t, owner)({ method: 'POST', url: '/api/billing/checkout', payload: { plan: 'Pro', interval: 'month', currency: 'mxn' } });
    expect(change.statusCode, change.body).toBe(200);
    expect(change.json().url).toBe('https://app.charla.test/app/dashboard/mi-cuenta?tab=plan&checkout=success');
    expect(stripe.requests.filter((r) => r.path === '/v1/checkout/sessions')).toHaveLength(sessionsBefore);
    expect(stripe.requests.filter((r) => r.method === 'POST' && r.path === `/v1/subscriptions/${done.subscription.id as string}`).at(-1)!.form).toMatchObject({
      'items[0][price]': 'price_pro_mxn_month',
      proration_behavior: 'create_prorations',
      cancel_at_period_end: 'false',
      'metadata[plan]': 'Pro',
    });
    expect(await planOf(owner)).toBe('Pro');
    expect(await subscription(owner)).toMatchObject({ plan: 'Pro', status: 'active', usage: { bots: { limit: 10 } } });

    const portal = await as(t, owner)({ method: 'POST', url: '/api/billing/portal' });
    expect(portal.json().url).toMatch(/^https:\/\/billing\.stripe\.test\//);
    expect(lastRequest('/v1/billing_portal/sessions')!.form).toMatchObject({ customer: done.subscription.customer, return_url: 'https://app.charla.test/app/dashboard/mi-cuenta?tab=plan' });

    const cancel = await as(t, owner)({ method: 'POST', url: '/api/billing/cancel', payload: { cancelAtPeriodEnd: true } });
    expect(cancel.statusCode).toBe(200);
    expect(cancel.json()).toMatchObject({ plan: 'Pro', cancelAtPeriodEnd: true });
    expect(lastRequest(`/v1/subscriptions/${done.subscription.id as string}`)!.form).toEqual({ cancel_at_period_end: 'true' });
  });

  it('never lets an older subscription event overwrite a newer state', async () => {
    const { owner, sub } = await subscribed();
    const now = Date.now();
    const pro = { ...sub, items: { object: 'list', data: [{ price: { id: 'price_pro_mxn_month', currency: 'mxn' }, current_period_end: sub.current_period_end }] } };
    const mini = { ...sub, items: { object: 'list', data: [{ price: { id: 'price_mini_usd_month', currency: 'usd' }, current_period_end: sub.current_period_end }] } };
    expect((await send(stripe.event('customer.subscription.updated', pro, { created: new Date(now + 60_000) }))).statusCode).toBe(200);
    expect(await planOf(owner)).toBe('Pro');
    expect((await send(stripe.event('customer.subscription.updated', mini, { created: new Date(now + 30_000) }))).statusCode).toBe(200);
    expect(await planOf(owner)).toBe('Pro');
    await send(stripe.event('customer.subscription.updated', mini, { created: new Date(now + 90_000) }));
    expect(await planOf(owner)).toBe('Mini');
    await send(stripe.event('customer.subscription.deleted', { ...mini, status: 'canceled' }, { created: new Date(now + 120_000) }));
    expect(await subscription(owner)).toMatchObject({ plan: 'Free', status: 'canceled' });
  });

  it('a failed payment warns the owner and starts the grace period; after it the account is Free with its extra bots off, and a payment brings them back', async () => {
    const { owner, sub } = await subscribed();
    for (const name of ['Uno', 'Dos', 'Tres']) await createBot(t, owner, { bot_name: name });
    const toRoom = vi.spyOn(t.app.realtime, 'toRoom');
    const failedAt = new Date();
    try {
      const failed = invoice(sub, { id: 'in_failed_1' });
      expect((await send(stripe.event('invoice.payment_failed', failed))).statusCode).toBe(200);
      expect(toRoom).toHaveBeenCalledWith(`user:${owner.userId}`, 'paymentError', { message: expect.any(String) });
      // A second failure of the retry keeps the first grace period.
      await send(stripe.event('invoice.payment_failed', failed));
      expect(toRoom.mock.calls.filter((c) => c[1] === 'paymentError')).toHaveLength(2);
    } finally {
      toRoom.mockRestore();
    }
    const inGrace = await subscription(owner);
    expect(inGrace).toMatchObject({ plan: 'Basic', status: 'past_due' });
    const graceUntil = Date.parse(inGrace.graceUntil);
    expect(graceUntil - failedAt.getTime()).toBeGreaterThan(7 * DAY - 60_000);
    expect(graceUntil - failedAt.getTime()).toBeLessThan(7 * DAY + 60_000);

    expect(await t.modules.plans.expireGrace(new Date(failedAt.getTime() + 6 * DAY))).toBe(0);
    expect(await planOf(owner)).toBe('Basic');
    expect(await t.modules.plans.expireGrace(new Date(failedAt.getTime() + 8 * DAY))).toBeGreaterThanOrEqual(1);
    expect(await t.modules.plans.expireGrace(new Date(failedAt.getTime() + 8 * DAY))).toBe(0);
    expect(await planOf(owner)).toBe('Free');
    const off = await botsOf(owner);
    expect(off.map((b) => b.switched_off_for_plan)).toEqual([false, true, true]);
    expect(await subscription(owner)).toMatchObject({ plan: 'Free', graceUntil: null, botsSwitchedOff: 2, usage: { bots: { used: 3, limit: 1 } } });

    const paid = await send(stripe.event('invoice.paid', { ...invoice(sub, { id: 'in_failed_1' }), status: 'paid' }));
    expect(paid.statusCode).toBe(200);
    expect(await planOf(owner)).toBe('Basic');
    expect((await botsOf(owner)).map((b) => b.switched_off_for_plan)).toEqual([false, false, false]);
    expect(await subscription(owner)).toMatchObject({ status: 'active', graceUntil: null, botsSwitchedOff: 0 });
    await send(stripe.event('invoice.paid', { ...invoice(sub, { id: 'in_later', created: new Date(Date.now() + DAY) }), status: 'paid' }));
    const ledger = (await as(t, owner)({ method: 'GET', url: '/api/billing/invoices' })).json().invoices;
    expect(ledger.map((i: { id: string; status: string }) => [i.id, i.status])).toEqual([['in_later', 'paid'], ['in_failed_1', 'paid']]);
    expect(ledger[0]).toMatchObject({ plan: 'Basic', amount: 99_900, currency: 'mxn', pdfUrl: 'https://pay.stripe.test/invoice.pdf' });

    // Cancelled: back to Free, the extra bots switched off and kept.
    await send(stripe.event('customer.subscription.deleted', { ...sub, status: 'canceled' }, { created: new Date(Date.now() + 3 * DAY) }));
    expect(await planOf(owner)).toBe('Free');
    expect(await botsOf(owner)).toHaveLength(3);
    expect((await botsOf(owner)).filter((b) => b.switched_off_for_plan)).toHaveLength(2);
  });

  it('lets the main admin set a plan by hand, and no one else', async () => {
    const owner = await signUp(t);
    const admin = await signUp(t);
    await t.database.db.update(users).set({ role: 'admin' }).where(eq(users.id, admin.userId));
    const patch = (who: Account, userId: string, payload: unknown) => as(t, who)({ method: 'PATCH', url: `/api/admin/accounts/${userId}`, payload: payload as object });
    const refused = await patch(owner, owner.userId, { plan: 'Enterprise' });
    expect(refused.statusCode).toBe(403);
    expect(refused.json().error.code).toBe('FORBIDDEN');
    const ok = await patch(admin, owner.userId, { plan: 'Pro' });
    expect(ok.statusCode).toBe(200);
    expect(ok.json()).toEqual({ userId: owner.userId, plan: 'Pro' });
    expect(await planOf(owner)).toBe('Pro');
    await createBot(t, owner, { bot_name: 'Uno' });
    await createBot(t, owner, { bot_name: 'Dos' });
    await patch(admin, owner.userId, { plan: 'Free' });
    expect((await botsOf(owner)).map((b) => b.switched_off_for_plan)).toEqual([false, true]);
    await patch(admin, owner.userId, { plan: 'Basic' });
    expect((await botsOf(owner)).map((b) => b.switched_off_for_plan)).toEqual([false, false]);
    expect((await patch(admin, 'not-an-id', { plan: 'Pro' })).statusCode).toBe(404);
    expect((await patch(admin, '00000000-0000-4000-8000-000000000000', { plan: 'Pro' })).statusCode).toBe(404);
    const bad = await patch(admin, owner.userId, { plan: 'Oro' });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().error.code).toBe('VALIDATION_FAILED');
  });

  it('tells the country and currency from the address alone, without sign-in', async () => {
    const geo = async (remoteAddress: string) => (await t.app.inject({ method: 'GET', url: '/api/billing/geo', remoteAddress })).json();
    expect(await geo('187.190.1.1')).toEqual({ country: 'MX', currency: 'mxn' });
    expect(await geo('181.49.1.1')).toEqual({ country: 'CO', currency: 'cop' });
    expect(await geo('10.0.0.1')).toEqual({ country: 'US', currency: 'usd' });
    expect(await geo('127.0.0.1')).toEqual({ country: 'US', currency: 'usd' });
    expect(await geo('999.1.1')).toEqual({ country: 'US', currency: 'usd' });
    // X-Forwarded-For counts only behind a trusted proxy (TRUST_PROXY).
    const forwarded = { 'x-forwarded-for': '187.190.1.1' };
    expect((await t.app.inject({ method: 'GET', url: '/api/billing/geo', headers: forwarded })).json()).toEqual({ country: 'US', currency: 'usd' });
    expect((await bare.app.inject({ method: 'GET', url: '/api/billing/geo', headers: forwarded })).json()).toEqual({ country: 'MX', currency: 'mxn' });
  });

  it('answers bad input with 400 and a Spanish message, never 500', async () => {
    const owner = await signUp(t);
    const api = as(t, owner);
    const cases = [
      await api({ method: 'GET', url: '/api/billing/plans?currency=pesos' }),
      await api({ method: 'POST', url: '/api/billing/checkout', payload: { plan: 'Free', interval: 'month' } }),
      await api({ method: 'POST', url: '/api/billing/checkout', payload: { plan: 'Pro', interval: 'week' } }),
      await api({ method: 'POST', url: '/api/billing/checkout', payload: { plan: 'Pro', interval: 'month', currency: 42 } }),
      await api({ method: 'POST', url: '/api/billing/checkout', payload: '{"plan":', headers: { 'content-type': 'application/json' } }),
      await api({ method: 'POST', url: '/api/billing/cancel', payload: {} }),
      await api({ method: 'POST', url: '/api/billing/cancel', payload: { cancelAtPeriodEnd: 'yes' } }),
    ];
    for (const res of cases) {
      expect(res.statusCode).toBe(400);
      expect(res.json().error.message).toMatch(/[a-záéíóúñ]/i);
      expect(res.json().error.message).not.toMatch(/^(Invalid|Expected|Unexpected)/);
    }
    const notJson = await deliver(t, 'not json at all', stripe.sign({ id: 'x' }).header);
    expect(notJson.statusCode).toBe(400);
    expect((await t.app.inject({ method: 'GET', url: '/api/billing/subscription' })).statusCode).toBe(401);
  });

  it('limits CRM contacts added by hand to the plan: CONTACT_LIMIT_REACHED', async () => {
    const owner = await signUp(t);
    const botId = await createBot(t, owner);
    await t.database.db.insert(contacts).values(Array.from({ length: 250 }, (_, i) => ({ botId, name: `Cliente ${i}` })));
    const refused = await as(t, owner)({ method: 'POST', url: '/api/contacts', payload: { botId, name: 'Uno más' } });
    expect(refused.statusCode).toBe(402);
    expect(refused.json().error).toEqual({ code: 'CONTACT_LIMIT_REACHED', message: errorMessages.CONTACT_LIMIT_REACHED.es });
    // An import that would pass the limit is refused whole.
    const csv = { field: 'file', name: 'contactos.csv', type: 'text/csv', bytes: Buffer.from('Nombre,Teléfono\nAna,+523312345678\n') };
    const imported = await as(t, owner)({ method: 'POST', url: '/api/contacts/import', ...multipart({ botId, mapping: JSON.stringify({ Nombre: 'name', Teléfono: 'phone' }) }, csv) });
    expect(imported.statusCode).toBe(402);
    expect(imported.json().error.code).toBe('CONTACT_LIMIT_REACHED');
    await t.database.db.update(users).set({ membershipType: 'Mini' }).where(eq(users.id, owner.userId));
    expect((await as(t, owner)({ method: 'POST', url: '/api/contacts', payload: { botId, name: 'Uno más' } })).statusCode).toBe(201);
    const again = await as(t, owner)({ method: 'POST', url: '/api/contacts/import', ...multipart({ botId, mapping: JSON.stringify({ Nombre: 'name', Teléfono: 'phone' }) }, csv) });
    expect(again.statusCode, again.body).toBe(200);
    expect(again.json()).toMatchObject({ created: 1 });
  });

  it('answers 200 to events it does not handle, and changes nothing', async () => {
    const owner = await signUp(t);
    const res = await send(stripe.event('customer.created', { id: 'cus_other', object: 'customer', metadata: { userId: owner.userId } }));
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({ received: true, applied: false });
    expect(await planOf(owner)).toBe('Free');
  });
});
