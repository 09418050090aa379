import type { AppModule, ModuleContext } from '../app-module.ts';
import { botsRepository } from './bots.repository.ts';
import { botsRoutes } from './bots.routes.ts';
import { botsService } from './bots.service.ts';

/** Bots: their settings, credentials and the one access check; a bot's room is open to those who may see it. */
export function botsModule(ctx: ModuleContext) {
  const service = botsService(botsRepository(ctx.database.db), ctx.box, (userId, event, ...args) => ctx.app.realtime.toUser(userId, event, ...args));
  const module: AppModule = {
    name: 'bots',
    sockets: (app) => app.realtime.allowRooms('bot', service.mayView),
    routes: async (app) => void (await app.register(botsRoutes, { service })),
  };
  return { module, service };
}
