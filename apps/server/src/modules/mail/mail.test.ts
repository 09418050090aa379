import { mkdtempSync, readdirSync, readFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import type { FastifyBaseLogger } from 'fastify';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { mailText, startSmtpServer } from '../../test/smtp.ts';
import { mailService } from './mail.service.ts';
import { escapeHtml, mailTemplates, renderMail } from './templates.ts';

const fakeLog = () => ({ info: vi.fn(), error: vi.fn() }) as unknown as FastifyBaseLogger & { info: ReturnType<typeof vi.fn>; error: ReturnType<typeof vi.fn> };

describe('mail templates', () => {
  const params = {
    'password-reset': { name: 'Ana <b>López</b>', link: 'https://app.charla.test/restablecer-contrasena?token=abc&x=1', minutes: 60 },
    'team-invitation': { inviter: 'Lucía "Lu" Herrera', business: 'Clínica <Sonrisa>', role: 'agent', link: 'https://app.charla.test/invitacion?t=1' },
    'client-welcome': { partner: 'Agencia <Acme>', name: 'Ana & Co', link: 'https://acme.charla.test/restablecer-contrasena?token=abc', days: 7 },
    'handoff-notice': { contact: '<script>alert(1)</script>', bot: 'Sofía', link: 'https://app.charla.test/app/dashboard/b/crm?c=1' },
    'booking-notice': { contact: 'Mario & Hijos', bot: 'Sofía', startsAt: '2026-12-03T23:30:00.000Z', timeZone: 'America/Mexico_City', link: 'https://app.charla.test/app/dashboard/b/citas' },
  } as const;

  it.each(mailTemplates)('%s renders in Spanish and English with every value escaped in HTML', (template) => {
    const es = renderMail(template, 'es', params[template] as never);
    const en = renderMail(template, 'en', params[template] as never);
    expect(es.subject).not.toBe(en.subject);
    for (const mail of [es, en]) {
      expect(mail.html).not.toMatch(/<script>|<b>|<Sonrisa>/);
      expect(mail.html).toContain(escapeHtml(params[template].link));
      expect(mail.text).toContain(params[template].link);
      expect(mail.subject).not.toMatch(/[\r\n]/);
    }
  });

  it('says what each message is about', () => {
    expect(renderMail('password-reset', 'es', params['password-reset']).text).toContain('El enlace funciona durante 60 minutos');
    expect(renderMail('password-reset', 'en', params['password-reset']).subject).toBe('Reset your Charla password');
    const invitation = renderMail('team-invitation', 'es', params['team-invitation']);
    expect(invitation.subject).toBe('Lucía "Lu" Herrera te invitó a Clínica <Sonrisa> en Charla');
    expect(invitation.text).toContain('como agente');
    expect(invitation.html).toContain('Lucía &quot;Lu&quot; Herrera');
    expect(renderMail('handoff-notice', 'es', params['handoff-notice']).html).toContain('&lt;script&gt;alert(1)&lt;/script&gt; pidió hablar con una persona');
    // 23:30 UTC is 17:30 in Mexico City, on Thursday 3 December.
    const booking = renderMail('booking-notice', 'es', params['booking-notice']);
    expect(booking.text).toMatch(/jueves, 3 de diciembre de 2026.*5:30/);
    expect(booking.html).toContain('Mario &amp; Hijos');
    expect(renderMail('booking-notice', 'en', params['booking-notice']).text).toMatch(/Thursday, December 3, 2026.*5:30/);
  });

  it('puts only web links in a message', () => {
    const mail = renderMail('handoff-notice', 'es', { contact: 'Ana', bot: 'Sofía', link: 'javascript:alert(1)' });
    expect(mail.html).not.toContain('javascript:');
    expect(mail.text).not.toContain('javascript:');
  });
});

describe('mail delivery', () => {
  it('writes an .eml file to DATA_DIR/outbox and logs its link when SMTP_URL is unset', async () => {
    const dataDir = mkdtempSync(path.join(tmpdir(), 'charla-mail-'));
    const log = fakeLog();
    const mail = mailService({ from: 'Charla <no-reply@charla.local>', dataDir, log });
    const link = 'http://localhost:3000/restablecer-contrasena?token=abc123';
    const result = await mail.send({ to: 'ana@clinica.mx', template: 'password-reset', locale: 'es', params: { name: 'Ana', link, minutes: 60 } });
    expect(result.ok).toBe(true);
    const files = readdirSync(path.join(dataDir, 'outbox'));
    expect(files).toHaveLength(1);
    expect(files[0]).toMatch(/password-reset-[0-9a-f]{8}\.eml$/);
    const raw = readFileSync(path.join(dataDir, 'outbox', files[0]!), 'utf8');
    expect(raw).toMatch(/^To: ana@clinica\.mx$/m);
    expect(raw).toMatch(/^From: Charla <no-reply@charla\.local>$/m);
    expect(mailText(raw)).toContain(link);
    expect(log.info).toHaveBeenCalledWith(expect.objectContaining({ link, template: 'password-reset' }), expect.stringContaining(link));
  });

  describe('through SMTP', () => {
    let smtp: Awaited<ReturnType<typeof startSmtpServer>>;
    beforeAll(async () => {
      smtp = await startSmtpServer();
    });
    afterAll(() => smtp?.close());

    it('delivers to the SMTP server', async () => {
      const mail = mailService({ smtpUrl: smtp.url, from: 'Charla <no-reply@charla.test>', dataDir: tmpdir(), log: fakeLog() });
      const result = await mail.send({ to: 'lucia@clinica.mx', template: 'handoff-notice', locale: 'en', params: { contact: 'Mario', bot: 'Sofía', link: 'https://app.charla.test/c/1' } });
      mail.close();
      expect(result.ok).toBe(true);
      expect(smtp.received).toHaveLength(1);
      expect(smtp.received[0]!.to).toEqual(['lucia@clinica.mx']);
      expect(mailText(smtp.received[0]!.raw)).toContain('Mario asked to talk to a person');
    });

    it('answers a failure instead of throwing, and logs it', async () => {
      const log = fakeLog();
      const mail = mailService({ smtpUrl: 'smtp://127.0.0.1:1', from: 'Charla <no-reply@charla.test>', dataDir: tmpdir(), log });
      const result = await mail.send({ to: 'x@clinica.mx', template: 'handoff-notice', locale: 'es', params: { contact: 'Mario', bot: 'Sofía', link: 'https://app.charla.test/c/1' } });
      mail.close();
      expect(result.ok).toBe(false);
      expect(log.error).toHaveBeenCalled();
    });
  });
});
