import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { errorMessages } from '@charla/shared';
import { as, signUp, type Account } from '../../test/accounts.ts';
import { createTestApp, engines, type TestApp } from '../../test/harness.ts';
import { users } from '../auth/auth.table.ts';
import { affiliates } from './affiliates.table.ts';

const CLABE = '032180000118359719';

describe.each(engines)('the affiliate calls on %s', (engine) => {
  let t: TestApp;
  let admin: Account;
  beforeAll(async () => {
    t = await createTestApp(engine, { APP_URL: 'https://app.charla.test' });
    admin = await signUp(t);
    await t.database.db.update(users).set({ role: 'admin' }).where(eq(users.id, admin.userId));
  });
  afterAll(async () => {
    await t?.close();
  });

  async function affiliate(body: Record<string, unknown> = { paypalEmail: 'pagos@clinica.mx' }, code?: string) {
    const account = await signUp(t, code ? { referral_code: code } : {});
    const res = await as(t, account)({ method: 'POST', url: '/api/affiliates/create', payload: { userId: account.userId, ...body } });
    expect(res.statusCode).toBe(201);
    return { account, code: res.json().code as string };
  }

  it('joins with PayPal or a CLABE, stores them sealed and answers them masked', async () => {
    const owner = await signUp(t);
    const res = await as(t, owner)({
      method: 'POST',
      url: '/api/affiliates/create',
      payload: {
        userId: owner.userId,
        paypalEmail: 'renata.pagos@padelnorte.mx',
        bankInfo: { clabe: '0321 8000 0118 3597 19', bankName: 'BBVA', holderName: 'Renata Ochoa' },
        affiliateQuestions: [{ question: 'audience', answer: 'Clubes de pádel en Monterrey' }],
      },
    });
    expect(res.statusCode).toBe(201);
    expect(res.json()).toMatchObject({
      userId: owner.userId,
      status: 'pending_review',
      paypalEmail: 'r•••@padelnorte.mx',
      bankInfo: { clabe: '0321…9719', bankName: 'BBVA', holderName: 'Renata Ochoa' },
      affiliateQuestions: [{ question: 'audience', answer: 'Clubes de pádel en Monterrey' }],
      figures: { signups: 0, payingAccounts: 0, earningsThisMonth: [], balance: [], pending: [], paid: [] },
    });
    expect(res.json().code).toMatch(/^[A-Z2-9]{8}$/);
    const [row] = await t.database.db.select().from(affiliates).where(eq(affiliates.userId, owner.userId));
    expect(row!.paypalEmailSealed).toMatch(/^v1\./);
    expect(row!.bankInfoSealed).not.toContain(CLABE);
    expect((await as(t, owner)({ method: 'GET', url: `/api/affiliate/${owner.userId}` })).json().bankInfo.clabe).toBe('0321…9719');

    const again = await as(t, owner)({ method: 'POST', url: '/api/affiliates/create', payload: { userId: owner.userId, paypalEmail: 'otra@padelnorte.mx' } });
    expect(again.statusCode).toBe(409);
    expect(again.json().error).toEqual({ code: 'AFFILIATE_EXISTS', message: errorMessages.AFFILIATE_EXISTS.es });
  });

  it('refuses a wrong CLABE, no payout method and another account in the body, in the caller’s language', async () => {
    const owner = await signUp(t);
    const post = (payload: unknown, lang = 'es') => as(t, owner)({ method: 'POST', url: '/api/affiliates/create', payload: payload as object, headers: { 'accept-language': lang } });
    const wrong = await post({ userId: owner.userId, bankInfo: { clabe: '032180000118359711' } });
    expect(wrong.statusCode).toBe(400);
    expect(wrong.json().error.fields['bankInfo.clabe']).toMatch(/La CLABE son 18 dígitos/);
    const none = await post({ userId: owner.userId }, 'en');
    expect(none.json().error.fields.paypalEmail).toBe('Enter your PayPal e-mail or your CLABE to receive your payouts.');
    const someoneElse = await post({ userId: admin.userId, paypalEmail: 'x@clinica.mx' });
    expect(someoneElse.statusCode).toBe(403);
    expect((await post({ userId: owner.userId, paypalEmail: 'x@clinica.mx', affiliateQuestions: [{ question: 'otra', answer: 'x' }] })).statusCode).toBe(400);
    expect((await post({ userId: owner.userId, paypalEmail: 'x@clinica.mx', extra: true })).statusCode).toBe(400);
  });

  it('answers each account its own profile, link, referrals and payments; another id is not found', async () => {
    const a = await affiliate();
    const b = await affiliate({ bankInfo: { clabe: CLABE } }, a.code);
    const stranger = await signUp(t);
    const mine = as(t, a.account);

    const link = await mine({ method: 'GET', url: `/api/affiliates/referral_code/${a.account.userId}` });
    expect(link.json()).toEqual({ code: a.code, link: `https://app.charla.test/signup?ref=${a.code}` });
    const referrals = await mine({ method: 'GET', url: `/api/affiliates/referrals/${a.account.userId}` });
    expect(referrals.json().referrals).toEqual([
      { id: b.account.userId, email: `${b.account.email[0]}•••@clinica.mx`, level: 1, signedUpAt: expect.any(String), paying: false, earned: [] },
    ]);
    expect((await mine({ method: 'GET', url: `/api/affiliates/payments?userId=${a.account.userId}` })).json()).toEqual({ payments: [] });
    expect((await mine({ method: 'GET', url: '/api/affiliates/payments' })).statusCode).toBe(200);
    expect((await mine({ method: 'GET', url: `/api/affiliate/${a.account.userId}` })).json().figures.signups).toBe(1);

    for (const url of [
      `/api/affiliate/${b.account.userId}`,
      `/api/affiliates/referrals/${b.account.userId}`,
      `/api/affiliates/payments?userId=${b.account.userId}`,
      `/api/affiliates/referral_code/${b.account.userId}`,
      '/api/affiliate/not-a-uuid',
    ]) {
      const res = await mine({ method: 'GET', url });
      expect(res.statusCode, url).toBe(404);
      expect(res.json().error.code).toBe('NOT_FOUND');
    }
    // Not in the program yet: its own profile is not found (the page offers to join).
    expect((await as(t, stranger)({ method: 'GET', url: `/api/affiliate/${stranger.userId}` })).statusCode).toBe(404);
    for (const url of [`/api/affiliate/${a.account.userId}`, '/api/affiliates/list', '/api/affiliates/payments']) {
      expect((await t.app.inject({ method: 'GET', url })).statusCode).toBe(401);
    }
    expect((await t.app.inject({ method: 'POST', url: '/api/affiliates/create', payload: { userId: a.account.userId, paypalEmail: 'a@b.mx' } })).statusCode).toBe(401);
  });

  it('lists affiliates to the main admin only, with the spec’s filters', async () => {
    const a = await affiliate({ paypalEmail: 'lista@clinica.mx' });
    const other = await signUp(t);
    const refused = await as(t, other)({ method: 'GET', url: '/api/affiliates/list' });
    expect(refused.statusCode).toBe(403);
    expect(refused.json().error.code).toBe('FORBIDDEN');

    const list = (query: string) => as(t, admin)({ method: 'GET', url: `/api/affiliates/list${query}` });
    const byEmail = await list(`?email=${encodeURIComponent(a.account.email.slice(0, 12))}`);
    expect(byEmail.statusCode).toBe(200);
    expect(byEmail.json().affiliates).toEqual([
      expect.objectContaining({ userId: a.account.userId, email: a.account.email, status: 'pending_review', code: a.code, referrals: 0, sales: [], balance: [], payouts: [] }),
    ]);
    const today = new Date().toISOString().slice(0, 10);
    const ids = async (query: string) => (await list(query)).json().affiliates.map((x: { userId: string }) => x.userId);
    expect(await ids(`?status=pending_review&startDate=${today}&endDate=${today}`)).toContain(a.account.userId);
    expect(await ids('?status=active')).not.toContain(a.account.userId);
    expect(await ids('?endDate=2020-01-01')).toEqual([]);
    expect(await ids('?minSalesAmount=1')).not.toContain(a.account.userId);
    expect(await ids('?maxSalesAmount=0')).toContain(a.account.userId);
    expect((await list('?status=dormido')).statusCode).toBe(400);
    expect((await list('?startDate=ayer')).statusCode).toBe(400);
    expect((await list('?minSalesAmount=-5')).statusCode).toBe(400);

    // The main admin reviews the profile; an account cannot change its own status.
    const own = await as(t, a.account)({ method: 'POST', url: `/api/affiliates/${a.account.userId}/status`, payload: { status: 'active' } });
    expect(own.statusCode).toBe(403);
    const activated = await as(t, admin)({ method: 'POST', url: `/api/affiliates/${a.account.userId}/status`, payload: { status: 'active' } });
    expect(activated.json().status).toBe('active');
    expect((await as(t, admin)({ method: 'GET', url: `/api/affiliate/${a.account.userId}` })).statusCode).toBe(200);
  });

  it('fixes the tree at sign-up: one referrer, no self-referral, no cycle, an unknown code ignored', async () => {
    const a = await affiliate();
    const b = await affiliate({ paypalEmail: 'b@clinica.mx' }, a.code);
    const c = await affiliate({ paypalEmail: 'c@clinica.mx' }, b.code);
    const lost = await signUp(t, { referral_code: 'NOEXISTE' });
    const service = t.modules.affiliates;
    expect(await service.attribute({ id: a.account.userId, referredByCode: a.code })).toBe(false);
    // A is above C: made C's referral it would close a loop.
    expect(await service.attribute({ id: a.account.userId, referredByCode: c.code })).toBe(false);
    // B has its referrer already.
    expect(await service.attribute({ id: b.account.userId, referredByCode: c.code })).toBe(false);
    expect(await service.attribute({ id: lost.userId, referredByCode: 'NOEXISTE' })).toBe(false);
    const tree = (await as(t, a.account)({ method: 'GET', url: `/api/affiliates/referrals/${a.account.userId}` })).json().referrals;
    expect(tree.map((r: { id: string; level: number }) => [r.id, r.level])).toEqual([
      [b.account.userId, 1],
      [c.account.userId, 2],
    ]);
  });
});
