import type { AppModule, ModuleContext } from '../app-module.ts';
import { accessRepository } from './access.repository.ts';
import { accessService } from './access.service.ts';

export type { AccessArea, AccessOptions, AccessService, Actor, ReadableAccount } from './access.service.ts';
export type { AccessedBot, Assignee, Membership } from './access.repository.ts';

/** Access: who may read or change a bot, asked by every route, job and room of another module. A bot's room is open to those it allows. */
export function accessModule(ctx: ModuleContext) {
  const service = accessService(accessRepository(ctx.database.db));
  const module: AppModule = {
    name: 'access',
    sockets: (app) => app.realtime.allowRooms('bot', service.canJoinRoom),
  };
  return { module, service };
}
