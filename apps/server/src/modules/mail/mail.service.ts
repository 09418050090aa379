import { randomBytes } from 'node:crypto';
import { mkdir, writeFile } from 'node:fs/promises';
import path from 'node:path';
import nodemailer from 'nodemailer';
import type { FastifyBaseLogger } from 'fastify';
import type { Locale } from '@charla/shared';
import { renderMail, type MailTemplate, type MailTemplates } from './templates.ts';

export interface MailMessage<T extends MailTemplate = MailTemplate> {
  to: string;
  template: T;
  locale: Locale;
  params: MailTemplates[T];
}

export type SendResult = { ok: true; messageId: string; file?: string } | { ok: false; error: string };

export interface MailOptions {
  smtpUrl?: string;
  from: string;
  dataDir: string;
  log: FastifyBaseLogger;
}

/** The first web link of a message's text: what a local user opens from the log. */
export const firstLink = (text: string): string | undefined => /https?:\/\/[^\s<>"]+/.exec(text)?.[0];

/**
 * Sends the app's e-mail through Nodemailer. With an SMTP server configured, through it; without
 * one, each message is written whole (as an .eml file) to DATA_DIR/outbox and its first link is
 * logged, so a local install can still reset a password. `send` never throws: a failure is logged
 * and answered, and the caller decides whether it matters.
 */
export function mailService(opts: MailOptions) {
  const outbox = path.resolve(opts.dataDir, 'outbox');
  const transport = opts.smtpUrl
    ? nodemailer.createTransport({ url: opts.smtpUrl, connectionTimeout: 10_000, greetingTimeout: 10_000, socketTimeout: 20_000 })
    : nodemailer.createTransport({ streamTransport: true, buffer: true, newline: 'unix' });

  async function deliver({ to, template, locale, params }: MailMessage): Promise<{ messageId: string; file?: string; link?: string }> {
    const mail = renderMail(template, locale, params as never);
    const info = await transport.sendMail({ from: opts.from, to, subject: mail.subject, text: mail.text, html: mail.html });
    const messageId = String(info.messageId ?? '');
    if (opts.smtpUrl) return { messageId };
    await mkdir(outbox, { recursive: true });
    const name = `${new Date().toISOString().replace(/[:.]/g, '-')}-${template}-${randomBytes(4).toString('hex')}.eml`;
    const file = path.join(outbox, name);
    await writeFile(file, (info as { message: Buffer }).message, { mode: 0o600 });
    return { messageId, file, link: firstLink(mail.text) };
  }

  return {
    /** Whether messages leave through an SMTP server (else they stay in the outbox folder). */
    smtp: Boolean(opts.smtpUrl),
    outbox,
    async send<T extends MailTemplate>(message: MailMessage<T>): Promise<SendResult> {
      try {
        const { messageId, file, link } = await deliver(message as MailMessage);
        if (file) opts.log.info({ template: message.template, to: message.to, file, link }, `mail written to the outbox (no SMTP_URL): ${link ?? ''}`);
        else opts.log.info({ template: message.template, messageId }, 'mail sent');
        return { ok: true, messageId, ...(file ? { file } : {}) };
      } catch (err) {
        opts.log.error({ err, template: message.template }, 'mail could not be sent');
        return { ok: false, error: err instanceof Error ? err.message : String(err) };
      }
    },
    close(): void {
      transport.close();
    },
  };
}

export type MailService = ReturnType<typeof mailService>;
