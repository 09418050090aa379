import type { AppModule, ModuleContext } from '../app-module.ts';
import type { BotsService } from '../bots/bots.service.ts';
import { productsRepository } from './products.repository.ts';
import { productsRoutes } from './products.routes.ts';
import { productsService } from './products.service.ts';

/** The catalog: products with their prices and pictures, each one searchable passage. */
export function productsModule(ctx: ModuleContext, deps: { bots: BotsService }): AppModule {
  const service = productsService(productsRepository(ctx.database.db), deps.bots);
  return { name: 'products', routes: async (app) => void (await app.register(productsRoutes, { service })) };
}
