import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { offlineEngine } from '../../engine/offline/offline-engine.ts';
import { as, createBot, signUp, type Account } from '../../test/accounts.ts';
import { cookieHeader, createTestApp, engines, type TestApp } from '../../test/harness.ts';
import { authRepository } from '../auth/auth.repository.ts';
import { appointments } from '../appointments/appointments.table.ts';
import { contacts, conversations, messages } from '../conversations/conversations.table.ts';

const knowledge = `Precios de la Clínica Sonrisa

Limpieza dental
La limpieza dental cuesta $650 MXN y dura 45 minutos.

Horario
Atendemos de lunes a viernes de 9:00 a 19:00 y los sábados de 9:00 a 14:00.

Ubicación
Estamos en Av. Chapultepec Sur 480, colonia Americana, Guadalajara.`;

describe.each(engines)('saved tests of a bot on %s', (engine) => {
  let t: TestApp;
  let owner: Account;
  let other: Account;
  let botId: string;
  let otherBotId: string;

  beforeAll(async () => {
    t = await createTestApp(engine, {}, offlineEngine());
    owner = await signUp(t);
    other = await signUp(t);
    botId = await createBot(t, owner, { welcome_message: '' });
    otherBotId = await createBot(t, other);
    const user = (await authRepository(t.database).findUserById(owner.userId))!;
    const doc = await t.modules.training.trainText(user, botId, knowledge, 'Precios', 'es');
    await t.modules.training.process(doc.id, 0);
  });
  afterAll(() => t?.close());

  const api = (opts: Parameters<ReturnType<typeof as>>[0]) => as(t, owner)(opts);
  const create = (body: Record<string, unknown>, account = owner) => as(t, account)({ method: 'POST', url: '/api/bot-tests', payload: body });
  const list = async (id = botId) => (await api({ method: 'GET', url: `/api/bot-tests?botId=${id}` })).json().items as { id: string; question: string; lastRun?: { passed: boolean; reply: string; at: string } }[];

  async function counts() {
    const db = t.database.db;
    const n = async (q: Promise<{ n: number }[]>) => Number((await q)[0]!.n);
    const count = sql<number>`count(*)::int`;
    return {
      contacts: await n(db.select({ n: count }).from(contacts).where(eq(contacts.botId, botId))),
      conversations: await n(db.select({ n: count }).from(conversations).where(eq(conversations.botId, botId))),
      messages: await n(db.select({ n: count }).from(messages).where(eq(messages.botId, botId))),
      appointments: await n(db.select({ n: count }).from(appointments).where(eq(appointments.botId, botId))),
    };
  }

  it('keeps a test with its facts; the same test sent twice is stored once', async () => {
    const body = { botId, question: '¿Cuánto cuesta una limpieza?', expect: [['650', 'seiscientos cincuenta']], expectNot: [['gratis']] };
    const res = await create(body);
    expect(res.statusCode).toBe(201);
    const { test } = res.json();
    expect(test).toMatchObject({ question: '¿Cuánto cuesta una limpieza?', expect: [['650', 'seiscientos cincuenta']], expectNot: [['gratis']] });
    expect(test.lastRun).toBeUndefined();
    const again = await create(body);
    expect(again.statusCode).toBe(200);
    expect(again.json().test.id).toBe(test.id);
    // The same question with other facts is another test: refused, in the user's language.
    const other = await create({ ...body, expect: [['700']] });
    expect(other.statusCode).toBe(409);
    expect(other.json().error).toMatchObject({ code: 'BOT_TEST_EXISTS', message: expect.stringMatching(/Ya tienes una prueba con esa pregunta/) });
    // expectNot is optional.
    const plain = await create({ botId, question: '¿Dónde están?', expect: [['chapultepec']] });
    expect(plain.statusCode).toBe(201);
    expect(plain.json().test.expectNot).toEqual([]);
    expect((await list()).map((x) => x.question)).toEqual(['¿Cuánto cuesta una limpieza?', '¿Dónde están?']);
  });

  it('refuses bad input with clear messages, never a 500', async () => {
    const bad = await create({ botId, question: '', expect: [] });
    expect(bad.statusCode).toBe(400);
    expect(Object.keys(bad.json().error.fields).sort()).toEqual(['expect', 'question']);
    expect(bad.json().error.fields.question).toBe('Este campo es obligatorio.');
    const long = await create({ botId, question: 'x'.repeat(501), expect: [['a']] }, owner);
    expect(long.json().error.fields.question).toBe('Usa como máximo 500 caracteres.');
    const groups = await create({ botId, question: 'Muchos', expect: Array.from({ length: 11 }, () => ['a']) });
    expect(groups.statusCode).toBe(400);
    expect(groups.json().error.fields.expect).toBe('El máximo es 10.');
    const alternatives = await create({ botId, question: 'Muchas', expect: [Array.from({ length: 11 }, (_, i) => `a${i}`)] });
    expect(alternatives.json().error.fields['expect.0']).toBe('El máximo es 10.');
    const empty = await create({ botId, question: 'Vacía', expect: [['  ']], expectNot: [[]] });
    expect(Object.keys(empty.json().error.fields).sort()).toEqual(['expect.0.0', 'expectNot.0']);
    const nul = await create({ botId, question: 'Hola\u0000', expect: [['a']] });
    expect(nul.statusCode).toBe(400);
    const extra = await create({ botId, question: 'Hola', expect: [['a']], passed: true });
    expect(extra.statusCode).toBe(400);
    const english = await as(t, owner)({ method: 'POST', url: '/api/bot-tests', headers: { 'accept-language': 'en' }, payload: { botId, question: '', expect: [['a']] } });
    expect(english.json().error.fields.question).toBe('This field is required.');
    expect((await api({ method: 'GET', url: '/api/bot-tests?botId=nope' })).statusCode).toBe(400);
    expect((await api({ method: 'GET', url: '/api/bot-tests' })).statusCode).toBe(400);
    expect((await api({ method: 'DELETE', url: '/api/bot-tests/nope' })).statusCode).toBe(400);
    expect((await api({ method: 'POST', url: '/api/bot-tests/run', payload: {} })).statusCode).toBe(400);
    expect((await t.app.inject({ method: 'GET', url: `/api/bot-tests?botId=${botId}` })).statusCode).toBe(401);
  });

  it('plays every test through the bot without touching the inbox or the CRM, and keeps the outcome', async () => {
    await create({ botId, question: '¿Tienen servicio a domicilio?', expect: [['a domicilio sin costo']] });
    await create({ botId, question: '¿Abren los sábados?', expect: [['9:00', '9 am'], ['14:00', '2 pm']], expectNot: [['domingo abierto']] });
    const before = await counts();
    const res = await api({ method: 'POST', url: '/api/bot-tests/run', payload: { botId } });
    expect(res.statusCode).toBe(200);
    const run = res.json();
    const tests = await list();
    expect(run.results.map((r: { id: string }) => r.id)).toEqual(tests.map((x) => x.id));
    const byQuestion = Object.fromEntries(tests.map((x) => [x.question, run.results.find((r: { id: string }) => r.id === x.id)]));
    expect(byQuestion['¿Cuánto cuesta una limpieza?']).toMatchObject({ passed: true, reply: expect.stringContaining('650') });
    expect(byQuestion['¿Dónde están?']).toMatchObject({ passed: true, reply: expect.stringMatching(/Chapultepec/) });
    expect(byQuestion['¿Abren los sábados?'].passed).toBe(true);
    expect(byQuestion['¿Tienen servicio a domicilio?'].passed).toBe(false);
    expect(run).toMatchObject({ passed: 3, failed: 1 });
    expect(await counts()).toEqual(before);
    // The outcome stays with each test until the next run.
    for (const x of tests) {
      const result = run.results.find((r: { id: string }) => r.id === x.id);
      expect(x.lastRun).toMatchObject({ passed: result.passed, reply: result.reply });
      expect(Date.parse(x.lastRun!.at)).toBeGreaterThan(Date.now() - 60_000);
    }
    // Played again, the same outcome.
    const again = (await api({ method: 'POST', url: '/api/bot-tests/run', payload: { botId } })).json();
    expect(again.results).toEqual(run.results);
  });

  it("deletes a test; another account's test or bot is not theirs", async () => {
    const mine = (await create({ botId, question: 'Para borrar', expect: [['x']] })).json().test;
    const theirs = (await create({ botId: otherBotId, question: 'De otra cuenta', expect: [['x']] }, other)).json().test;
    const asOther = as(t, other);
    expect((await asOther({ method: 'DELETE', url: `/api/bot-tests/${mine.id}` })).statusCode).toBe(404);
    expect((await asOther({ method: 'GET', url: `/api/bot-tests?botId=${botId}` })).statusCode).toBe(403);
    expect((await asOther({ method: 'POST', url: '/api/bot-tests', payload: { botId, question: 'Intrusa', expect: [['x']] } })).statusCode).toBe(403);
    expect((await asOther({ method: 'POST', url: '/api/bot-tests/run', payload: { botId } })).statusCode).toBe(403);
    expect((await api({ method: 'DELETE', url: `/api/bot-tests/${theirs.id}` })).statusCode).toBe(404);
    expect((await api({ method: 'GET', url: '/api/bot-tests?botId=00000000-0000-4000-8000-000000000000' })).statusCode).toBe(404);

    expect((await api({ method: 'DELETE', url: `/api/bot-tests/${mine.id}` })).json()).toEqual({ ok: true });
    expect((await list()).some((x) => x.id === mine.id)).toBe(false);
    expect((await api({ method: 'DELETE', url: `/api/bot-tests/${mine.id}` })).statusCode).toBe(404);
    expect((await asOther({ method: 'GET', url: `/api/bot-tests?botId=${otherBotId}` })).json().items).toHaveLength(1);
  });

  it('lets a team admin keep and run the tests; an agent may not', async () => {
    const login = async (email: string, password: string) => {
      const res = await t.app.inject({ method: 'POST', url: '/client/login', payload: { email, password } });
      expect(res.statusCode).toBe(200);
      return { cookie: cookieHeader(res), userId: res.json().user.id, email, password } as Account;
    };
    const suffix = Date.now();
    await t.modules.seats.seedMember(owner.userId, { email: `admin.${suffix}@clinica.mx`, name: 'Andrea Salas', password: 'clave-segura-2026', role: 'admin', botIds: [] });
    await t.modules.seats.seedMember(owner.userId, { email: `agente.${suffix}@clinica.mx`, name: 'Mario Ruiz', password: 'clave-segura-2026', role: 'agent', botIds: [botId] });
    const admin = as(t, await login(`admin.${suffix}@clinica.mx`, 'clave-segura-2026'));
    const agent = as(t, await login(`agente.${suffix}@clinica.mx`, 'clave-segura-2026'));
    expect((await admin({ method: 'POST', url: '/api/bot-tests', payload: { botId, question: 'De la administradora', expect: [['x']] } })).statusCode).toBe(201);
    expect((await admin({ method: 'POST', url: '/api/bot-tests/run', payload: { botId } })).statusCode).toBe(200);
    expect((await agent({ method: 'GET', url: `/api/bot-tests?botId=${botId}` })).statusCode).toBe(403);
    expect((await agent({ method: 'POST', url: '/api/bot-tests', payload: { botId, question: 'Del agente', expect: [['x']] } })).statusCode).toBe(403);
    expect((await agent({ method: 'POST', url: '/api/bot-tests/run', payload: { botId } })).statusCode).toBe(403);
    const some = (await list())[0]!;
    expect((await agent({ method: 'DELETE', url: `/api/bot-tests/${some.id}` })).statusCode).toBe(404);
  });

  it('keeps at most 200 tests per bot', async () => {
    const third = await signUp(t);
    const bot = await createBot(t, third, { bot_name: 'Llena' });
    for (let i = 0; i < 200; i++) expect((await create({ botId: bot, question: `Pregunta ${i}`, expect: [['x']] }, third)).statusCode).toBe(201);
    const full = await create({ botId: bot, question: 'Una más', expect: [['x']] }, third);
    expect(full.statusCode).toBe(409);
    expect(full.json().error).toMatchObject({ code: 'BOT_TEST_LIMIT_REACHED', message: expect.stringMatching(/200 pruebas/) });
    // The same test again still answers the stored one.
    expect((await create({ botId: bot, question: 'Pregunta 3', expect: [['x']] }, third)).statusCode).toBe(200);
  });
});
