import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { errorMessages } from '@charla/shared';
import { AppError } from '../../lib/errors.ts';
import { insertBot, setPlan } from '../../test/fixtures.ts';
import { createTestDatabase, engines } from '../../test/harness.ts';
import type { Database } from '../../db/client.ts';
import { bots } from '../bots/bots.table.ts';
import { contacts, messageUsage } from '../conversations/conversations.table.ts';
import { quotaService, usageMonth, type QuotaService } from './quota.service.ts';

describe.each(engines)('quota on %s', (engine) => {
  let database: Database;
  let drop: () => Promise<void>;
  let quota: QuotaService;
  beforeAll(async () => {
    ({ database, drop } = await createTestDatabase(engine));
    quota = quotaService(database.db);
  });
  afterAll(() => drop?.());

  /** An account on `plan` with one live bot. */
  async function account(plan: string) {
    const { user, bot } = await insertBot(database);
    await setPlan(database, user.id, plan);
    return { id: user.id, bot };
  }

  it('counts live bots against the plan: BOT_LIMIT_REACHED at the limit', async () => {
    const free = await account('Free');
    expect(await quota.check(free.id, 'bots')).toEqual({ ok: false, code: 'BOT_LIMIT_REACHED', plan: 'Free', limit: 1, used: 1 });
    await database.db.update(bots).set({ deletedAt: new Date() }).where(eq(bots.userId, free.id));
    expect(await quota.check(free.id, 'bots')).toEqual({ ok: true, plan: 'Free', limit: 1, used: 0 });
    const pro = await account('Pro');
    expect(await quota.check(pro.id, 'bots')).toMatchObject({ ok: true, plan: 'Pro', limit: 10, used: 1 });
  });

  it('reads a limit inside the caller’s transaction, the account locked', async () => {
    const basic = await account('Basic');
    const answer = await database.db.transaction((tx) => quota.check(basic.id, 'bots', { tx }));
    expect(answer).toMatchObject({ ok: true, limit: 3, used: 1 });
  });

  it("counts the month's automatic replies: MESSAGE_LIMIT_REACHED at the plan's number", async () => {
    const free = await account('Free');
    const month = usageMonth(new Date());
    expect(await quota.check(free.id, 'messages')).toEqual({ ok: true, plan: 'Free', limit: 100, used: 0 });
    await database.db.insert(messageUsage).values({ userId: free.id, month, count: 99 });
    expect(await quota.check(free.id, 'messages', { month })).toMatchObject({ ok: true, used: 99 });
    await database.db.insert(messageUsage).values({ userId: free.id, month: '2020-01', count: 500 });
    await database.db.update(messageUsage).set({ count: 100 }).where(and(eq(messageUsage.userId, free.id), eq(messageUsage.month, month)));
    expect(await quota.check(free.id, 'messages', { month })).toEqual({ ok: false, code: 'MESSAGE_LIMIT_REACHED', plan: 'Free', limit: 100, used: 100 });
    expect(await quota.check(free.id, 'messages', { month: '2020-02' })).toMatchObject({ ok: true, used: 0 });
  });

  it('answers SEAT_LIMIT_REACHED where the plan has no seat left', async () => {
    expect(await quota.check((await account('Free')).id, 'seats')).toEqual({ ok: false, code: 'SEAT_LIMIT_REACHED', plan: 'Free', limit: 0, used: 0 });
    expect(await quota.check((await account('Mini')).id, 'seats')).toEqual({ ok: true, plan: 'Mini', limit: 1, used: 0 });
  });

  it('answers PLAN_REQUIRED for a protected feature below Pro', async () => {
    for (const plan of ['Free', 'Mini', 'Basic', 'Plata']) {
      const id = (await account(plan)).id;
      expect(await quota.check(id, 'protectedFeature')).toMatchObject({ ok: false, code: 'PLAN_REQUIRED', limit: null });
      await expect(quota.requireFeature(id, 'massSender')).rejects.toMatchObject({ code: 'PLAN_REQUIRED', statusCode: 402 });
      await expect(quota.requireFeature(id, 'partners')).rejects.toMatchObject({ code: 'PLAN_REQUIRED' });
    }
    for (const plan of ['Pro', 'Enterprise']) {
      const id = (await account(plan)).id;
      expect(await quota.check(id, 'protectedFeature')).toMatchObject({ ok: true, plan });
      expect(await quota.requireFeature(id, 'massSender')).toMatchObject({ ok: true });
    }
  });

  it("counts the CRM contacts of the account's live bots: CONTACT_LIMIT_REACHED past the plan's number, none on Enterprise", async () => {
    const free = await account('Free');
    expect(await quota.check(free.id, 'contacts')).toEqual({ ok: true, plan: 'Free', limit: 250, used: 0 });
    await database.db.insert(contacts).values(Array.from({ length: 249 }, (_, i) => ({ botId: free.bot.id, name: `C${i}` })));
    expect(await quota.check(free.id, 'contacts')).toMatchObject({ ok: true, used: 249 });
    // An import of two would pass the limit; of one it fits.
    expect(await quota.check(free.id, 'contacts', { adding: 2 })).toEqual({ ok: false, code: 'CONTACT_LIMIT_REACHED', plan: 'Free', limit: 250, used: 249 });
    expect(await quota.check(free.id, 'contacts', { adding: 1 })).toMatchObject({ ok: true });
    await setPlan(database, free.id, 'Enterprise');
    expect(await quota.check(free.id, 'contacts', { adding: 1_000_000 })).toEqual({ ok: true, plan: 'Enterprise', limit: null, used: 249 });
    await database.db.update(bots).set({ deletedAt: new Date() }).where(eq(bots.userId, free.id));
    expect(await quota.check(free.id, 'contacts')).toMatchObject({ used: 0 });
  });

  it('throws the refusal as an error of the shared catalogue (402)', async () => {
    const free = await account('Free');
    const thrown = await quota.require(free.id, 'protectedFeature').catch((err: unknown) => err);
    expect(thrown).toBeInstanceOf(AppError);
    expect(thrown).toMatchObject({ code: 'PLAN_REQUIRED', statusCode: 402 });
    for (const code of ['BOT_LIMIT_REACHED', 'MESSAGE_LIMIT_REACHED', 'SEAT_LIMIT_REACHED', 'CONTACT_LIMIT_REACHED', 'PLAN_REQUIRED'] as const) {
      expect(new AppError(code).statusCode).toBe(402);
      expect(errorMessages[code].es).toBeTruthy();
      expect(errorMessages[code].en).toBeTruthy();
    }
    expect(await quota.require((await account('Pro')).id, 'protectedFeature')).toMatchObject({ ok: true });
  });
});
