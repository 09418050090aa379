import { eq } from 'drizzle-orm';
import { jsonb, pgTable, text, timestamp, uuid } from 'drizzle-orm/pg-core';
import { afterAll, describe, expect, it } from 'vitest';
import { migrationsUpTo } from '../../db/test-support/migrations-up-to.ts';
import { createTestDatabase, engines } from '../../test/harness.ts';
import { pairErrors } from '../../channels/whatsapp-web/session-manager.ts';
import { whatsappWebSessions } from '../../channels/whatsapp-web/whatsapp-web.table.ts';
import { bots, channelAccounts, type StoredCredential } from './bots.table.ts';

/** The bots table as it stood before this migration: later migrations add columns to it. */
const botsBefore = pgTable('bots', {
  id: uuid('id').primaryKey().defaultRandom(),
  userId: uuid('user_id').notNull(),
  botName: text('bot_name').notNull(),
  botObjective: text('bot_objective').notNull(),
  businessName: text('business_name').notNull(),
  purpose: text('purpose').notNull(),
  metaCredentials: jsonb('meta_credentials').$type<StoredCredential[]>().notNull().default([]),
  messengerCredentials: jsonb('messenger_credentials').$type<StoredCredential[]>().notNull().default([]),
  updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  deletedAt: timestamp('deleted_at', { withTimezone: true }),
});

/** The users table as it stood before this migration: later migrations add columns to it. */
const users = pgTable('users', {
  id: uuid('id').primaryKey().defaultRandom(),
  name: text('name').notNull(),
  email: text('email').notNull(),
  passwordHash: text('password_hash').notNull(),
});

const TAG = '0014_channel_accounts';

