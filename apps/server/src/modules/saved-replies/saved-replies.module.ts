import type { AccessService } from '../access/access.module.ts';
import type { AppModule, ModuleContext } from '../app-module.ts';
import { savedRepliesRepository } from './saved-replies.repository.ts';
import { savedRepliesRoutes } from './saved-replies.routes.ts';
import { savedRepliesService } from './saved-replies.service.ts';

export type { SavedRepliesService } from './saved-replies.service.ts';

/** "Respuestas guardadas": the short replies of a bot the inbox's composer offers after `/`. */
export function savedRepliesModule(ctx: ModuleContext, deps: { access: AccessService }) {
  const service = savedRepliesService({ repo: savedRepliesRepository(ctx.database.db), access: deps.access });
  const module: AppModule = { name: 'saved-replies', routes: async (app) => void (await app.register(savedRepliesRoutes, { service })) };
  return { module, service };
}
