import { hasProtectedFeatures, limitsOf, normalizePlan, type PlanLevel } from '@charla/shared';
import type { Db } from '../../db/client.ts';
import { AppError } from '../../lib/errors.ts';
import { quotaRepository } from './quota.repository.ts';

/** What a plan limits. */
export type QuotaKind = 'messages' | 'bots' | 'seats' | 'contacts' | 'protectedFeature';
export type QuotaCode = 'MESSAGE_LIMIT_REACHED' | 'BOT_LIMIT_REACHED' | 'SEAT_LIMIT_REACHED' | 'PLAN_REQUIRED';

/**
 * The plan's answer for one kind: `limit` is the plan's number (null where it has none: contacts,
 * which no plan limits yet, and the protected features, which a plan has or not), `used` what the
 * account holds of it. Refused answers carry the code the API answers with.
 */
export type QuotaAnswer = { plan: PlanLevel; limit: number | null; used: number } & ({ ok: true } | { ok: false; code: QuotaCode });

export interface QuotaOptions {
  /**
   * The transaction the caller goes on to write in: the account's row stays locked until it
   * ends, so two creations at once cannot both pass the limit.
   */
  tx?: Db;
  /** The month whose replies count (YYYY-MM, UTC); this month by default. */
  month?: string;
}

/** The month the automatic replies are counted in (YYYY-MM, UTC). */
export const usageMonth = (d: Date) => d.toISOString().slice(0, 7);

const codes: Record<QuotaKind, QuotaCode> = {
  messages: 'MESSAGE_LIMIT_REACHED',
  bots: 'BOT_LIMIT_REACHED',
  seats: 'SEAT_LIMIT_REACHED',
  contacts: 'PLAN_REQUIRED',
  protectedFeature: 'PLAN_REQUIRED',
};

/** The one reading of what an account's plan allows (the limits live in packages/shared/src/plans.ts). */
export function quotaService(db: Db) {
  /** The account's plan and what it holds of `kind`, in one read (two in a transaction: the lock, then the count). */
  async function usage(accountId: string, kind: QuotaKind, opts: QuotaOptions): Promise<{ plan: PlanLevel; used: number }> {
    const repo = quotaRepository(opts.tx ?? db);
    if (kind === 'messages') {
      const { plan, used } = await repo.planAndMessages(accountId, opts.month ?? usageMonth(new Date()));
      return { plan: normalizePlan(plan), used };
    }
    const plan = normalizePlan(await repo.plan(accountId, Boolean(opts.tx)));
    // Seats are counted once accounts have them; until then an account holds none.
    return { plan, used: kind === 'bots' ? await repo.liveBots(accountId) : 0 };
  }

  function judge(plan: PlanLevel, kind: QuotaKind, used: number): QuotaAnswer {
    const limits = limitsOf(plan);
    if (kind === 'protectedFeature' || kind === 'contacts') {
      const ok = kind === 'contacts' || hasProtectedFeatures(plan);
      return ok ? { ok, plan, limit: null, used } : { ok, plan, limit: null, used, code: codes[kind] };
    }
    const limit = kind === 'messages' ? limits.messagesPerMonth : kind === 'bots' ? limits.bots : limits.seats;
    return used < limit ? { ok: true, plan, limit, used } : { ok: false, plan, limit, used, code: codes[kind] };
  }

  async function check(accountId: string, kind: QuotaKind, opts: QuotaOptions = {}): Promise<QuotaAnswer> {
    const { plan, used } = await usage(accountId, kind, opts);
    return judge(plan, kind, used);
  }

  return {
    check,
    /** As `check`, and a refusal throws its code (BOT_LIMIT_REACHED, … 402 PLAN_REQUIRED). */
    async require(accountId: string, kind: QuotaKind, opts: QuotaOptions = {}): Promise<QuotaAnswer> {
      const answer = await check(accountId, kind, opts);
      if (!answer.ok) throw new AppError(answer.code);
      return answer;
    },
  };
}

export type QuotaService = ReturnType<typeof quotaService>;
