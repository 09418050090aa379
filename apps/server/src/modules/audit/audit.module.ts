import type { AppModule, ModuleContext } from '../app-module.ts';
import { auditRepository } from './audit.repository.ts';
import { auditRoutes } from './audit.routes.ts';
import { auditService } from './audit.service.ts';

export type { AuditActor, AuditRecord, AuditService } from './audit.service.ts';

/**
 * The audit log: who did what to an account. Any module records through `service.record(entry, tx?)`,
 * which never fails its caller; owners read their account's entries at GET /api/audit.
 */
export function auditModule(ctx: ModuleContext) {
  const service = auditService(auditRepository(ctx.database.db), ctx.log);
  const module: AppModule = { name: 'audit', routes: async (app) => void (await app.register(auditRoutes, { service })) };
  return { module, service };
}
