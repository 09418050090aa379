import type { AppModule, ModuleContext } from '../app-module.ts';
import type { AuthService } from '../auth/index.ts';
import type { PlansService } from '../plans/plans.module.ts';
import { affiliatesJobs } from './affiliates.jobs.ts';
import { affiliatesRoutes } from './affiliates.routes.ts';
import { affiliatesService } from './affiliates.service.ts';

export type { AffiliatesService } from './affiliates.service.ts';

/**
 * The affiliate program (Referidos): attribution at sign-up (auth's sign-up event), commissions
 * from billing's paid and reversed invoices (plans' billing listener), the month's close.
 */
export function affiliatesModule(ctx: ModuleContext, deps: { auth: AuthService; plans: PlansService }) {
  const service = affiliatesService({ db: ctx.database.db, box: ctx.box, log: ctx.log });
  deps.auth.onSignedUp(async (user) => {
    await service.attribute(user);
  });
  deps.plans.onBilling({ invoicePaid: service.invoicePaid, paymentReversed: service.paymentReversed });
  const module: AppModule = {
    name: 'affiliates',
    jobs: (app) => affiliatesJobs(app, ctx.config, service),
    routes: async (app) => void (await app.register(affiliatesRoutes, { service, config: ctx.config })),
  };
  return { module, service };
}
