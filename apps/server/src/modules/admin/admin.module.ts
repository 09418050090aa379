import type { Engine } from '../../engine/types.ts';
import type { AppModule, ModuleContext } from '../app-module.ts';
import { adminRoutes } from './admin.routes.ts';

/** The admin console of the main admin account: for now, the service's state. */
export function adminModule(ctx: ModuleContext, deps: { engine: Engine }): AppModule {
  const startedAt = new Date();
  return { name: 'admin', routes: async (app) => void (await app.register(adminRoutes, { database: ctx.database, engine: deps.engine, startedAt })) };
}
