import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { authRepository } from '../modules/auth/auth.repository.ts';
import { cookieHeader, createTestApp, engines, type TestApp } from '../test/harness.ts';
import { demoPartner, seedDemoPartner } from './demo-partner.ts';

describe.each(engines)('demo partner on %s', (engine) => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp(engine);
  }, 60_000);
  afterAll(() => t?.close());

  it('seeds the partner once, with two clients on its subdomain, their bots and payments', async () => {
    const deps = { db: t.database.db, bots: t.modules.bots, partners: t.modules.partners, findByEmail: authRepository(t.database).findUserByEmail };
    expect(await seedDemoPartner('demo-clave-2026', deps)).toBe(true);
    expect(await seedDemoPartner('demo-clave-2026', deps)).toBe(false);

    const login = await t.app.inject({ method: 'POST', url: '/client/login', headers: { host: 'partners.localhost:3000' }, payload: { email: demoPartner.email, password: 'demo-clave-2026' } });
    expect(login.statusCode, login.body).toBe(200);
    const call = (url: string) => t.app.inject({ method: 'GET', url, headers: { host: 'partners.localhost:3000', cookie: cookieHeader(login) } });
    const clients = (await call(`/api/partners/clients/${login.json().user.id}`)).json().items;
    expect(clients.map((c: { email: string }) => c.email)).toEqual(demoPartner.clients.map((c) => c.email));
    expect((await call('/api/partners/bots')).json().bots).toHaveLength(2);
    expect((await call('/api/partners/clients/payments')).json().items).toHaveLength(6);
    const config = await t.app.inject({ method: 'GET', url: `/api/partners/public/config?subdomain=${demoPartner.slug}` });
    expect(config.json().data).toMatchObject(demoPartner.colours);

    const client = await t.app.inject({ method: 'POST', url: '/client/login', headers: { host: `${demoPartner.slug}.localhost:3000` }, payload: { email: demoPartner.clients[0].email, password: 'demo-clave-2026' } });
    expect(client.statusCode).toBe(200);
  });
});
