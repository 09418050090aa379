import type { AccessService } from '../access/access.module.ts';
import type { AuditService } from '../audit/audit.module.ts';
import type { AppModule, ModuleContext } from '../app-module.ts';
import type { QuotaService } from '../quota/quota.module.ts';
import { botsRepository } from './bots.repository.ts';
import { botsRoutes } from './bots.routes.ts';
import { botsService } from './bots.service.ts';

/** Bots: their settings and credentials. */
export function botsModule(ctx: ModuleContext, deps: { access: AccessService; quota: QuotaService; audit: AuditService }) {
  const service = botsService(botsRepository(ctx.database.db), ctx.box, (userId, event, ...args) => ctx.app.realtime.toUser(userId, event, ...args), deps.access, deps.quota, deps.audit);
  const module: AppModule = {
    name: 'bots',
    routes: async (app) => void (await app.register(botsRoutes, { service })),
  };
  return { module, service };
}
