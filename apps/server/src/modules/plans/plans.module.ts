import { rooms } from '@charla/shared';
import type { AccessService } from '../access/access.module.ts';
import type { AuditService } from '../audit/audit.module.ts';
import type { AppModule, ModuleContext } from '../app-module.ts';
import type { QuotaService } from '../quota/quota.module.ts';
import { plansJobs } from './plans.jobs.ts';
import { geoRoutes, plansRoutes, stripeWebhookRoutes } from './plans.routes.ts';
import { plansService } from './plans.service.ts';
import { stripeGateway } from './stripe-gateway.ts';

export type { PlansService } from './plans.service.ts';
export type { BillingListener, InvoicePaid, PaymentReversed } from './billing-events.ts';

/** Plans and billing: Stripe subscriptions, invoices, the grace period after a failed payment and the plan an account is on. */
export function plansModule(ctx: ModuleContext, deps: { access: AccessService; quota: QuotaService; audit: AuditService }) {
  const service = plansService({
    db: ctx.database.db,
    config: ctx.config,
    stripe: stripeGateway(ctx.config),
    quota: deps.quota,
    access: deps.access,
    notifyPaymentError: (accountId, payload) => ctx.emit(rooms.user(accountId), 'paymentError', payload),
    log: ctx.log,
    audit: deps.audit,
  });
  const module: AppModule = {
    name: 'plans',
    jobs: (app) => plansJobs(app, ctx.config, service),
    async routes(app) {
      await app.register(geoRoutes);
      await app.register(plansRoutes, { service, config: ctx.config });
      await app.register(stripeWebhookRoutes, { service });
    },
  };
  return { module, service };
}
