// The server built in this process (apps/server/src through tsx) on a fresh database, as the
// server's own tests build it, with helpers to make an owner and bots through the API.
import pg from 'pg';
import { createTestApp, type Engine, type TestApp } from '../../apps/server/src/test/harness.ts';
import { setPlan } from '../../apps/server/src/test/fixtures.ts';

export type { Engine, TestApp };

/** PostgreSQL server fresh databases are created on (TEST_DATABASE_URL, else the local one). */
export const postgresAdminUrl = process.env.TEST_DATABASE_URL || 'postgres://postgres@127.0.0.1:5432/test';

/** Whether PostgreSQL answers at `postgresAdminUrl`; the error message when it does not. */
export async function postgresAvailable(): Promise<true | string> {
  const client = new pg.Client({ connectionString: postgresAdminUrl, connectionTimeoutMillis: 3000 });
  try {
    await client.connect();
    await client.query('select 1');
    return true;
  } catch (err) {
    return err instanceof Error ? err.message : String(err);
  } finally {
    await client.end().catch(() => undefined);
  }
}

/** The app on a fresh in-memory PGlite database or a fresh PostgreSQL database (dropped on close). */
export async function startApp(engine: Engine, env: Record<string, string> = {}): Promise<TestApp> {
  if (engine === 'postgres') process.env.TEST_DATABASE_URL = postgresAdminUrl;
  return createTestApp(engine, env);
}

export interface Owner {
  userId: string;
  email: string;
  /** The Cookie header the signup set (access and refresh tokens). */
  cookie: string;
}

export const ownerBody = (email: string) => ({ name: 'Bench Owner', email, phone_number: '+52 33 1234 5678', password: 'bench-password-123' });

/** Signs an owner up through POST /client/signup and, when asked, raises its plan in the database. */
export async function signUpOwner(t: TestApp, plan?: string): Promise<Owner> {
  const email = `owner.${Math.random().toString(36).slice(2, 10)}@bench.mx`;
  const res = await t.app.inject({ method: 'POST', url: '/client/signup', payload: ownerBody(email) });
  if (res.statusCode !== 201) throw new Error(`signup answered ${res.statusCode}: ${res.body}`);
  const cookie = res.cookies.filter((c) => c.value !== '').map((c) => `${c.name}=${c.value}`).join('; ');
  const userId = (res.json() as { user: { id: string } }).user.id;
  if (plan) await setPlan(t.database, userId, plan);
  return { userId, email, cookie };
}

export const newBotBody = (email: string, i = 0) => ({
  bot_name: `Asistente ${i + 1}`,
  bot_objective: 'automobile',
  business_name: `Comercial Bench ${i + 1}`,
  business_desc: 'Tienda departamental con sucursales en varias ciudades.',
  business_url: 'https://tienda.example.mx',
  user_email: email,
  business_phone: '+52 33 1234 5678',
  welcome_message: '¡Hola! ¿En qué te puedo ayudar?',
  about_bot: 'Responde preguntas sobre productos, precios, sucursales y políticas.',
  language: 'es',
});

/** Creates a bot through POST /bot/new-bot and answers its id. */
export async function createBot(t: TestApp, owner: Owner, i = 0): Promise<string> {
  const res = await t.app.inject({ method: 'POST', url: '/bot/new-bot', headers: { cookie: owner.cookie }, payload: newBotBody(owner.email, i) });
  if (res.statusCode !== 201) throw new Error(`POST /bot/new-bot answered ${res.statusCode}: ${res.body}`);
  return (res.json() as { bot: { id: string } }).bot.id;
}
