import { eq } from 'drizzle-orm';
import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { AppError } from '../../lib/errors.ts';
import { insertBot, setPlan } from '../../test/fixtures.ts';
import { as, createBot, signUp, type Account } from '../../test/accounts.ts';
import { createTestApp, engines, type TestApp } from '../../test/harness.ts';
import { users } from '../auth/auth.table.ts';
import { bots } from '../bots/bots.table.ts';
import { seats } from '../seats/seats.table.ts';
import { accessRepository } from './access.repository.ts';
import { accessService, type AccessService, type Actor } from './access.service.ts';

const codeOf = (call: Promise<unknown>) =>
  call.then(
    () => 'allowed',
    (err: unknown) => (err instanceof AppError ? err.code : Promise.reject(err)),
  );

/** Counts the statements the app's database runs until `stop` (either engine). */
function countStatements(t: TestApp) {
  let n = 0;
  const target = (t.database.pglite ?? t.database.pool!) as unknown as { query: (...args: unknown[]) => Promise<unknown> };
  const query = target.query;
  target.query = function (this: unknown, ...args: unknown[]) {
    n++;
    return query.apply(this, args);
  };
  return {
    stop() {
      target.query = query;
      return n;
    },
  };
}

describe.each(engines)('access on %s', (engine) => {
  let t: TestApp;
  let access: AccessService;
  beforeAll(async () => {
    t = await createTestApp(engine);
    access = accessService(accessRepository(t.database.db));
  });
  afterAll(() => t?.close());

  async function ownerAndBot(overrides: Partial<typeof bots.$inferInsert> = {}) {
    const { user, bot } = await insertBot(t.database, overrides);
    return { owner: { id: user.id, role: user.role } satisfies Actor, bot };
  }

  describe('the face', () => {
    it('lets the owner read and change their bot, and answers the bot', async () => {
      const { owner, bot } = await ownerAndBot();
      expect((await access.requireRead(owner, bot.id, 'settings')).id).toBe(bot.id);
      expect((await access.requireWrite(owner, bot.id, 'knowledge')).id).toBe(bot.id);
      expect(await access.canRead(owner, bot.id, 'conversations')).toBe(true);
      expect(await access.canWrite(owner, bot.id, 'products')).toBe(true);
    });

    it('refuses another owner with FORBIDDEN, or NOT_FOUND where another owner’s bot is hidden', async () => {
      const { bot } = await ownerAndBot();
      const { owner: other } = await ownerAndBot();
      expect(await codeOf(access.requireRead(other, bot.id, 'settings'))).toBe('FORBIDDEN');
      expect(await codeOf(access.requireWrite(other, bot.id, 'settings'))).toBe('FORBIDDEN');
      expect(await codeOf(access.requireRead(other, bot.id, 'contacts', { hidden: true }))).toBe('NOT_FOUND');
      expect(await codeOf(access.requireWrite(other, bot.id, 'conversations', { hidden: true }))).toBe('NOT_FOUND');
      expect(await access.canRead(other, bot.id, 'settings')).toBe(false);
      expect(await access.canWrite(other, bot.id, 'settings')).toBe(false);
    });

    it('lets the main admin account read and change any bot', async () => {
      const { bot } = await ownerAndBot();
      const { owner } = await ownerAndBot();
      const admin: Actor = { id: owner.id, role: 'admin' };
      expect((await access.requireRead(admin, bot.id, 'settings')).id).toBe(bot.id);
      expect((await access.requireWrite(admin, bot.id, 'settings')).id).toBe(bot.id);
      expect(await access.canWrite(admin, bot.id, 'channels')).toBe(true);
    });

    it('reads a locked bot but refuses changes with BOT_LOCKED, except those a locked bot allows', async () => {
      const { owner, bot } = await ownerAndBot({ locked: true, lockedReason: 'Pago pendiente' });
      expect((await access.requireRead(owner, bot.id, 'settings')).id).toBe(bot.id);
      expect(await codeOf(access.requireWrite(owner, bot.id, 'settings'))).toBe('BOT_LOCKED');
      expect(await codeOf(access.requireWrite(owner, bot.id, 'contacts', { hidden: true }))).toBe('BOT_LOCKED');
      expect(await codeOf(access.requireWrite({ ...owner, role: 'admin' }, bot.id, 'settings'))).toBe('BOT_LOCKED');
      expect((await access.requireWrite(owner, bot.id, 'settings', { evenLocked: true })).id).toBe(bot.id);
      expect(await access.canRead(owner, bot.id, 'settings')).toBe(true);
      expect(await access.canWrite(owner, bot.id, 'settings')).toBe(false);
    });

    it('answers NOT_FOUND for a deleted or unknown bot, to anyone', async () => {
      const { owner, bot } = await ownerAndBot({ deletedAt: new Date() });
      expect(await codeOf(access.requireRead(owner, bot.id, 'settings'))).toBe('NOT_FOUND');
      expect(await codeOf(access.requireWrite({ ...owner, role: 'admin' }, randomUUID(), 'settings'))).toBe('NOT_FOUND');
      expect(await access.canRead(owner, bot.id, 'settings')).toBe(false);
    });

    it("opens a bot's room to its owner's sockets only", async () => {
      const { owner, bot } = await ownerAndBot();
      const { owner: other } = await ownerAndBot();
      expect(await access.canJoinRoom(owner.id, bot.id)).toBe(true);
      expect(await access.canJoinRoom(other.id, bot.id)).toBe(false);
      expect(await access.canJoinRoom(owner.id, randomUUID())).toBe(false);
    });

    it("names the account whose bots an actor may list: their own, or any for the main admin", async () => {
      const { user } = await insertBot(t.database);
      const { user: otherUser } = await insertBot(t.database);
      expect(await access.readableAccount(user, user.email)).toEqual({ accountId: user.id, botIds: null });
      expect(await codeOf(access.readableAccount(user, otherUser.email))).toBe('FORBIDDEN');
      const admin = { ...user, role: 'admin' as const };
      expect(await access.readableAccount(admin, otherUser.email)).toEqual({ accountId: otherUser.id, botIds: null });
      expect(await access.readableAccount(admin, 'nadie@test.mx')).toBeUndefined();
      expect(access.writableAccount(user, user.email)).toBe(user.id);
      expect(() => access.writableAccount(admin, otherUser.email)).toThrow(AppError);
      expect(await access.creatableAccount(user, user.email)).toBe(user.id);
      expect(await codeOf(access.creatableAccount(user, otherUser.email))).toBe('FORBIDDEN');
    });
  });

  describe('the account a signed-in person works in', () => {
    it('is read for every request together: one query for the lookups of one moment, each answered its own', async () => {
      const { owner } = await ownerAndBot();
      const { user: member } = await insertBot(t.database);
      await t.database.db.delete(bots).where(eq(bots.userId, member.id));
      const [ownerRow] = await t.database.db.select({ email: users.email }).from(users).where(eq(users.id, owner.id));
      await t.database.db.insert(seats).values({ accountId: owner.id, userId: member.id, email: 'equipo@example.com', name: 'Equipo', role: 'agent', botIds: [], status: 'active' });
      const repo = accessRepository(t.database.db);
      const statements = countStatements(t);
      const [ofOwner, ofMember, ofNobody, ofNoId] = await Promise.all([repo.membership(owner.id), repo.membership(member.id), repo.membership(randomUUID()), repo.membership('no-es-un-id')]);
      expect(statements.stop()).toBe(1);
      expect(ofOwner).toEqual({ membership: null, ownsBots: true });
      expect(ofMember).toEqual({ membership: { accountId: owner.id, accountEmail: ownerRow!.email, role: 'agent', botIds: [] }, ownsBots: false });
      expect(ofNobody).toEqual({ membership: null, ownsBots: false });
      expect(ofNoId).toEqual({ membership: null, ownsBots: false });
      expect(await access.membership(member.id)).toMatchObject({ accountId: owner.id, role: 'agent' });
    });
  });

  describe('through the routes', () => {
    let a: Account;
    let b: Account;
    let admin: Account;
    let botId: string;
    beforeAll(async () => {
      a = await signUp(t);
      await setPlan(t.database, a.userId, 'Pro');
      b = await signUp(t);
      admin = await signUp(t);
      await t.database.db.update(users).set({ role: 'admin' }).where(eq(users.id, admin.userId));
      botId = await createBot(t, a);
    });

    it('answers the owner and the main admin, 403 to another owner, 404 in the CRM', async () => {
      expect((await as(t, a)({ method: 'GET', url: `/api/documents/${botId}` })).statusCode).toBe(200);
      expect((await as(t, admin)({ method: 'GET', url: `/api/documents/${botId}` })).statusCode).toBe(200);
      const refused = await as(t, b)({ method: 'GET', url: `/api/documents/${botId}` });
      expect(refused.statusCode).toBe(403);
      expect(refused.json().error.code).toBe('FORBIDDEN');
      expect((await as(t, b)({ method: 'GET', url: `/api/pipeline/${botId}/stages` })).statusCode).toBe(404);
      expect((await as(t, a)({ method: 'GET', url: `/api/pipeline/${botId}/stages` })).statusCode).toBe(200);
    });

    it('refuses a change to a locked bot with 423 BOT_LOCKED and still deletes it', async () => {
      const locked = await createBot(t, a);
      await t.database.db.update(bots).set({ locked: true }).where(eq(bots.id, locked));
      const res = await as(t, a)({ method: 'POST', url: '/api/training', payload: { botId: locked, text: 'Abrimos de lunes a viernes.' } });
      expect(res.statusCode).toBe(423);
      expect(res.json().error.code).toBe('BOT_LOCKED');
      expect((await as(t, admin)({ method: 'POST', url: '/bot/change-status', payload: { botId: locked } })).statusCode).toBe(423);
      expect((await as(t, a)({ method: 'DELETE', url: '/bot/delete-bot', payload: { bot_id: locked } })).statusCode).toBe(200);
    });
  });
});
