import type { AppModule, ModuleContext } from '../app-module.ts';
import { auditRepository } from './audit.repository.ts';
import { auditRoutes } from './audit.routes.ts';
import { auditService, type Membership } from './audit.service.ts';

export type { AuditActor, AuditRecord, AuditService } from './audit.service.ts';

/**
 * The audit log: who did what to an account. Any module records through `service.record(entry, tx?)`,
 * which never fails its caller; owners and the account's admins read its entries at GET /api/audit.
 */
export function auditModule(ctx: ModuleContext, deps: { membership?: Membership } = {}) {
  const service = auditService(auditRepository(ctx.database.db), ctx.log, deps.membership);
  const module: AppModule = { name: 'audit', routes: async (app) => void (await app.register(auditRoutes, { service })) };
  return { module, service };
}
