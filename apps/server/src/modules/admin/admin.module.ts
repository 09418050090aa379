import type { Engine } from '../../engine/types.ts';
import type { AppModule, ModuleContext } from '../app-module.ts';
import type { AuditService } from '../audit/audit.module.ts';
import { adminRepository } from './admin.repository.ts';
import { adminRoutes } from './admin.routes.ts';
import { adminService } from './admin.service.ts';

/** The main admin account's console: the service's state and figures, accounts, bot locks, suspensions and its audit trail. */
export function adminModule(ctx: ModuleContext, deps: { engine: Engine; audit: AuditService }) {
  const startedAt = new Date();
  const service = adminService({ db: ctx.database.db, repo: adminRepository(ctx.database.db), audit: deps.audit });
  const module: AppModule = {
    name: 'admin',
    routes: async (app) => void (await app.register(adminRoutes, { database: ctx.database, engine: deps.engine, startedAt, service })),
  };
  return { module, service };
}
