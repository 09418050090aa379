import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { InjectOptions } from 'fastify';
import { cookieHeader, createTestApp, engines, newUser, type TestApp } from '../../test/harness.ts';
import { mailText, resetToken, startSmtpServer } from '../../test/smtp.ts';

describe.each(engines)('passwords on %s', (engine) => {
  let t: TestApp;
  let smtp: Awaited<ReturnType<typeof startSmtpServer>>;
  beforeAll(async () => {
    smtp = await startSmtpServer();
    t = await createTestApp(engine, {
      SMTP_URL: smtp.url,
      MAIL_FROM: 'Charla <no-reply@charla.test>',
      APP_URL: 'https://app.charla.test',
      LOGIN_MAX_PER_IP: '1000',
      PASSWORD_RESET_MAX_PER_EMAIL: '3',
    });
  });
  afterAll(async () => {
    await t?.close();
    await smtp?.close();
  });

  const inject = (opts: InjectOptions) => t.app.inject(opts);
  async function signup() {
    const body = newUser();
    const res = await inject({ method: 'POST', url: '/client/signup', payload: body });
    expect(res.statusCode).toBe(201);
    return { body, cookie: cookieHeader(res), user: res.json().user as { id: string } };
  }
  async function login(email: string, password: string) {
    const res = await inject({ method: 'POST', url: '/client/login', payload: { email, password } });
    return { res, cookie: cookieHeader(res) };
  }
  const info = (userId: string, cookie: string) => inject({ method: 'GET', url: `/client/info/${userId}`, headers: { cookie } });
  const refresh = (cookie: string) => inject({ method: 'POST', url: '/client/refresh-token', headers: { cookie } });
  async function forgot(email: string, headers: Record<string, string> = {}) {
    const res = await inject({ method: 'POST', url: '/api/auth/password/forgot', headers, payload: { email } });
    await t.modules.auth.settled();
    return res;
  }
  const mailsTo = (email: string) => smtp.received.filter((m) => m.to.includes(email));

  describe('change', () => {
    it('refuses a wrong current password with a clear message and keeps the old one', async () => {
      const { body, cookie } = await signup();
      const res = await inject({ method: 'POST', url: '/api/auth/password', headers: { cookie }, payload: { currentPassword: 'no-es-esta', newPassword: 'nueva-clave-2026' } });
      expect(res.statusCode).toBe(400);
      expect(res.json().error).toMatchObject({ code: 'CURRENT_PASSWORD_WRONG', message: 'La contraseña actual no es correcta.' });
      expect(res.json().error.fields.currentPassword).toBeTruthy();
      expect((await login(body.email, body.password)).res.statusCode).toBe(200);
    });

    it('changes it, signs out every other session and keeps this one', async () => {
      const { body, cookie, user } = await signup();
      const other = await login(body.email, body.password);
      expect(other.res.statusCode).toBe(200);
      const res = await inject({ method: 'POST', url: '/api/auth/password', headers: { cookie }, payload: { currentPassword: body.password, newPassword: 'nueva-clave-2026' } });
      expect(res.statusCode).toBe(200);
      expect(res.json()).toEqual({ ok: true });
      expect((await refresh(other.cookie)).statusCode).toBe(401);
      expect((await info(user.id, other.cookie)).statusCode).toBe(401);
      expect((await info(user.id, cookie)).statusCode).toBe(200);
      expect((await refresh(cookie)).statusCode).toBe(200);
      expect((await login(body.email, body.password)).res.statusCode).toBe(401);
      expect((await login(body.email, 'nueva-clave-2026')).res.statusCode).toBe(200);
    });

    it('needs a session and follows the sign-up rules, in the language asked for', async () => {
      const anonymous = await inject({ method: 'POST', url: '/api/auth/password', payload: { currentPassword: 'x', newPassword: 'nueva-clave-2026' } });
      expect(anonymous.statusCode).toBe(401);
      const { cookie } = await signup();
      const short = await inject({ method: 'POST', url: '/api/auth/password', headers: { cookie }, payload: { currentPassword: 'x', newPassword: 'corta' } });
      expect(short.statusCode).toBe(400);
      expect(short.json().error.fields).toEqual({ newPassword: 'Escribe al menos 8 caracteres.' });
      const en = await inject({ method: 'POST', url: '/api/auth/password', headers: { cookie, 'accept-language': 'en' }, payload: { currentPassword: 'no', newPassword: 'nueva-clave-2026' } });
      expect(en.json().error.message).toBe('The current password is not correct.');
    });
  });

  describe('forgotten password', () => {
    it('mails a one-hour link in the asker\'s language through the SMTP server', async () => {
      const { body } = await signup();
      const res = await forgot(body.email.toUpperCase());
      expect(res.statusCode).toBe(202);
      expect(res.json()).toEqual({ ok: true });
      const [mail] = mailsTo(body.email);
      expect(mail).toBeDefined();
      expect(mail!.from).toBe('no-reply@charla.test');
      expect(mail!.raw).toMatch(/^Subject: Restablece tu contraseña de Charla|Subject: =\?UTF-8\?/m);
      const text = mailText(mail!.raw);
      expect(text).toContain('Hola, Ana López:');
      expect(text).toContain('https://app.charla.test/restablecer-contrasena?token=');
      expect(resetToken(mail!.raw)).toMatch(/^[A-Za-z0-9_-]{43}$/);

      await forgot(body.email, { 'accept-language': 'en-US,en;q=0.9' });
      const english = mailText(mailsTo(body.email)[1]!.raw);
      expect(english).toContain('Hi Ana López,');
    });

    it('answers an unknown e-mail the same way and sends nothing', async () => {
      const before = smtp.received.length;
      const res = await forgot('nadie.aqui@clinica.mx');
      expect(res.statusCode).toBe(202);
      expect(res.json()).toEqual({ ok: true });
      expect(smtp.received.length).toBe(before);
    });

    it('limits the requests per e-mail', async () => {
      const email = 'limite@clinica.mx';
      for (let i = 0; i < 3; i++) expect((await forgot(email)).statusCode).toBe(202);
      const res = await forgot(email);
      expect(res.statusCode).toBe(429);
      expect(res.json().error.code).toBe('RATE_LIMITED');
    });

    it('refuses bad input with Spanish messages, never a 500', async () => {
      const bad = await inject({ method: 'POST', url: '/api/auth/password/forgot', payload: { email: 'no-es-correo' } });
      expect(bad.statusCode).toBe(400);
      expect(bad.json().error.fields).toEqual({ email: 'Escribe un correo electrónico válido.' });
      const extra = await inject({ method: 'POST', url: '/api/auth/password/forgot', payload: { email: 'a@b.co', admin: true } });
      expect(extra.statusCode).toBe(400);
      const reset = await inject({ method: 'POST', url: '/api/auth/password/reset', payload: { token: 'x'.repeat(500), password: 'corta' } });
      expect(reset.statusCode).toBe(400);
      expect(reset.json().error.fields).toEqual({ token: 'Usa como máximo 128 caracteres.', password: 'Escribe al menos 8 caracteres.' });
      const weird = await inject({ method: 'POST', url: '/api/auth/password/reset', payload: { token: '\u0000\ud800', password: 'nueva-clave-2026' } });
      // Text that cannot be stored is refused before any route's own rules.
      expect(weird.statusCode).toBe(400);
      expect(weird.json().error).toMatchObject({ code: 'VALIDATION_FAILED', fields: { token: expect.stringContaining('no se puede guardar') } });
    });
  });

  describe('reset', () => {
    async function askLink(email: string) {
      await forgot(email);
      const mails = mailsTo(email);
      return resetToken(mails[mails.length - 1]!.raw)!;
    }

    it('sets the password once and signs out every session', async () => {
      const { body, cookie, user } = await signup();
      const other = await login(body.email, body.password);
      const token = await askLink(body.email);
      const res = await inject({ method: 'POST', url: '/api/auth/password/reset', payload: { token, password: 'restablecida-2026' } });
      expect(res.statusCode).toBe(200);
      expect(res.json()).toEqual({ ok: true });
      for (const c of [cookie, other.cookie]) {
        expect((await info(user.id, c)).statusCode).toBe(401);
        expect((await refresh(c)).statusCode).toBe(401);
      }
      expect((await login(body.email, body.password)).res.statusCode).toBe(401);
      expect((await login(body.email, 'restablecida-2026')).res.statusCode).toBe(200);

      const again = await inject({ method: 'POST', url: '/api/auth/password/reset', payload: { token, password: 'otra-clave-2026' } });
      expect(again.statusCode).toBe(400);
      expect(again.json().error).toMatchObject({
        code: 'RESET_TOKEN_INVALID',
        message: 'El enlace para restablecer la contraseña no es válido o ya expiró. Pide uno nuevo.',
      });
    });

    it('refuses a link after its hour, and an unknown one', async () => {
      const { body } = await signup();
      const token = await askLink(body.email);
      const later = new Date(Date.now() + 61 * 60 * 1000);
      await expect(t.modules.auth.resetPassword({ token, password: 'restablecida-2026' }, later)).rejects.toMatchObject({ code: 'RESET_TOKEN_INVALID' });
      const unknown = await inject({ method: 'POST', url: '/api/auth/password/reset', payload: { token: 'A'.repeat(43), password: 'restablecida-2026' } });
      expect(unknown.statusCode).toBe(400);
      expect(unknown.json().error.code).toBe('RESET_TOKEN_INVALID');
      // Still good within the hour.
      await expect(t.modules.auth.resetPassword({ token, password: 'restablecida-2026' })).resolves.toBeUndefined();
    });

    it('keeps only a hash of the token', async () => {
      const { body, user } = await signup();
      const token = await askLink(body.email);
      const rows = await t.database.db.query.passwordResets.findMany({ where: (r, { eq }) => eq(r.userId, user.id) });
      expect(rows).toHaveLength(1);
      expect(rows[0]!.tokenHash).not.toContain(token);
      expect(rows[0]!.tokenHash).toMatch(/^[0-9a-f]{64}$|^[A-Za-z0-9_-]{43}$/);
      expect(rows[0]!.expiresAt.getTime() - rows[0]!.createdAt.getTime()).toBeGreaterThan(59 * 60 * 1000);
    });
  });
});
