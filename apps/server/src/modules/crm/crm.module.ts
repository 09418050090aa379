import type { AppModule, ModuleContext } from '../app-module.ts';
import type { BotsService } from '../bots/bots.service.ts';
import { crmRepository } from './crm.repository.ts';
import { crmRoutes } from './crm.routes.ts';
import { crmService } from './crm.service.ts';

/** The CRM: contacts, pipeline stages, notes, timeline and export. */
export function crmModule(ctx: ModuleContext, deps: { bots: BotsService }): AppModule {
  const service = crmService({ repo: crmRepository(ctx.database.db), bots: deps.bots, storage: ctx.storage });
  return { name: 'crm', routes: async (app) => void (await app.register(crmRoutes, { service })) };
}
