import type { AccessService } from '../access/access.module.ts';
import type { AuditService } from '../audit/audit.module.ts';
import type { QuotaService } from '../quota/quota.module.ts';
import type { AppModule, ModuleContext } from '../app-module.ts';
import type { UserRow } from '../auth/index.ts';
import type { BotsService } from '../bots/index.ts';
import { contactFieldsRepository } from './contact-fields.repository.ts';
import { crmRepository } from './crm.repository.ts';
import { crmRoutes } from './crm.routes.ts';
import { crmService } from './crm.service.ts';
import { summaryRepository } from './summary.repository.ts';
import { summaryRoutes } from './summary.routes.ts';
import { summaryService } from './summary.service.ts';

/** The CRM: contacts, pipeline stages, notes, timeline, export and the summary. */
export function crmModule(ctx: ModuleContext, deps: { bots: BotsService; access: AccessService; quota: QuotaService; audit: AuditService }) {
  const crm = crmService({ repo: crmRepository(ctx.database.db), fields: contactFieldsRepository(ctx.database.db), bots: deps.bots, access: deps.access, storage: ctx.storage, quota: deps.quota, audit: deps.audit, emit: ctx.emit });
  const stageNames = async (caller: UserRow, botId: string) => (await crm.stages(caller, botId)).map((s) => s.name);
  const summary = summaryService({ repo: summaryRepository(ctx.database.db), access: deps.access, stageNames });
  const module: AppModule = {
    name: 'crm',
    async routes(app) {
      await app.register(crmRoutes, { service: crm });
      await app.register(summaryRoutes, { service: summary });
    },
  };
  return { module, service: crm };
}
