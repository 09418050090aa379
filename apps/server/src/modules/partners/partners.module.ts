import type { AppModule, ModuleContext } from '../app-module.ts';
import type { AuthService } from '../auth/index.ts';
import type { BotsService } from '../bots/index.ts';
import type { MailService } from '../mail/mail.module.ts';
import type { QuotaService } from '../quota/quota.module.ts';
import { partnersRepository } from './partners.repository.ts';
import { partnersRoutes } from './partners.routes.ts';
import { partnersService } from './partners.service.ts';

export type { PartnersService } from './partners.service.ts';
export { tenantOfHost, tenantOrigin } from './tenant-host.ts';
export { tenantPlugin } from './tenant-plugin.ts';
export { partnersRepository } from './partners.repository.ts';

/** Partners: white-label subdomains and their branding, the partners' clients, their bots and payments. */
export function partnersModule(ctx: ModuleContext, deps: { bots: BotsService; quota: QuotaService; mail: MailService; auth: AuthService }) {
  const service = partnersService({
    repo: partnersRepository(ctx.database.db),
    db: ctx.database.db,
    storage: ctx.storage,
    baseDomain: ctx.config.APP_BASE_DOMAIN,
    ...deps,
  });
  const module: AppModule = {
    name: 'partners',
    routes: async (app) => void (await app.register(partnersRoutes, { service, appUrl: ctx.config.APP_URL })),
  };
  return { module, service };
}
