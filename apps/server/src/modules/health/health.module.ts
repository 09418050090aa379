import type { Engine } from '../../engine/types.ts';
import type { AppModule, ModuleContext } from '../app-module.ts';
import { healthRoutes } from './health.routes.ts';

/** /healthz and /readyz. */
export function healthModule(ctx: ModuleContext, deps: { engine: Engine }): AppModule {
  return { name: 'health', routes: async (app) => void (await app.register(healthRoutes, { database: ctx.database, engine: deps.engine })) };
}
