import type { AccessService } from '../access/access.module.ts';
import type { AppModule, ModuleContext } from '../app-module.ts';
import type { TrainingService } from '../training/training.module.ts';
import { knowledgeGapsRepository } from './knowledge-gaps.repository.ts';
import { knowledgeGapsRoutes } from './knowledge-gaps.routes.ts';
import { knowledgeGapsService } from './knowledge-gaps.service.ts';

export type { KnowledgeGapsService } from './knowledge-gaps.service.ts';

/** Preguntas sin respuesta: questions the bot could not answer, grouped, and answered into its knowledge. */
export function knowledgeGapsModule(ctx: ModuleContext, deps: { access: AccessService; training: TrainingService }) {
  const service = knowledgeGapsService({ repo: knowledgeGapsRepository(ctx.database.db), access: deps.access, training: deps.training, log: ctx.log });
  const module: AppModule = {
    name: 'knowledge-gaps',
    routes: async (app) => void (await app.register(knowledgeGapsRoutes, { service })),
  };
  return { module, service };
}
