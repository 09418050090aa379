import { randomUUID } from 'node:crypto';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { as, createBot, signUp, type Account } from '../../test/accounts.ts';
import { createTestApp, engines, type TestApp } from '../../test/harness.ts';
import { users } from '../auth/auth.table.ts';
import { conversations } from '../conversations/conversations.table.ts';
import { auditLog } from './audit.table.ts';

type Entry = { action: string; account_id: string; actor_email: string | null; target_type: string | null; target_id: string | null; details: Record<string, unknown>; ip: string | null };

describe.each(engines)('the audit log on %s', (dbEngine) => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp(dbEngine);
  });
  afterAll(() => t?.close());

  const entries = async (account: Account, query = ''): Promise<{ entries: Entry[]; next_cursor: string | null }> => {
    const res = await as(t, account)({ method: 'GET', url: `/api/audit${query}` });
    expect(res.statusCode, res.body).toBe(200);
    return res.json();
  };

  async function owner(): Promise<Account> {
    const account = await signUp(t);
    await t.database.db.update(users).set({ membershipType: 'Pro' }).where(eq(users.id, account.userId));
    return account;
  }

  it('records sign-ins, settings changes, take-overs, exports and deletions, newest first, for the account only', async () => {
    const ana = await owner();
    const login = await t.app.inject({ method: 'POST', url: '/client/login', payload: { email: ana.email, password: ana.password }, headers: { 'user-agent': 'prueba' } });
    expect(login.statusCode).toBe(200);
    const botId = await createBot(t, ana);
    const api = as(t, ana);
    expect((await api({ method: 'PATCH', url: `/bot/${botId}`, payload: { bot_name: 'Sofía 2', tone: 'Formal' } })).statusCode).toBe(200);

    await t.modules.pipeline.receive({ botId, channel: 'messenger', contactExternalId: 'psid-audit', contactName: 'Carla Ruiz', externalId: `m_${randomUUID()}`, text: 'Hola', at: new Date(), answer: false });
    const [conversation] = await t.database.db.select().from(conversations).where(eq(conversations.botId, botId));
    expect((await api({ method: 'POST', url: `/api/conversations/${conversation!.id}/takeover` })).statusCode).toBe(200);

    expect((await api({ method: 'GET', url: `/api/contacts/export?botId=${botId}` })).statusCode).toBe(200);
    const contact = await api({ method: 'POST', url: '/api/contacts', payload: { botId, name: 'Luis Pérez' } });
    expect(contact.statusCode).toBe(201);
    expect((await api({ method: 'DELETE', url: `/api/contacts/${contact.json().contact.id}` })).statusCode).toBe(204);
    expect((await api({ method: 'DELETE', url: '/bot/delete-bot', payload: { bot_id: botId } })).statusCode).toBe(200);

    const { entries: list } = await entries(ana);
    expect(list.map((e) => e.action)).toEqual([
      'bot.deleted',
      'contact.deleted',
      'contacts.exported',
      'conversation.taken_over',
      'bot.settings_changed',
      'auth.sign_in',
    ]);
    expect(list.every((e) => e.account_id === ana.userId && e.actor_email === ana.email)).toBe(true);
    expect(list.find((e) => e.action === 'bot.settings_changed')).toMatchObject({ target_type: 'bot', target_id: botId, details: { bot_name: 'Sofía 2', fields: 'bot_name,tone' } });
    expect(list.find((e) => e.action === 'conversation.taken_over')).toMatchObject({ target_type: 'conversation', target_id: conversation!.id, details: { bot_name: 'Sofía 2', contact_name: 'Carla Ruiz' } });
    // The erased contact is not named.
    expect(list.find((e) => e.action === 'contact.deleted')!.details).toEqual({ bot_name: 'Sofía 2' });
    expect(list.find((e) => e.action === 'auth.sign_in')!.ip).toEqual(expect.any(String));

    // Another account reads none of them.
    const other = await owner();
    expect((await entries(other)).entries).toEqual([]);
    expect((await t.app.inject({ method: 'GET', url: '/api/audit' })).statusCode).toBe(401);
  });

  it('records the deletion of a document of the knowledge and of a product, naming them', async () => {
    const ana = await owner();
    const botId = await createBot(t, ana);
    const api = as(t, ana);
    const doc = await api({ method: 'POST', url: '/api/training', payload: { botId, text: 'Abrimos de lunes a viernes.', document_name: 'Horario' } });
    expect(doc.statusCode, doc.body).toBe(201);
    const documentId = doc.json().document.id as string;
    expect((await api({ method: 'DELETE', url: `/api/documents/${documentId}`, payload: { botId } })).statusCode).toBe(200);
    const product = await api({ method: 'POST', url: '/api/products', payload: { botId, name: 'Limpieza dental' } });
    expect(product.statusCode, product.body).toBe(201);
    const productId = product.json().product.id as string;
    expect((await api({ method: 'DELETE', url: `/api/products/${productId}` })).statusCode).toBe(200);

    const list = (await entries(ana)).entries.filter((e) => e.action !== 'auth.sign_in');
    expect(list.map((e) => [e.action, e.target_type, e.target_id, e.details])).toEqual([
      ['product.deleted', 'product', productId, { bot_name: 'Sofía', product_name: 'Limpieza dental' }],
      ['document.deleted', 'document', documentId, { bot_name: 'Sofía', document_name: 'Horario' }],
    ]);
    // A refused deletion records nothing.
    const other = await owner();
    expect((await as(t, other)({ method: 'DELETE', url: `/api/products/${productId}` })).statusCode).not.toBe(200);
    expect((await entries(other)).entries).toEqual([]);
  });

  it('pages with a cursor and refuses a malformed one', async () => {
    const ana = await owner();
    const botId = await createBot(t, ana);
    for (const name of ['Uno', 'Dos', 'Tres', 'Cuatro', 'Cinco']) {
      expect((await as(t, ana)({ method: 'PATCH', url: `/bot/${botId}`, payload: { bot_name: name } })).statusCode).toBe(200);
    }
    const first = await entries(ana, '?limit=2');
    expect(first.entries.map((e) => e.details.bot_name)).toEqual(['Cinco', 'Cuatro']);
    const second = await entries(ana, `?limit=2&cursor=${first.next_cursor}`);
    expect(second.entries.map((e) => e.details.bot_name)).toEqual(['Tres', 'Dos']);
    const third = await entries(ana, `?limit=2&cursor=${second.next_cursor}`);
    expect(third.entries.map((e) => e.details.bot_name)).toEqual(['Uno']);
    expect(third.next_cursor).toBeNull();

    for (const query of ['?cursor=nope!', '?cursor=bm9wZQ', '?limit=0', '?limit=101', '?other=1']) {
      const res = await as(t, ana)({ method: 'GET', url: `/api/audit${query}` });
      expect(res.statusCode, query).toBe(400);
    }
  });

  it("never fails its caller: an entry that cannot be written is logged and the work goes on", async () => {
    const before = (await t.database.db.select().from(auditLog)).length;
    // An account id that is not a uuid cannot be stored.
    await expect(t.modules.audit.record({ accountId: 'not-a-uuid', actor: null, action: 'auth.sign_in' })).resolves.toBeUndefined();
    await t.database.db.transaction(async (tx) => {
      await t.modules.audit.record({ accountId: 'not-a-uuid', actor: null, action: 'auth.sign_in' }, tx);
      await t.modules.audit.record({ accountId: null, actor: null, action: 'admin.plan_set', details: { plan: 'Pro' } }, tx);
    });
    expect((await t.database.db.select().from(auditLog)).length).toBe(before + 1);
  });
});