describe.each(engines)('the channel accounts migration on %s', (engine) => {
  const folders: { remove(): void }[] = [];
  afterAll(() => folders.forEach((f) => f.remove()));

  it('gives each stored account to the most recently updated live bot naming it; the others lose it as by a disconnection', async () => {
    const folder = migrationsUpTo(TAG);
    folders.push(folder);
    const { database, drop } = await createTestDatabase(engine, { migrationsFolder: folder.dir });
    try {
      const db = database.db;
      const [u1, u2] = await db
        .insert(users)
        .values([
          { name: 'Ana', email: 'ana@clinica.mx', passwordHash: 'x' },
          { name: 'Luis', email: 'luis@taller.mx', passwordHash: 'x' },
        ])
        .returning();
      const bot = async (userId: string, updatedAt: string, creds: Partial<typeof botsBefore.$inferInsert>) =>
        (await db.insert(botsBefore).values({ userId, botName: 'B', botObjective: 'creative', businessName: 'N', purpose: 'p', updatedAt: new Date(updatedAt), ...creds }).returning())[0]!;
      const token = { access_token_sealed: 'v1.sealed' };
      // Ana's older bot and Luis's newer one both name the number P, and the Instagram account I.
      const a = await bot(u1!.id, '2026-01-01T00:00:00Z', {
        metaCredentials: [{ ...token, phone_number_id: '11111', waba_id: '90001' }],
        messengerCredentials: [{ ...token, page_id: '22222', instagram_account_id: '33333' }],
      });
      const b = await bot(u2!.id, '2026-02-01T00:00:00Z', {
        metaCredentials: [{ ...token, phone_number_id: '11111', waba_id: '90002' }],
        messengerCredentials: [{ ...token, page_id: '44444', instagram_account_id: '33333' }],
      });
      // A deleted bot holds nothing.
      const c = await bot(u2!.id, '2026-06-01T00:00:00Z', { metaCredentials: [{ ...token, phone_number_id: '55555' }], deletedAt: new Date('2026-06-02T00:00:00Z') });
      // Ana's newest bot names the page of her first one.
      const d = await bot(u1!.id, '2026-03-01T00:00:00Z', { messengerCredentials: [{ ...token, page_id: '22222' }] });
      // A bot that loses its page loses the Instagram account answered through it.
      const e = await bot(u1!.id, '2026-04-01T00:00:00Z', { messengerCredentials: [{ ...token, page_id: '66666', instagram_account_id: '77777' }] });
      const f = await bot(u2!.id, '2026-05-01T00:00:00Z', { messengerCredentials: [{ ...token, page_id: '66666' }] });
      // One number paired by QR on two bots.
      await db.insert(whatsappWebSessions).values([
        { botId: a.id, status: 'connected', phone: '+5213311112222', updatedAt: new Date('2026-01-05T00:00:00Z') },
        { botId: b.id, status: 'connected', phone: '+5213311112222', updatedAt: new Date('2026-02-05T00:00:00Z') },
        { botId: d.id, status: 'connected', phone: '+5213399998888' },
      ]);

      folder.complete();
      await database.migrate();

      const rows = await db.select().from(channelAccounts);
      const table = Object.fromEntries(rows.map((r) => [`${r.channel}:${r.accountId}`, r.botId]));
      expect(table).toEqual({
        'whatsapp:11111': b.id,
        'messenger:22222': d.id,
        'instagram:33333': b.id,
        'messenger:44444': b.id,
        'messenger:66666': f.id,
        'whatsmeow:+5213311112222': b.id,
        'whatsmeow:+5213399998888': d.id,
      });
      const after = async (id: string) => (await db.select().from(bots).where(eq(bots.id, id)))[0]!;
      expect(await after(a.id)).toMatchObject({ metaCredentials: [], messengerCredentials: [] });
      expect(await after(b.id)).toMatchObject({ metaCredentials: b.metaCredentials, messengerCredentials: b.messengerCredentials });
      expect((await after(c.id)).metaCredentials).toEqual(c.metaCredentials);
      expect((await after(e.id)).messengerCredentials).toEqual([]);
      expect((await after(f.id)).messengerCredentials).toEqual(f.messengerCredentials);
      const sessions = await db.select().from(whatsappWebSessions);
      expect(sessions.find((s) => s.botId === a.id)).toMatchObject({ status: 'disconnected', pairError: pairErrors.numberTaken });
      expect(sessions.find((s) => s.botId === b.id)).toMatchObject({ status: 'connected', pairError: null });
    } finally {
      await drop();
    }
  });

  it('takes from the older bot only the Instagram account named twice; its page stays', async () => {
    const folder = migrationsUpTo(TAG);
    folders.push(folder);
    const { database, drop } = await createTestDatabase(engine, { migrationsFolder: folder.dir });
    try {
      const db = database.db;
      const [u] = await db.insert(users).values({ name: 'Ana', email: 'ana@tienda.mx', passwordHash: 'x' }).returning();
      const make = async (updatedAt: string, page: string) =>
        (await db
          .insert(botsBefore)
          .values({ userId: u!.id, botName: 'B', botObjective: 'creative', businessName: 'N', purpose: 'p', updatedAt: new Date(updatedAt), messengerCredentials: [{ access_token_sealed: 'v1.s', page_id: page, instagram_account_id: '88888' }] })
          .returning())[0]!;
      const older = await make('2026-01-01T00:00:00Z', '10001');
      const newer = await make('2026-02-01T00:00:00Z', '10002');
      folder.complete();
      await database.migrate();
      const [olderRow] = await db.select().from(bots).where(eq(bots.id, older.id));
      expect(olderRow!.messengerCredentials).toEqual([{ access_token_sealed: 'v1.s', page_id: '10001' }]);
      const held = await db.select().from(channelAccounts).where(eq(channelAccounts.botId, older.id));
      expect(held.map((r) => `${r.channel}:${r.accountId}`)).toEqual(['messenger:10001']);
      const newest = await db.select().from(channelAccounts).where(eq(channelAccounts.botId, newer.id));
      expect(newest.map((r) => `${r.channel}:${r.accountId}`).sort()).toEqual(['instagram:88888', 'messenger:10002']);
    } finally {
      await drop();
    }
  });
});
