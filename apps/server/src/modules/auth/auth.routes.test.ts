import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { InjectOptions } from 'fastify';
import { createHmac } from 'node:crypto';
import { cookieHeader, createTestApp, engines, newUser, type TestApp } from '../../test/harness.ts';

describe.each(engines)('accounts and sessions on %s', (engine) => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp(engine, { LOGIN_MAX_PER_EMAIL: '5', LOGIN_MAX_PER_IP: '1000' });
  });
  afterAll(() => t?.close());

  const inject = (opts: InjectOptions) => t.app.inject(opts);
  async function signup(overrides = {}) {
    const body = newUser(overrides);
    const res = await inject({ method: 'POST', url: '/client/signup', payload: body });
    expect(res.statusCode).toBe(201);
    return { body, res, cookie: cookieHeader(res), user: res.json().user as { id: string } };
  }

  describe('sign-up', () => {
    it('creates the account, signs in and keeps only a hash of the password', async () => {
      const { res, user, body } = await signup({ referral_code: 'AMIGO10' });
      expect(res.json().user).toMatchObject({ name: 'Ana López', email: body.email, membershipTypeName: 'Free', role: 'owner' });
      const names = res.cookies.map((c) => c.name).sort();
      expect(names).toEqual(['charla_at', 'charla_rt', 'session_expires', 'user']);
      const access = res.cookies.find((c) => c.name === 'charla_at')!;
      expect(access).toMatchObject({ httpOnly: true, sameSite: 'Lax', path: '/' });
      // Readable by the web app, gone with the access token: it renews before its first call.
      const expires = res.cookies.find((c) => c.name === 'session_expires')!;
      expect(expires.httpOnly).toBeFalsy();
      expect(expires.maxAge).toBe(access.maxAge);
      expect(Number(expires.value)).toBeGreaterThan(Date.now());
      expect(res.cookies.find((c) => c.name === 'charla_rt')).toMatchObject({ httpOnly: true, sameSite: 'Strict', path: '/client' });
      const stored = await t.database.db.query.users.findFirst({ where: (u, { eq }) => eq(u.id, user.id) });
      expect(stored?.passwordHash).toMatch(/^\$argon2id\$/);
      expect(stored?.referredByCode).toBe('AMIGO10');
    });

    it('refuses a duplicate e-mail with 409, whatever its case', async () => {
      const { body } = await signup();
      const res = await inject({ method: 'POST', url: '/client/signup', payload: { ...newUser(), email: body.email.toUpperCase() } });
      expect(res.statusCode).toBe(409);
      expect(res.json().error).toMatchObject({ code: 'EMAIL_TAKEN', message: 'Ya existe una cuenta con ese correo.' });
      expect(res.json().error.fields.email).toBeTruthy();
    });

    it('names every bad field, in the language asked for', async () => {
      const res = await inject({
        method: 'POST',
        url: '/client/signup',
        headers: { 'accept-language': 'en-US,en;q=0.9' },
        payload: { name: 'x'.repeat(121), email: 'not-an-email', phone_number: 12, password: 'p'.repeat(257), admin: true },
      });
      expect(res.statusCode).toBe(400);
      const { error } = res.json();
      expect(error.code).toBe('VALIDATION_FAILED');
      expect(error.fields).toMatchObject({
        name: 'Use at most 120 characters.',
        email: 'Enter a valid e-mail address.',
        phone_number: 'The value has the wrong type.',
        password: 'Use at most 256 characters.',
        admin: 'Field not allowed.',
      });
    });

    it('refuses a phone without its area code and stores a Mexican one in E.164', async () => {
      const short = await inject({ method: 'POST', url: '/client/signup', payload: newUser({ phone_number: '33 1234' }) });
      expect(short.statusCode).toBe(400);
      expect(short.json().error.fields.phone_number).toMatch(/^Falta parte del número: escríbelo completo con lada/);
      const ok = await inject({ method: 'POST', url: '/client/signup', payload: newUser({ phone_number: '33 1234 5678' }) });
      expect(ok.statusCode).toBe(201);
      expect(ok.json().user.phone_number).toBe('+523312345678');
    });

    it('answers malformed JSON and a missing body with the envelope, not a 500', async () => {
      const bad = await inject({ method: 'POST', url: '/client/signup', headers: { 'content-type': 'application/json' }, payload: '{"name":' });
      expect(bad.statusCode).toBe(400);
      expect(bad.json().error.code).toBe('INVALID_JSON');
      const empty = await inject({ method: 'POST', url: '/client/login' });
      expect(empty.statusCode).toBe(400);
      expect(empty.json().error.code).toBe('VALIDATION_FAILED');
      const big = await inject({ method: 'POST', url: '/client/login', headers: { 'content-type': 'application/json' }, payload: JSON.stringify({ email: 'a@b.co', password: 'x'.repeat(2_000_000) }) });
      expect(big.statusCode).toBe(413);
      expect(big.json().error.code).toBe('PAYLOAD_TOO_LARGE');
    });
  });

  describe('sign-in', () => {
    it('signs in with the right password', async () => {
      const { body } = await signup();
      const res = await inject({ method: 'POST', url: '/client/login', payload: { email: body.email, password: body.password } });
      expect(res.statusCode).toBe(200);
      expect(res.json().user.email).toBe(body.email);
    });

    it('gives the same 401 for a wrong password and an unknown e-mail', async () => {
      const { body } = await signup();
      const wrong = await inject({ method: 'POST', url: '/client/login', payload: { email: body.email, password: 'nope-nope' } });
      const unknown = await inject({ method: 'POST', url: '/client/login', payload: { email: 'nadie@ejemplo.mx', password: 'nope-nope' } });
      expect(wrong.statusCode).toBe(401);
      expect(unknown.statusCode).toBe(401);
      expect(wrong.json()).toEqual(unknown.json());
      expect(wrong.json().error).toEqual({ code: 'INVALID_CREDENTIALS', message: 'Correo o contraseña incorrectos.' });
    });

    it('rate-limits attempts per e-mail', async () => {
      const { body } = await signup();
      const codes: number[] = [];
      for (let i = 0; i < 7; i++) {
        const res = await inject({ method: 'POST', url: '/client/login', payload: { email: body.email, password: 'wrong-pass' } });
        codes.push(res.statusCode);
      }
      expect(codes.slice(0, 5)).toEqual([401, 401, 401, 401, 401]);
      expect(codes.slice(5)).toEqual([429, 429]);
      const right = await inject({ method: 'POST', url: '/client/login', payload: { email: body.email, password: body.password } });
      expect(right.statusCode).toBe(429);
      expect(right.json().error.code).toBe('RATE_LIMITED');
    });
  });

  describe('client info and update', () => {
    it('answers the own account and honours x-portal', async () => {
      const { cookie, user } = await signup();
      const res = await inject({ method: 'GET', url: `/client/info/${user.id}`, headers: { cookie, 'x-portal': 'partners' } });
      expect(res.statusCode).toBe(200);
      expect(res.json()).toMatchObject({ id: user.id, isPartner: false, membership: { membershipTypeName: 'Free' } });
    });

    it('refuses another user id with 403 and no cookie with 401', async () => {
      const a = await signup();
      const b = await signup();
      const other = await inject({ method: 'GET', url: `/client/info/${b.user.id}`, headers: { cookie: a.cookie } });
      expect(other.statusCode).toBe(403);
      expect(other.json().error.code).toBe('FORBIDDEN');
      const anon = await inject({ method: 'GET', url: `/client/info/${a.user.id}` });
      expect(anon.statusCode).toBe(401);
      const badId = await inject({ method: 'GET', url: '/client/info/not-a-uuid', headers: { cookie: a.cookie } });
      expect(badId.statusCode).toBe(400);
    });

    it('refuses forged and expired access tokens', async () => {
      const { user } = await signup();
      const b64 = (o: unknown) => Buffer.from(JSON.stringify(o)).toString('base64url');
      const body = `${b64({ alg: 'HS256', typ: 'JWT' })}.${b64({ sub: user.id, sid: user.id, role: 'admin', iss: 'charla', exp: Date.now() / 1000 + 3600 })}`;
      const forged = `${body}.${createHmac('sha256', 'x'.repeat(32)).update(body).digest('base64url')}`;
      const res = await inject({ method: 'GET', url: `/client/info/${user.id}`, headers: { cookie: `charla_at=${forged}` } });
      expect(res.statusCode).toBe(401);
      const garbage = await inject({ method: 'GET', url: `/client/info/${user.id}`, headers: { cookie: 'charla_at=abc.def.ghi' } });
      expect(garbage.statusCode).toBe(401);
    });

    it('updates only the own account; a taken e-mail is a 409', async () => {
      const a = await signup();
      const b = await signup();
      const ok = await inject({
        method: 'POST',
        url: '/client/update-client',
        headers: { cookie: a.cookie },
        payload: { id: a.user.id, name: 'Ana María', email: a.body.email, phone_number: '33 1111 2222' },
      });
      expect(ok.statusCode).toBe(200);
      expect(ok.json()).toMatchObject({ ok: true, user: { name: 'Ana María', phone_number: '+523311112222' } });
      const other = await inject({
        method: 'POST',
        url: '/client/update-client',
        headers: { cookie: a.cookie },
        payload: { id: b.user.id, name: 'Hack', email: b.body.email, phone_number: '+52 33 0000 1111' },
      });
      expect(other.statusCode).toBe(403);
      const taken = await inject({
        method: 'POST',
        url: '/client/update-client',
        headers: { cookie: a.cookie },
        payload: { id: a.user.id, name: 'Ana', email: b.body.email, phone_number: '+52 33 0000 1111' },
      });
      expect(taken.statusCode).toBe(409);
      expect(taken.json().error.fields.email).toBe('Ya existe una cuenta con ese correo.');
    });
  });

  describe('refresh tokens', () => {
    it('rotates on every use and keeps the session alive', async () => {
      const { cookie, user } = await signup();
      const r1 = await inject({ method: 'POST', url: '/client/refresh-token', headers: { cookie } });
      expect(r1.statusCode).toBe(200);
      expect(r1.json()).toEqual({ ok: true });
      const cookie2 = cookieHeader(r1, cookie);
      expect(cookie2).not.toBe(cookie);
      const info = await inject({ method: 'GET', url: `/client/info/${user.id}`, headers: { cookie: cookie2 } });
      expect(info.statusCode).toBe(200);
    });

    it('revokes the whole family when an old refresh token is used again', async () => {
      const { cookie, user } = await signup();
      const r1 = await inject({ method: 'POST', url: '/client/refresh-token', headers: { cookie } });
      const cookie2 = cookieHeader(r1, cookie);
      // The stolen old token comes back.
      const reuse = await inject({ method: 'POST', url: '/client/refresh-token', headers: { cookie } });
      expect(reuse.statusCode).toBe(401);
      // The legitimate holder is signed out too: both its refresh and its access token die.
      const next = await inject({ method: 'POST', url: '/client/refresh-token', headers: { cookie: cookie2 } });
      expect(next.statusCode).toBe(401);
      const info = await inject({ method: 'GET', url: `/client/info/${user.id}`, headers: { cookie: cookie2 } });
      expect(info.statusCode).toBe(401);
    });

    it('refuses a missing or unknown refresh token', async () => {
      expect((await inject({ method: 'POST', url: '/client/refresh-token' })).statusCode).toBe(401);
      const res = await inject({ method: 'POST', url: '/client/refresh-token', headers: { cookie: 'charla_rt=made-up' } });
      expect(res.statusCode).toBe(401);
      expect(res.json().error.code).toBe('UNAUTHENTICATED');
    });

    it('lets two tabs refresh at the same moment within the grace period', async () => {
      const g = await createTestApp(engine, { REFRESH_REUSE_GRACE: '30' });
      try {
        const res = await g.app.inject({ method: 'POST', url: '/client/signup', payload: newUser() });
        const cookie = cookieHeader(res);
        const first = await g.app.inject({ method: 'POST', url: '/client/refresh-token', headers: { cookie } });
        const second = await g.app.inject({ method: 'POST', url: '/client/refresh-token', headers: { cookie } });
        expect([first.statusCode, second.statusCode]).toEqual([200, 200]);
        expect(second.cookies.some((c) => c.name === 'charla_rt')).toBe(false);
        const third = await g.app.inject({ method: 'POST', url: '/client/refresh-token', headers: { cookie: cookieHeader(first, cookie) } });
        expect(third.statusCode).toBe(200);
      } finally {
        await g.close();
      }
    });
  });

  describe('logout and CSRF', () => {
    it('ends the session: the old cookies no longer work', async () => {
      const { cookie, user } = await signup();
      const out = await inject({ method: 'POST', url: '/client/logout', headers: { cookie } });
      expect(out.statusCode).toBe(200);
      expect(out.json()).toEqual({ ok: true });
      expect(out.cookies.find((c) => c.name === 'charla_at')?.value).toBe('');
      expect((await inject({ method: 'GET', url: `/client/info/${user.id}`, headers: { cookie } })).statusCode).toBe(401);
      expect((await inject({ method: 'POST', url: '/client/refresh-token', headers: { cookie } })).statusCode).toBe(401);
    });

    it('refuses a cookie-authenticated write from another origin', async () => {
      const { cookie, user, body } = await signup();
      const payload = { id: user.id, name: 'Evil', email: body.email, phone_number: '+52 33 1234 5678' };
      const cross = await inject({ method: 'POST', url: '/client/update-client', headers: { cookie, origin: 'https://evil.example' }, payload });
      expect(cross.statusCode).toBe(403);
      expect(cross.json().error.code).toBe('CSRF_REJECTED');
      const site = await inject({ method: 'POST', url: '/client/logout', headers: { cookie, 'sec-fetch-site': 'cross-site' } });
      expect(site.statusCode).toBe(403);
      const same = await inject({ method: 'POST', url: '/client/update-client', headers: { cookie, origin: 'http://localhost:80', host: 'localhost:80' }, payload });
      expect(same.statusCode).toBe(200);
    });
  });
});
