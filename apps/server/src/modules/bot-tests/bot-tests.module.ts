import type { AccessService } from '../access/access.module.ts';
import type { AppModule, ModuleContext } from '../app-module.ts';
import type { Rehearse } from '../conversations/index.ts';
import { botTestsRepository } from './bot-tests.repository.ts';
import { botTestsRoutes } from './bot-tests.routes.ts';
import { botTestsService } from './bot-tests.service.ts';

export type { BotTestsService } from './bot-tests.service.ts';

/** "Pruebas del asistente": the owner's saved questions with the facts each reply must hold, played on demand. */
export function botTestsModule(ctx: ModuleContext, deps: { access: AccessService; rehearse: Rehearse }) {
  const service = botTestsService({ repo: botTestsRepository(ctx.database.db), access: deps.access, rehearse: deps.rehearse });
  const module: AppModule = { name: 'bot-tests', routes: async (app) => void (await app.register(botTestsRoutes, { service })) };
  return { module, service };
}
