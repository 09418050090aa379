import { randomBytes } from 'node:crypto';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { BufferJSON, proto } from '@whiskeysockets/baileys';
import { secretBox } from '../../lib/crypto.ts';
import { createTestDatabase, engines } from '../../test/harness.ts';
import { insertBot } from '../../test/fixtures.ts';
import type { Database } from '../../db/client.ts';
import { databaseAuthState } from './auth-state.ts';
import { whatsappWebRepository } from './whatsapp-web.repository.ts';
import { whatsappWebKeys, whatsappWebSessions } from './whatsapp-web.table.ts';

describe.each(engines)('WhatsApp Web auth state in the database on %s', (engine) => {
  let database: Database;
  let drop: () => Promise<void>;
  const box = secretBox(randomBytes(32));

  beforeAll(async () => {
    ({ database, drop } = await createTestDatabase(engine));
  });
  afterAll(() => drop?.());

  const useAuthState = () => databaseAuthState(whatsappWebRepository(database.db), box);
  const b64 = (b: Uint8Array) => Buffer.from(b).toString('base64');

  it('starts fresh credentials, seals them, and reads back the same bytes', async () => {
    const { bot } = await insertBot(database);
    const first = await useAuthState()(bot.id);
    expect(first.state.creds.registered).toBe(false);
    first.state.creds.me = { id: '5213312345678:17@s.whatsapp.net', name: 'Clínica' };
    await first.saveCreds();

    const [row] = await database.db.select().from(whatsappWebSessions).where(eq(whatsappWebSessions.botId, bot.id));
    expect(row!.credsSealed).toMatch(/^v1\./);
    // Neither the private keys nor the account id are readable in the row.
    expect(row!.credsSealed).not.toContain(b64(first.state.creds.noiseKey.private));
    expect(row!.credsSealed).not.toContain(b64(first.state.creds.signedIdentityKey.private));
    expect(row!.credsSealed).not.toContain('5213312345678');
    // Another key cannot open it.
    expect(() => secretBox(randomBytes(32)).open(row!.credsSealed!)).toThrow();

    const again = await useAuthState()(bot.id);
    expect(Buffer.isBuffer(again.state.creds.noiseKey.private)).toBe(true);
    expect(b64(again.state.creds.noiseKey.private)).toBe(b64(first.state.creds.noiseKey.private));
    expect(b64(again.state.creds.signedPreKey.signature)).toBe(b64(first.state.creds.signedPreKey.signature));
    expect(again.state.creds.registrationId).toBe(first.state.creds.registrationId);
    expect(again.state.creds.advSecretKey).toBe(first.state.creds.advSecretKey);
    expect(again.state.creds.me).toEqual({ id: '5213312345678:17@s.whatsapp.net', name: 'Clínica' });
    expect(JSON.stringify(again.state.creds, BufferJSON.replacer)).toBe(JSON.stringify(first.state.creds, BufferJSON.replacer));
  });

  it('stores each Signal key sealed, reads them back typed, and deletes on null', async () => {
    const { bot } = await insertBot(database);
    const auth = await useAuthState()(bot.id);
    const preKey = { public: randomBytes(32), private: randomBytes(32) };
    const session = new Uint8Array(randomBytes(120));
    const appKey = proto.Message.AppStateSyncKeyData.fromObject({
      keyData: randomBytes(32),
      fingerprint: { rawId: 7, currentIndex: 2, deviceIndexes: [0, 2] },
      timestamp: 1772472600,
    });
    await auth.state.keys.set({
      'pre-key': { '1': preKey, '2': { public: randomBytes(32), private: randomBytes(32) } },
      session: { '5213398765432.0': session },
      'app-state-sync-key': { AAAAAFxE: appKey },
      'lid-mapping': { '5213398765432': '204512345678901' },
    });

    const rows = await database.db.select().from(whatsappWebKeys).where(eq(whatsappWebKeys.botId, bot.id));
    expect(rows).toHaveLength(5);
    for (const r of rows) {
      expect(r.valueSealed).toMatch(/^v1\./);
      expect(r.valueSealed).not.toContain(b64(preKey.private));
    }

    const fresh = await useAuthState()(bot.id);
    const pre = await fresh.state.keys.get('pre-key', ['1', '3']);
    expect(Object.keys(pre)).toEqual(['1']);
    expect(b64(pre['1']!.private)).toBe(b64(preKey.private));
    const sessions = await fresh.state.keys.get('session', ['5213398765432.0']);
    expect(b64(sessions['5213398765432.0']!)).toBe(b64(session));
    const app = await fresh.state.keys.get('app-state-sync-key', ['AAAAAFxE']);
    expect(app.AAAAAFxE).toBeInstanceOf(proto.Message.AppStateSyncKeyData);
    expect(b64(app.AAAAAFxE!.keyData!)).toBe(b64(appKey.keyData!));
    expect(app.AAAAAFxE!.fingerprint?.deviceIndexes).toEqual([0, 2]);
    expect(await fresh.state.keys.get('lid-mapping', ['5213398765432'])).toEqual({ '5213398765432': '204512345678901' });

    // A key written again replaces the old value; null deletes.
    const replaced = { public: randomBytes(32), private: randomBytes(32) };
    await fresh.state.keys.set({ 'pre-key': { '1': replaced, '2': null } });
    const after = await fresh.state.keys.get('pre-key', ['1', '2']);
    expect(Object.keys(after)).toEqual(['1']);
    expect(b64(after['1']!.private)).toBe(b64(replaced.private));
  });

  it('forgets credentials and keys of one session only', async () => {
    const a = await insertBot(database);
    const b = await insertBot(database);
    for (const botId of [a.bot.id, b.bot.id]) {
      const auth = await useAuthState()(botId);
      await auth.saveCreds();
      await auth.state.keys.set({ 'pre-key': { '1': { public: randomBytes(32), private: randomBytes(32) } } });
    }
    await (await useAuthState()(a.bot.id)).clear();
    const repo = whatsappWebRepository(database.db);
    expect(await repo.readCreds(a.bot.id)).toBeNull();
    expect(await repo.countKeys(a.bot.id)).toBe(0);
    expect(await repo.readCreds(b.bot.id)).toMatch(/^v1\./);
    expect(await repo.countKeys(b.bot.id)).toBe(1);
    // A cleared session pairs from new credentials.
    expect((await useAuthState()(a.bot.id)).state.creds.registered).toBe(false);
  });
});
