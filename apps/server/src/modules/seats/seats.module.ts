import type { AppModule, ModuleContext } from '../app-module.ts';
import type { AccessService } from '../access/access.module.ts';
import type { AuditService } from '../audit/audit.module.ts';
import type { AuthService } from '../auth/index.ts';
import type { MailService } from '../mail/mail.module.ts';
import type { QuotaService } from '../quota/quota.module.ts';
import { seatsRoutes } from './seats.routes.ts';
import { seatsService } from './seats.service.ts';

export type { SeatsService } from './seats.service.ts';
export { invitationPagePath } from './seats.service.ts';

/** Team seats: invitations by e-mail, roles (admin, agent with bots), turning a seat off. Who a seat lets in is the access face's answer. */
export function seatsModule(ctx: ModuleContext, deps: { access: AccessService; quota: QuotaService; mail: MailService; auth: AuthService; audit: AuditService }) {
  const service = seatsService(ctx.database.db, deps);
  const module: AppModule = {
    name: 'seats',
    routes: async (app) => void (await app.register(seatsRoutes, { service, appUrl: ctx.config.APP_URL ?? ctx.config.ALLOWED_ORIGINS[0] })),
  };
  return { module, service };
}
