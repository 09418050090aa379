import { eq } from 'drizzle-orm';
import type { InjectOptions } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { as, createBot, signUp, type Account } from './test/accounts.ts';
import { createTestApp, engines, newUser, type TestApp } from './test/harness.ts';
import { multipart } from './test/multipart.ts';
import { messages } from './modules/conversations/conversations.table.ts';
import { users } from './modules/auth/auth.table.ts';

/**
 * Text PostgreSQL cannot store (a NUL; half of a UTF-16 pair, which jsonb refuses) is refused in
 * every free-text field owners write, with a field error in their language, never a 500; a
 * customer's message holding it is stored without it.
 */
const unstorable = { nul: 'Texto\u0000malo', 'lone surrogate': 'Texto\ud800malo' } as const;

interface FieldCase {
  route: string;
  field: string;
  request(bad: string): InjectOptions;
  /** Sent without a session (sign-up). */
  anonymous?: boolean;
  /** A query string or a multipart field travels as UTF-8 bytes: half of a pair cannot be sent there. */
  bytesOnly?: boolean;
}

describe.each(engines)('text PostgreSQL cannot store, on %s', (engine) => {
  let t: TestApp;
  let owner: Account;
  let botId: string;
  let productId: string;

  beforeAll(async () => {
    t = await createTestApp(engine);
    owner = await signUp(t);
    await t.database.db.update(users).set({ membershipType: 'Pro' }).where(eq(users.id, owner.userId));
    botId = await createBot(t, owner);
    const product = await as(t, owner)({ method: 'POST', url: '/api/products', payload: { botId, name: 'Silla ergonómica', price: '1800' } });
    expect(product.statusCode).toBe(201);
    productId = product.json().product.id;
  });
  afterAll(() => t?.close());

  const botCreation = (bad: Partial<Record<string, string>>) => ({
    bot_name: 'Sofía', bot_objective: 'doctor_appointment', business_name: 'Clínica', business_desc: '', business_url: '',
    user_email: owner.email, business_phone: '', welcome_message: '', about_bot: '', language: 'es', ...bad,
  });
  const fields = (route: string, names: string[], request: (name: string, bad: string) => InjectOptions, anonymous = false): FieldCase[] =>
    names.map((field) => ({ route, field, request: (bad) => request(field, bad), anonymous }));

  const cases: FieldCase[] = [
    ...fields('POST /client/signup', ['name', 'referral_code'], (f, bad) => ({ method: 'POST', url: '/client/signup', payload: newUser({ [f]: bad }) }), true),
    ...fields('POST /client/update-client', ['name'], (f, bad) => ({
      method: 'POST', url: '/client/update-client', payload: { id: owner.userId, name: 'Ana', email: owner.email, phone_number: '+52 33 1234 5678', [f]: bad },
    })),
    ...fields('POST /bot/new-bot', ['bot_name', 'business_name', 'business_desc', 'welcome_message', 'about_bot'], (f, bad) => ({
      method: 'POST', url: '/bot/new-bot', payload: botCreation({ [f]: bad }),
    })),
    ...fields('PATCH /bot/{id}', ['bot_name', 'business_name', 'business_desc', 'welcome_message', 'about_bot'], (f, bad) => ({
      method: 'PATCH', url: `/bot/${botId}`, payload: { [f]: bad },
    })),
    ...fields('PATCH /bot/{id}/reminders', ['message'], (_f, bad) => ({
      method: 'PATCH', url: `/bot/${botId}/reminders`, payload: { enabled: true, minutes_before: 1440, message: bad },
    })),
    ...fields('POST /api/training', ['text', 'document_name'], (f, bad) => ({
      method: 'POST', url: '/api/training', payload: { botId, text: 'La limpieza cuesta $650.', [f]: bad },
    })),
    ...fields('POST /api/products', ['name', 'description', 'sku'], (f, bad) => ({
      method: 'POST', url: '/api/products', payload: { botId, name: 'Mesa', [f]: bad },
    })),
    { route: 'POST /api/products', field: 'attributes.color', request: (bad) => ({ method: 'POST', url: '/api/products', payload: { botId, name: 'Mesa', attributes: { color: bad } } }) },
    ...fields('PATCH /api/products/{id}', ['name', 'description', 'sku'], (f, bad) => ({
      method: 'PATCH', url: `/api/products/${productId}`, payload: { [f]: bad },
    })),
    { route: 'GET /api/products/{botId}', field: 'q', bytesOnly: true, request: (bad) => ({ method: 'GET', url: `/api/products/${botId}?q=${encodeURIComponent(bad)}` }) },
    {
      route: 'POST /api/documents',
      field: 'special_recipient',
      bytesOnly: true,
      request: (bad) => ({ method: 'POST', url: '/api/documents', ...multipart({ botId, special_recipient: bad }, { name: 'precios.csv', type: 'text/csv', bytes: Buffer.from('a,b\n1,2\n') }) }),
    },
  ];

  for (const [kind, bad] of Object.entries(unstorable)) {
    it.each(cases.filter((c) => kind === 'nul' || !c.bytesOnly))(`$route refuses a ${kind} in $field with 400 and the field's message (es, en)`, async (c) => {
      const send = (language: string) => {
        const opts = c.request(bad);
        const withLanguage = { ...opts, headers: { ...opts.headers, 'accept-language': language } };
        return c.anonymous ? t.app.inject(withLanguage) : as(t, owner)(withLanguage);
      };
      const es = await send('es');
      expect(es.statusCode, es.body).toBe(400);
      expect(es.json().error).toMatchObject({ code: 'VALIDATION_FAILED', fields: { [c.field]: expect.stringContaining('no se puede guardar') } });
      const en = await send('en');
      expect(en.statusCode).toBe(400);
      expect(en.json().error.fields[c.field]).toContain('cannot be saved');
    });
  }

  it('still takes the same fields with accents, emoji and line breaks', async () => {
    const res = await as(t, owner)({ method: 'PATCH', url: `/bot/${botId}`, payload: { about_bot: 'Atención 😀\nen español ñ' } });
    expect(res.statusCode).toBe(200);
    expect(res.json().bot.about_bot).toBe('Atención 😀\nen español ñ');
  });

  it('stores a playground message (the customer side) without those characters, and its tapped option too', async () => {
    const res = await as(t, owner)({
      method: 'POST',
      url: `/api/playground/${botId}/messages`,
      payload: { text: 'Ho\u0000la\ud800 😀', client_message_id: '7c9e6679-7425-40de-944b-e07fc1f90ae7', chosen: { id: 'yes\u0000', title: 'Sí\udc00' } },
    });
    expect(res.statusCode, res.body).toBe(202);
    const [row] = await t.database.db.select().from(messages).where(eq(messages.botId, botId));
    expect(row).toMatchObject({ text: 'Hola 😀', chosen: { id: 'yes', title: 'Sí' } });
  });

  it('is refused the same way on every route of the API description, in a body and in a query, never a 500', async () => {
    const docs = (await t.app.inject({ url: '/api/docs/json' })).json() as { paths: Record<string, Record<string, { requestBody?: { content?: Record<string, { schema?: { properties?: Record<string, unknown> } }> } }>> };
    const missed: string[] = [];
    let walked = 0;
    for (const [route, operations] of Object.entries(docs.paths)) {
      if (route.startsWith('/webhooks/') || route.startsWith('/api/docs')) continue;
      const url = route.replace(/\{[^}]+\}/g, '7c9e6679-7425-40de-944b-e07fc1f90ae7');
      for (const [method, operation] of Object.entries(operations)) {
        if (!['get', 'post', 'put', 'patch', 'delete'].includes(method)) continue;
        const properties = Object.keys(operation.requestBody?.content?.['application/json']?.schema?.properties ?? {});
        const requests: InjectOptions[] = [{ method: method.toUpperCase() as 'GET', url: `${url}?q=${encodeURIComponent(unstorable.nul)}` }];
        if (method !== 'get' && method !== 'delete') {
          // Each field of the body holds the character, as JSON sends it (\u0000, \ud800).
          for (const bad of Object.values(unstorable)) {
            const payload = Object.fromEntries((properties.length ? properties : ['texto']).map((name) => [name, bad]));
            requests.push({ method: method.toUpperCase() as 'POST', url, payload: JSON.stringify(payload), headers: { 'content-type': 'application/json' } });
          }
        }
        for (const request of requests) {
          walked++;
          const res = await as(t, owner)(request);
          const refused = res.statusCode === 400 && res.json().error.code === 'VALIDATION_FAILED' && /no se puede guardar/.test(JSON.stringify(res.json().error.fields));
          // What a customer writes (the playground's and the demonstration channel's customer side) is kept, cleaned.
          const customerSide = route === '/api/playground/{botId}/messages' || route === '/api/demo-channel/{botId}/messages';
          if (!refused && !(customerSide && request.payload && res.statusCode !== 500)) {
            missed.push(`${method.toUpperCase()} ${route}${request.payload ? ' (body)' : ' (query)'} → ${res.statusCode}`);
          }
        }
      }
    }
    expect(walked).toBeGreaterThan(60);
    expect(missed).toEqual([]);
  });

  it('refuses a JSON body that is nothing but such a string, in the language asked', async () => {
    const res = await as(t, owner)({ method: 'PATCH', url: `/bot/${botId}`, payload: JSON.stringify('Texto\u0000malo'), headers: { 'content-type': 'application/json', 'accept-language': 'en' } });
    expect(res.statusCode).toBe(400);
    expect(res.json().error).toMatchObject({ code: 'VALIDATION_FAILED', fields: { _: expect.stringContaining('cannot be saved') } });
  });
});
