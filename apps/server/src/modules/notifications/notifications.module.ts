import type { AppModule, ModuleContext } from '../app-module.ts';
import type { AccessService } from '../access/access.module.ts';
import type { MailService } from '../mail/mail.module.ts';
import { notificationsJobs } from './notifications.jobs.ts';
import { notificationsRepository } from './notifications.repository.ts';
import { notificationsService } from './notifications.service.ts';

export type { NotificationsService } from './notifications.service.ts';

/**
 * E-mail notices to the team (hand-offs, bookings), sent by a job after the conversations module
 * committed what they tell of. No routes, no tables.
 */
export function notificationsModule(ctx: ModuleContext, deps: { mail: MailService; access: AccessService }) {
  const appUrl = ctx.config.APP_URL ?? ctx.config.ALLOWED_ORIGINS[0] ?? `http://localhost:${ctx.config.PORT}`;
  const service = notificationsService({ repo: notificationsRepository(ctx.database.db), mail: deps.mail, access: deps.access, jobs: ctx.jobs, log: ctx.log, appUrl });
  const module: AppModule = { name: 'notifications', jobs: () => notificationsJobs(ctx.jobs, service) };
  return { module, service };
}
