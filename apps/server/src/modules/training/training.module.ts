import type { AccessService } from '../access/access.module.ts';
import type { AuditService } from '../audit/audit.module.ts';
import type { AppModule, ModuleContext } from '../app-module.ts';
import type { BotsService } from '../bots/index.ts';
import { retrieval } from './retrieval.ts';
import { trainingJobs } from './training.jobs.ts';
import { trainingRepository } from './training.repository.ts';
import { trainingRoutes } from './training.routes.ts';
import { trainingService } from './training.service.ts';

export type { TrainingService } from './training.service.ts';

/** Knowledge: documents extracted and indexed by jobs, and the search the engine reads. */
export function trainingModule(ctx: ModuleContext, deps: { bots: BotsService; access: AccessService; audit: AuditService }) {
  const repo = trainingRepository(ctx.database.db);
  const service = trainingService({
    repo,
    bots: deps.bots,
    access: deps.access,
    storage: ctx.storage,
    jobs: ctx.jobs,
    emit: (room, payload) => ctx.emit(room, 'documentStatus', payload),
    log: ctx.log,
    allowPrivateUrls: ctx.config.TRAINING_ALLOW_PRIVATE_URLS,
    youtubeBaseUrl: ctx.config.YOUTUBE_BASE_URL,
    audit: deps.audit,
  });
  const module: AppModule = {
    name: 'training',
    jobs: () => trainingJobs(ctx.jobs, service),
    routes: async (app) => void (await app.register(trainingRoutes, { service })),
  };
  return { module, service, search: retrieval(repo) };
}
