import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { as, signUp, type Account } from '../../test/accounts.ts';
import { startFakeStripe, type FakeStripe, type StripeJson } from '../../test/fake-stripe.ts';
import { createTestApp, engines, type TestApp } from '../../test/harness.ts';
import { users } from '../auth/auth.table.ts';
import { affiliateCommissions } from './affiliates.table.ts';

const prices = { price_pro_mxn_month: { plan: 'Pro', interval: 'month', currency: 'mxn' } } as const;
const DAY = 86_400_000;

describe.each(engines)('affiliate commissions from billing on %s', (engine) => {
  let stripe: FakeStripe;
  let t: TestApp;
  let admin: Account;
  beforeAll(async () => {
    stripe = await startFakeStripe({ prices: { price_pro_mxn_month: { amount: 100_000, currency: 'mxn', interval: 'month' } } });
    t = await createTestApp(engine, {
      ...stripe.env(prices),
      APP_URL: 'https://app.charla.test',
    });
    admin = await signUp(t);
    await t.database.db.update(users).set({ role: 'admin' }).where(eq(users.id, admin.userId));
  });
  afterAll(async () => {
    await t?.close();
    await stripe?.stop();
  });

  const deliver = async (type: string, object: StripeJson, id?: string) => {
    const { payload, header } = stripe.sign(stripe.event(type, object, id ? { id } : {}));
    const res = await t.app.inject({ method: 'POST', url: '/webhooks/stripe', payload, headers: { 'content-type': 'application/json', 'stripe-signature': header } });
    expect(res.statusCode).toBe(200);
    return res.json() as { applied: boolean };
  };

  /** An account signed up through `code`, in the program when `join`. */
  async function member(code?: string, join = true) {
    const account = await signUp(t, code ? { referral_code: code } : {});
    if (!join) return { account, code: '' };
    const res = await as(t, account)({ method: 'POST', url: '/api/affiliates/create', payload: { userId: account.userId, paypalEmail: 'pagos@clinica.mx' } });
    expect(res.statusCode).toBe(201);
    return { account, code: res.json().code as string };
  }

  /** The account subscribes through Checkout; answers its subscription. */
  async function subscribed(account: Account) {
    const done = stripe.checkoutCompleted({ userId: account.userId, plan: 'Pro', priceId: 'price_pro_mxn_month' });
    const res = await t.app.inject({ method: 'POST', url: '/webhooks/stripe', payload: done.payload, headers: { 'content-type': 'application/json', 'stripe-signature': done.header } });
    expect(res.statusCode).toBe(200);
    return done.subscription;
  }

  const entriesOf = async (invoiceId: string) =>
    (await t.database.db.select().from(affiliateCommissions).where(eq(affiliateCommissions.invoiceId, invoiceId)))
      .map((e) => ({ affiliateId: e.affiliateId, level: e.level, kind: e.kind, amount: e.amount }))
      .sort((a, b) => a.kind.localeCompare(b.kind) || a.level - b.level);
  const profile = async (a: Account) => (await as(t, a)({ method: 'GET', url: `/api/affiliate/${a.userId}` })).json();

  it('pays three levels on a paid invoice, once however it is replayed, and a refund reverses them', async () => {
    const a = await member();
    const b = await member(a.code);
    const c = await member(b.code);
    const d = await member(c.code, false);
    const sub = await subscribed(d.account);
    const invoice = stripe.paidInvoice(sub);

    const first = stripe.event('invoice.paid', invoice);
    const signed = stripe.sign(first);
    const send = () => t.app.inject({ method: 'POST', url: '/webhooks/stripe', payload: signed.payload, headers: { 'content-type': 'application/json', 'stripe-signature': signed.header } });
    expect((await send()).json().applied).toBe(true);
    const paid = [
      { affiliateId: c.account.userId, level: 1, kind: 'commission', amount: 20_000 },
      { affiliateId: b.account.userId, level: 2, kind: 'commission', amount: 10_000 },
      { affiliateId: a.account.userId, level: 3, kind: 'commission', amount: 5_000 },
    ];
    expect(await entriesOf(invoice.id as string)).toEqual(paid);

    // The same delivery again, and the same invoice under another event: nothing more.
    expect((await send()).json().applied).toBe(false);
    expect((await deliver('invoice.paid', invoice)).applied).toBe(true);
    expect(await entriesOf(invoice.id as string)).toEqual(paid);

    const cFigures = (await profile(c.account)).figures;
    expect(cFigures).toMatchObject({ signups: 1, payingAccounts: 1, earningsThisMonth: [{ currency: 'mxn', amount: 20_000 }], balance: [{ currency: 'mxn', amount: 20_000 }], pending: [], paid: [] });
    const aTree = (await as(t, a.account)({ method: 'GET', url: `/api/affiliates/referrals/${a.account.userId}` })).json().referrals;
    expect(aTree.map((r: { level: number; paying: boolean; earned: unknown }) => [r.level, r.paying, r.earned])).toEqual([
      [1, false, []],
      [2, false, []],
      [3, true, [{ currency: 'mxn', amount: 5_000 }]],
    ]);

    // Refunded in full: each level gets its negative entry; a dispute after it reverses nothing twice.
    expect((await deliver('charge.refunded', stripe.refundedCharge(invoice))).applied).toBe(true);
    expect(await entriesOf(invoice.id as string)).toEqual([...paid, ...paid.map((p) => ({ ...p, kind: 'reversal', amount: -p.amount }))]);
    expect((await deliver('charge.dispute.created', stripe.dispute(invoice))).applied).toBe(true);
    expect((await entriesOf(invoice.id as string)).length).toBe(6);
    expect((await profile(c.account)).figures).toMatchObject({ balance: [], earningsThisMonth: [] });
    expect((await profile(a.account)).figures.balance).toEqual([]);
  });

  it('reverses on a chargeback; a partial refund keeps the sale; nothing after the twelve months', async () => {
    const a = await member();
    const b = await member(a.code, false);
    const sub = await subscribed(b.account);

    const disputed = stripe.paidInvoice(sub, { amount: 50_000 });
    await deliver('invoice.paid', disputed);
    await deliver('charge.dispute.created', stripe.dispute(disputed));
    expect((await entriesOf(disputed.id as string)).map((e) => e.amount)).toEqual([10_000, -10_000]);

    const partly = stripe.paidInvoice(sub, { amount: 50_000 });
    await deliver('invoice.paid', partly);
    await deliver('charge.refunded', { ...stripe.refundedCharge(partly), amount_refunded: 10_000, refunded: false });
    expect((await entriesOf(partly.id as string)).map((e) => e.amount)).toEqual([10_000]);

    const late = stripe.paidInvoice(sub, { paidAt: new Date(Date.now() + 370 * DAY) });
    await deliver('invoice.paid', late);
    expect(await entriesOf(late.id as string)).toEqual([]);
  });

  it('closes the month on the 1st: a balance over the minimum becomes one pending payout, which the main admin pays', async () => {
    const rich = await member();
    const small = await member();
    const unreviewed = await member();
    for (const who of [rich, small]) {
      const res = await as(t, admin)({ method: 'POST', url: `/api/affiliates/${who.account.userId}/status`, payload: { status: 'active' } });
      expect(res.statusCode).toBe(200);
    }
    const pay = async (code: string, amount: number) => {
      const { account } = await member(code, false);
      await deliver('invoice.paid', stripe.paidInvoice(await subscribed(account), { amount }));
    };
    await pay(rich.code, 150_000);
    await pay(rich.code, 150_000);
    await pay(small.code, 100_000);
    await pay(unreviewed.code, 400_000);

    const now = new Date();
    const nextFirst = new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth() + 1, 1, 0, 5));
    const month = now.toISOString().slice(0, 7);
    const service = t.modules.affiliates;
    await service.closeMonth(nextFirst);
    expect(await service.closeMonth(nextFirst)).toBe(0);

    const payments = async (a: Account) => (await as(t, a)({ method: 'GET', url: `/api/affiliates/payments?userId=${a.userId}` })).json().payments;
    const [payout, ...more] = await payments(rich.account);
    expect(more).toEqual([]);
    expect(payout).toMatchObject({ month, currency: 'mxn', amount: 60_000, status: 'pending', reference: null, paidAt: null });
    expect(await payments(small.account)).toEqual([]);
    expect(await payments(unreviewed.account)).toEqual([]);
    expect((await profile(rich.account)).figures).toMatchObject({ balance: [], pending: [{ currency: 'mxn', amount: 60_000 }], paid: [] });

    const url = `/api/affiliates/payouts/${payout.id}/paid`;
    expect((await as(t, rich.account)({ method: 'POST', url, payload: { reference: 'yo mismo' } })).statusCode).toBe(403);
    expect((await as(t, admin)({ method: 'POST', url, payload: { reference: '' } })).statusCode).toBe(400);
    const marked = await as(t, admin)({ method: 'POST', url, payload: { reference: 'SPEI 0284 7719' } });
    expect(marked.json()).toMatchObject({ id: payout.id, status: 'paid', reference: 'SPEI 0284 7719' });
    const twice = await as(t, admin)({ method: 'POST', url, payload: { reference: 'otra' } });
    expect(twice.statusCode).toBe(409);
    expect(twice.json().error.code).toBe('PAYOUT_ALREADY_PAID');
    expect((await as(t, admin)({ method: 'POST', url: '/api/affiliates/payouts/6f1c2a7e-3b4d-4c5e-8f90-123456789abc/paid', payload: { reference: 'x' } })).statusCode).toBe(404);
    expect((await profile(rich.account)).figures).toMatchObject({ balance: [], pending: [], paid: [{ currency: 'mxn', amount: 60_000 }] });

    // The list shows it to the admin, with the direct referrals' sales.
    const listed = (await as(t, admin)({ method: 'GET', url: `/api/affiliates/list?email=${encodeURIComponent(rich.account.email)}&minSalesAmount=3000&maxSalesAmount=3000` })).json().affiliates;
    expect(listed).toEqual([expect.objectContaining({ userId: rich.account.userId, status: 'active', referrals: 2, sales: [{ currency: 'mxn', amount: 300_000 }], balance: [] })]);
    expect(listed[0].payouts[0]).toMatchObject({ status: 'paid', reference: 'SPEI 0284 7719' });
  });
});
