import type { InjectOptions } from 'fastify';
import { expect } from 'vitest';
import { cookieHeader, newUser, type TestApp } from './harness.ts';

export interface Account {
  cookie: string;
  userId: string;
  email: string;
  password: string;
}

/** Signs up a new owner through the API and answers its cookie. */
export async function signUp(t: TestApp, overrides: Partial<Record<string, string>> = {}): Promise<Account> {
  const body = newUser(overrides);
  const res = await t.app.inject({ method: 'POST', url: '/client/signup', payload: body });
  expect(res.statusCode).toBe(201);
  return { cookie: cookieHeader(res), userId: res.json().user.id, email: body.email, password: body.password };
}

/** An injector that sends this account's cookie. */
export const as = (t: TestApp, account: Account) => (opts: InjectOptions) =>
  t.app.inject({ ...opts, headers: { ...opts.headers, cookie: account.cookie } });

/** Creates a bot through POST /bot/new-bot as the wizard would; answers its id. */
export async function createBot(t: TestApp, account: Account, overrides: Record<string, unknown> = {}): Promise<string> {
  const res = await as(t, account)({
    method: 'POST',
    url: '/bot/new-bot',
    payload: {
      bot_name: 'Sofía',
      bot_objective: 'doctor_appointment',
      business_name: 'Clínica Sonrisa',
      business_desc: '',
      business_url: '',
      user_email: account.email,
      business_phone: '',
      welcome_message: '',
      about_bot: '',
      language: 'es',
      ...overrides,
    },
  });
  expect(res.statusCode).toBe(201);
  return res.json().bot.id as string;
}
