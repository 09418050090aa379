import { randomUUID } from 'node:crypto';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import type { InjectOptions } from 'fastify';
import { setPlan } from '../../test/fixtures.ts';
import { signUp } from '../../test/accounts.ts';
import { cookieHeader, createTestApp, engines, type TestApp } from '../../test/harness.ts';
import { multipart } from '../../test/multipart.ts';

const portal = 'partners.localhost:3000';
const botBody = (email: string) => ({
  bot_name: 'Lía',
  bot_objective: 'doctor_appointment',
  business_name: 'Dental Acme',
  business_desc: '',
  business_url: '',
  user_email: email,
  business_phone: '',
  welcome_message: '',
  about_bot: '',
  language: 'es',
});

describe.each(engines)('partners on %s', (engine) => {
  let t: TestApp;
  const sent: { to: string; link: string }[] = [];
  beforeAll(async () => {
    t = await createTestApp(engine);
    vi.spyOn(t.modules.mail, 'send').mockImplementation(async (message) => {
      sent.push({ to: message.to, link: (message.params as { link?: string }).link ?? '' });
      return { ok: true, messageId: randomUUID() };
    });
  }, 60_000);
  afterAll(() => t?.close());

  /** A request on a host, with a cookie. */
  const on = (host: string, cookie = '') => (opts: InjectOptions) => t.app.inject({ ...opts, headers: { ...opts.headers, host, ...(cookie ? { cookie } : {}) } });

  async function login(host: string, email: string, password: string) {
    return on(host)({ method: 'POST', url: '/client/login', payload: { email, password } });
  }

  /** An owner on Pro who claims `slug` on the main product, then signs in on the partner portal. */
  async function partner(slug: string) {
    const owner = await signUp(t);
    await setPlan(t.database, owner.userId, 'Pro');
    const claimed = await on('localhost:3000', owner.cookie)({ method: 'POST', url: '/api/partners', payload: { slug, name: `Agencia ${slug}` } });
    expect(claimed.statusCode, claimed.body).toBe(201);
    const signedIn = await login(portal, owner.email, owner.password);
    expect(signedIn.statusCode, signedIn.body).toBe(200);
    expect(signedIn.json().user.isPartner).toBe(true);
    const cookie = cookieHeader(signedIn);
    return { owner, id: claimed.json().partner.id as string, slug, cookie, call: on(portal, cookie) };
  }

  async function client(p: Awaited<ReturnType<typeof partner>>, plan = 'Basic') {
    const email = `cliente.${randomUUID().slice(0, 8)}@test.mx`;
    const res = await p.call({ method: 'POST', url: '/api/partners/clients', payload: { name: 'Clínica Norte', email, plan, password: 'clave-cliente-2026' } });
    expect(res.statusCode, res.body).toBe(201);
    return { id: res.json().client.id as string, email, password: 'clave-cliente-2026' };
  }

  describe('host, cookie and unknown subdomains', () => {
    it('sets the tenant cookie on a partner subdomain and clears it on the main product', async () => {
      const p = await partner(`acme${randomUUID().slice(0, 4)}`);
      const page = await on(`${p.slug}.localhost:3000`)({ method: 'GET', url: '/login' });
      expect(page.cookies.find((c) => c.name === 'tenant')?.value).toBe(p.slug);
      const portalPage = await on(portal)({ method: 'GET', url: '/' });
      expect(portalPage.cookies.find((c) => c.name === 'tenant')?.value).toBe('partners');
      const main = await on('localhost:3000', `tenant=${p.slug}`)({ method: 'GET', url: '/' });
      expect(main.cookies.find((c) => c.name === 'tenant')?.value).toBe('');
      // The main product with no tenant cookie sets none.
      expect((await on('localhost:3000')({ method: 'GET', url: '/' })).cookies.find((c) => c.name === 'tenant')).toBeUndefined();
    });

    it('answers an unknown subdomain with a clear Spanish page, and its API with TENANT_NOT_FOUND', async () => {
      const page = await on('nadie.localhost:3000')({ method: 'GET', url: '/app/dashboard' });
      expect(page.statusCode).toBe(404);
      expect(page.headers['content-type']).toContain('text/html');
      expect(page.body).toContain('Este sitio no existe');
      expect(page.body).toContain('http://localhost:3000/');
      const api = await on('nadie.localhost:3000')({ method: 'POST', url: '/client/login', payload: { email: 'a@b.mx', password: 'x'.repeat(10) } });
      expect(api.statusCode).toBe(404);
      expect(api.json().error.code).toBe('TENANT_NOT_FOUND');
    });

    it('honours x-portal: isPartner only on the partner portal', async () => {
      const p = await partner(`xp${randomUUID().slice(0, 6)}`);
      const info = await p.call({ method: 'GET', url: `/client/info/${p.owner.userId}`, headers: { 'x-portal': 'partners' } });
      expect(info.json().isPartner).toBe(true);
      const elsewhere = await p.call({ method: 'GET', url: `/client/info/${p.owner.userId}`, headers: { 'x-portal': '' } });
      expect(elsewhere.json().isPartner).toBe(false);
    });
  });

  describe('the spec calls', () => {
    it('public config with an ETag and 304, clients, payments, bots and a bot for a client under newBot', async () => {
      const p = await partner(`spec${randomUUID().slice(0, 4)}`);
      const put = await p.call({ method: 'PUT', url: '/api/partners/config', payload: { bgColor: '#FFFFFF', fontColor: '#111111', unfocusedColor: '#666666', highlightColor: '#0055ff' } });
      expect(put.statusCode, put.body).toBe(200);

      const config = await on('localhost:3000')({ method: 'GET', url: `/api/partners/public/config?subdomain=${p.slug}` });
      expect(config.statusCode).toBe(200);
      expect(config.json()).toEqual({ ok: true, data: { logoUrl: null, bgColor: '#ffffff', fontColor: '#111111', unfocusedColor: '#666666', highlightColor: '#0055ff' } });
      const etag = config.headers.etag as string;
      expect(etag).toBeTruthy();
      const again = await on('localhost:3000')({ method: 'GET', url: `/api/partners/public/config?subdomain=${p.slug}`, headers: { 'if-none-match': etag } });
      expect(again.statusCode).toBe(304);
      const unknown = await on('localhost:3000')({ method: 'GET', url: '/api/partners/public/config?subdomain=nadie' });
      expect(unknown.statusCode).toBe(404);
      expect(unknown.json()).toEqual({ ok: false, data: null });

      const c = await client(p);
      const created = await p.call({ method: 'POST', url: `/api/partners/clients/${c.id}/bots`, payload: botBody(p.owner.email) });
      expect(created.statusCode, created.body).toBe(201);
      const newBot = created.json().newBot;
      expect(newBot).toMatchObject({ id: expect.any(String), bot_name: 'Lía' });

      const clients = await p.call({ method: 'GET', url: `/api/partners/clients/${p.id}` });
      expect(clients.statusCode).toBe(200);
      expect(clients.json().items).toEqual([
        expect.objectContaining({ id: c.id, email: c.email, plan: 'Basic', active: true, bots: [{ id: newBot.id, bot_name: 'Lía' }], monthlyCost: 2_900, currency: 'usd' }),
      ]);
      // The owner's user id names the same list.
      expect((await p.call({ method: 'GET', url: `/api/partners/clients/${p.owner.userId}` })).json().items).toHaveLength(1);

      const paid = await p.call({ method: 'POST', url: `/api/partners/clients/${c.id}/payments`, payload: { month: '2026-11', amount: 4_900, currency: 'usd', status: 'paid' } });
      expect(paid.statusCode, paid.body).toBe(201);
      const payments = await p.call({ method: 'GET', url: '/api/partners/clients/payments' });
      expect(payments.json().items).toEqual([expect.objectContaining({ month: '2026-11', client: 'Clínica Norte', clientId: c.id, amount: 4_900, currency: 'usd', status: 'paid' })]);

      const bots = await p.call({ method: 'GET', url: '/api/partners/bots' });
      expect(bots.json().bots).toEqual([expect.objectContaining({ id: newBot.id, clientId: c.id, clientName: 'Clínica Norte', isClientsBot: true })]);

      // The bot belongs to the client: they see it on their subdomain.
      const signedIn = await login(`${p.slug}.localhost:3000`, c.email, c.password);
      expect(signedIn.statusCode, signedIn.body).toBe(200);
      const own = await on(`${p.slug}.localhost:3000`, cookieHeader(signedIn))({ method: 'GET', url: `/bot/${encodeURIComponent(c.email)}` });
      expect(JSON.stringify(own.json())).toContain(newBot.id);

      // The partner opens the client's bot (its dashboard's calls go through the access check).
      const patched = await p.call({ method: 'PATCH', url: `/bot/${newBot.id}`, payload: { bot_name: 'Lía 2' } });
      expect(patched.statusCode, patched.body).toBe(200);
    });

    it('refuses bad input with clear errors', async () => {
      const p = await partner(`bad${randomUUID().slice(0, 4)}`);
      const colour = await p.call({ method: 'PUT', url: '/api/partners/config', payload: { bgColor: 'red;}body{x', fontColor: null, unfocusedColor: null, highlightColor: null } });
      expect(colour.statusCode).toBe(400);
      expect(colour.json().error.code).toBe('VALIDATION_FAILED');
      const payment = await p.call({ method: 'POST', url: `/api/partners/clients/${randomUUID()}/payments`, payload: { month: '2026-13', amount: -1, currency: 'usd' } });
      expect(payment.statusCode).toBe(400);
      const second = await signUp(t);
      await setPlan(t.database, second.userId, 'Pro');
      const taken = await on('localhost:3000', second.cookie)({ method: 'POST', url: '/api/partners', payload: { slug: p.slug, name: 'Otra' } });
      expect(taken.statusCode).toBe(409);
      expect(taken.json().error.code).toBe('SLUG_TAKEN');
      const reserved = await on('localhost:3000', p.owner.cookie)({ method: 'POST', url: '/api/partners', payload: { slug: 'partners', name: 'X' } });
      expect(reserved.statusCode).toBe(400);
      const dup = await p.call({ method: 'POST', url: '/api/partners/clients', payload: { name: 'Yo', email: p.owner.email } });
      expect(dup.statusCode).toBe(409);
      expect(dup.json().error.code).toBe('CLIENT_EMAIL_TAKEN');
    });
  });

  describe('tenant isolation', () => {
    it("another partner gets 404 on every route of a partner's client; a client signs in only on their partner's subdomain", async () => {
      const a = await partner(`pa${randomUUID().slice(0, 6)}`);
      const b = await partner(`pb${randomUUID().slice(0, 6)}`);
      const c = await client(a);
      const botId = (await a.call({ method: 'POST', url: `/api/partners/clients/${c.id}/bots`, payload: botBody(a.owner.email) })).json().newBot.id as string;

      expect((await b.call({ method: 'GET', url: `/api/partners/clients/${a.id}` })).statusCode).toBe(404);
      expect((await b.call({ method: 'PATCH', url: `/api/partners/clients/${c.id}`, payload: { plan: 'Pro' } })).statusCode).toBe(404);
      expect((await b.call({ method: 'POST', url: `/api/partners/clients/${c.id}/payments`, payload: { month: '2026-10', amount: 1, currency: 'usd' } })).statusCode).toBe(404);
      expect((await b.call({ method: 'POST', url: `/api/partners/clients/${c.id}/bots`, payload: botBody(b.owner.email) })).statusCode).toBe(404);
      expect((await b.call({ method: 'GET', url: '/api/partners/bots' })).json().bots).toEqual([]);
      expect((await b.call({ method: 'GET', url: '/api/partners/clients/payments' })).json().items).toEqual([]);
      expect((await b.call({ method: 'PATCH', url: `/bot/${botId}`, payload: { bot_name: 'Robado' } })).statusCode).toBe(403);

      // The client: on A's subdomain only.
      const onB = await login(`${b.slug}.localhost:3000`, c.email, c.password);
      expect(onB.statusCode).toBe(403);
      expect(onB.json().error.code).toBe('TENANT_MISMATCH');
      expect((await login('localhost:3000', c.email, c.password)).statusCode).toBe(403);
      expect((await login(portal, c.email, c.password)).statusCode).toBe(403);
      const onA = await login(`${a.slug}.localhost:3000`, c.email, c.password);
      expect(onA.statusCode).toBe(200);
      const session = cookieHeader(onA);
      expect((await on(`${a.slug}.localhost:3000`, session)({ method: 'GET', url: `/client/info/${onA.json().user.id}` })).statusCode).toBe(200);
      // The same session on another tenant is refused, and cannot be renewed there.
      expect((await on(`${b.slug}.localhost:3000`, session)({ method: 'GET', url: `/client/info/${onA.json().user.id}` })).statusCode).toBe(401);
      expect((await on('localhost:3000', session)({ method: 'GET', url: `/client/info/${onA.json().user.id}` })).statusCode).toBe(401);
      expect((await on(`${b.slug}.localhost:3000`, session)({ method: 'POST', url: '/client/refresh-token' })).statusCode).toBe(401);
      // A client is not a partner.
      expect((await on(`${a.slug}.localhost:3000`, session)({ method: 'GET', url: '/api/partners/bots' })).statusCode).toBe(403);

      // A partner session is for the partner portal; partner routes elsewhere are refused.
      expect((await on('localhost:3000', a.cookie)({ method: 'GET', url: '/api/partners/bots' })).statusCode).toBe(401);
      expect((await on('localhost:3000', a.owner.cookie)({ method: 'GET', url: '/api/partners/bots' })).statusCode).toBe(403);

      // Turned off, the client's sessions end and they cannot sign in.
      expect((await a.call({ method: 'PATCH', url: `/api/partners/clients/${c.id}`, payload: { active: false } })).json().client).toMatchObject({ active: false, monthlyCost: 0 });
      expect((await on(`${a.slug}.localhost:3000`, session)({ method: 'GET', url: `/client/info/${onA.json().user.id}` })).statusCode).toBe(401);
      expect((await login(`${a.slug}.localhost:3000`, c.email, c.password)).statusCode).toBe(403);
    });

    it('keeps non-partners off the portal and the routes, and gates the feature by plan', async () => {
      const someone = await signUp(t);
      const refused = await login(portal, someone.email, someone.password);
      expect(refused.statusCode).toBe(403);
      expect(refused.json().error.code).toBe('TENANT_MISMATCH');
      const basic = await signUp(t);
      await setPlan(t.database, basic.userId, 'Basic');
      expect((await on('localhost:3000', basic.cookie)({ method: 'POST', url: '/api/partners', payload: { slug: `b${randomUUID().slice(0, 6)}`, name: 'B' } })).statusCode).toBe(402);
      const p = await partner(`pl${randomUUID().slice(0, 6)}`);
      await setPlan(t.database, p.owner.userId, 'Basic');
      const gated = await p.call({ method: 'GET', url: '/api/partners/bots' });
      expect(gated.statusCode).toBe(402);
      expect(gated.json().error.code).toBe('PLAN_REQUIRED');
      // Sign-up is for the main product.
      expect((await on(`${p.slug}.localhost:3000`)({ method: 'POST', url: '/client/signup', payload: { name: 'X', email: `x${randomUUID().slice(0, 6)}@t.mx`, phone_number: '+52 33 1234 5678', password: 'clave-larga-2026' } })).statusCode).toBe(403);
    });

    it('invites a client without a password: an e-mail with a link on the partner subdomain', async () => {
      const p = await partner(`inv${randomUUID().slice(0, 4)}`);
      const email = `invitado.${randomUUID().slice(0, 6)}@test.mx`;
      const res = await p.call({ method: 'POST', url: '/api/partners/clients', payload: { name: 'Invitado', email } });
      expect(res.statusCode, res.body).toBe(201);
      const mail = sent.find((m) => m.to === email);
      expect(mail?.link).toMatch(new RegExp(`^http://${p.slug}\\.localhost:3000/restablecer-contrasena\\?token=`));
    });
  });

  describe('logo', () => {
    const upload = (p: { call: ReturnType<typeof on> }, bytes: Uint8Array, type: string, name = 'logo') =>
      p.call({ method: 'POST', url: '/api/partners/config/logo', ...multipart({}, { field: 'logo', name, type, bytes }) });

    it('rasterises an SVG without its script, resizes, serves the logo and a favicon from it, and resets', async () => {
      const p = await partner(`logo${randomUUID().slice(0, 4)}`);
      const svg = Buffer.from('<svg xmlns="http://www.w3.org/2000/svg" width="800" height="800"><script>alert(document.cookie)</script><circle cx="400" cy="400" r="300" fill="#0055ff" onload="alert(1)"/></svg>');
      const res = await upload(p, svg, 'image/svg+xml', 'logo.svg');
      expect(res.statusCode, res.body).toBe(200);
      const logoUrl = res.json().partner.config.logoUrl as string;
      expect(logoUrl).toMatch(new RegExp(`^/api/partners/public/logo/${p.slug}\\?v=`));
      const logo = await on('localhost:3000')({ method: 'GET', url: logoUrl });
      expect(logo.headers['content-type']).toBe('image/png');
      expect(logo.rawPayload.includes(Buffer.from('script'))).toBe(false);
      const meta = await sharp(logo.rawPayload).metadata();
      expect(meta).toMatchObject({ format: 'png', height: 256 });
      const favicon = await on('localhost:3000')({ method: 'GET', url: `/api/partners/public/favicon/${p.slug}` });
      expect(await sharp(favicon.rawPayload).metadata()).toMatchObject({ format: 'png', width: 64, height: 64 });
      expect((await on('localhost:3000')({ method: 'GET', url: `/api/partners/public/config?subdomain=${p.slug}` })).json().data.logoUrl).toBe(logoUrl);

      const reset = await p.call({ method: 'PUT', url: '/api/partners/config', payload: { bgColor: null, fontColor: null, unfocusedColor: null, highlightColor: null, removeLogo: true } });
      expect(reset.json().partner.config.logoUrl).toBeNull();
      const fallback = await on('localhost:3000')({ method: 'GET', url: `/api/partners/public/favicon/${p.slug}` });
      expect(fallback.statusCode).toBe(302);
      expect(fallback.headers.location).toBe('/favicon-tenant.svg');
    });

    it('takes a PNG and refuses what is not an image or is over 1 MB', async () => {
      const p = await partner(`img${randomUUID().slice(0, 4)}`);
      const png = await sharp({ create: { width: 100, height: 40, channels: 3, background: '#ff0000' } }).png().toBuffer();
      const ok = await upload(p, png, 'image/png', 'logo.png');
      expect(ok.statusCode, ok.body).toBe(200);
      const text = await upload(p, Buffer.from('<html>no</html>'), 'image/png', 'logo.png');
      expect(text.statusCode).toBe(400);
      expect(text.json().error.code).toBe('LOGO_INVALID');
      const big = await upload(p, Buffer.alloc(1024 * 1024 + 10, 1), 'image/png', 'big.png');
      expect(big.statusCode).toBe(400);
      expect(big.json().error.code).toBe('LOGO_INVALID');
      const other = await partner(`oth${randomUUID().slice(0, 4)}`);
      expect((await on('localhost:3000', other.owner.cookie)({ method: 'POST', url: '/api/partners/config/logo', ...multipart({}, { field: 'logo', name: 'l.png', type: 'image/png', bytes: png }) })).statusCode).toBe(403);
    });
  });
});
