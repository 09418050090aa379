import type { ModuleContext } from '../app-module.ts';
import { quotaService } from './quota.service.ts';

export { usageMonth } from './quota.service.ts';
export type { QuotaAnswer, QuotaCode, QuotaKind, QuotaOptions, QuotaService } from './quota.service.ts';

/** Quota: what an account's plan allows (bots, messages a month, seats, protected features), asked by the modules that add them. */
export function quotaModule(ctx: ModuleContext) {
  return { service: quotaService(ctx.database.db) };
}
