import type { AuditService } from '../audit/audit.module.ts';
import type { AccessService } from '../access/access.module.ts';
import type { AppModule, ModuleContext } from '../app-module.ts';
import { productsRepository } from './products.repository.ts';
import { productsRoutes } from './products.routes.ts';
import { productsService } from './products.service.ts';

/** The catalog: products with their prices and pictures, each one searchable passage. */
export function productsModule(ctx: ModuleContext, deps: { access: AccessService; audit: AuditService }): AppModule {
  const service = productsService(productsRepository(ctx.database.db), deps.access, deps.audit);
  return { name: 'products', routes: async (app) => void (await app.register(productsRoutes, { service })) };
}
