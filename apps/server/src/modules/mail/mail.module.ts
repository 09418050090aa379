import type { AppModule, ModuleContext } from '../app-module.ts';
import { mailService } from './mail.service.ts';

export type { MailMessage, MailService, SendResult } from './mail.service.ts';
export type { MailTemplate, MailTemplates } from './templates.ts';

/** Outgoing e-mail: one `send` for every message the app writes (no routes, no tables). */
export function mailModule(ctx: ModuleContext) {
  const service = mailService({ smtpUrl: ctx.config.SMTP_URL, from: ctx.config.MAIL_FROM, dataDir: ctx.config.DATA_DIR, log: ctx.log });
  ctx.app.addHook('onClose', async () => service.close());
  const module: AppModule = { name: 'mail' };
  return { module, service };
}
export { escapeHtml } from './templates.ts';
