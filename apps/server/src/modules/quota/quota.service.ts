import { hasProtectedFeatures, limitsOf, normalizePlan, type PlanLevel, type ProtectedFeature } from '@charla/shared';
import type { Db } from '../../db/client.ts';
import { AppError } from '../../lib/errors.ts';
import { quotaRepository } from './quota.repository.ts';

/** What a plan limits. */
export type QuotaKind = 'messages' | 'bots' | 'seats' | 'contacts' | 'protectedFeature';
export type QuotaCode = 'MESSAGE_LIMIT_REACHED' | 'BOT_LIMIT_REACHED' | 'SEAT_LIMIT_REACHED' | 'CONTACT_LIMIT_REACHED' | 'PLAN_REQUIRED';

/**
 * The plan's answer for one kind: `limit` is the plan's number (null where it has none: contacts
 * on Enterprise, and the protected features, which a plan has or not), `used` what the account
 * holds of it. Refused answers carry the code the API answers with.
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
  /** How many the caller is about to add (a CSV import adds many contacts at once); 1 by default. */
  adding?: number;
}

/** The month the automatic replies are counted in (YYYY-MM, UTC). */
export const usageMonth = (d: Date) => d.toISOString().slice(0, 7);

const codes: Record<QuotaKind, QuotaCode> = {
  messages: 'MESSAGE_LIMIT_REACHED',
  bots: 'BOT_LIMIT_REACHED',
  seats: 'SEAT_LIMIT_REACHED',
  contacts: 'CONTACT_LIMIT_REACHED',
  protectedFeature: 'PLAN_REQUIRED',
};

/** The one reading of what an account's plan allows (the limits live in packages/shared/src/plans.ts). */
export function quotaService(db: Db) {
  const outside = quotaRepository(db);
  /** The account's plan and what it holds of `kind`, in one read (two in a transaction: the lock, then the count). */
  async function usage(accountId: string, kind: QuotaKind, opts: QuotaOptions): Promise<{ plan: PlanLevel; used: number }> {
    const repo = opts.tx ? quotaRepository(opts.tx) : outside;
    if (kind === 'messages') {
      const { plan, used } = await repo.planAndMessages(accountId, opts.month ?? usageMonth(new Date()));
      return { plan: normalizePlan(plan), used };
    }
    const plan = normalizePlan(await repo.plan(accountId, Boolean(opts.tx)));
    const used =
      kind === 'bots' ? await repo.liveBots(accountId) : kind === 'contacts' ? await repo.contacts(accountId) : kind === 'seats' ? await repo.seats(accountId) : 0;
    return { plan, used };
  }

  function judge(plan: PlanLevel, kind: QuotaKind, used: number, adding: number): QuotaAnswer {
    const limits = limitsOf(plan);
    if (kind === 'protectedFeature') {
      const ok = hasProtectedFeatures(plan);
      return ok ? { ok, plan, limit: null, used } : { ok, plan, limit: null, used, code: codes[kind] };
    }
    const limit = kind === 'messages' ? limits.messagesPerMonth : kind === 'bots' ? limits.bots : kind === 'seats' ? limits.seats : limits.contacts;
    if (limit === null) return { ok: true, plan, limit, used };
    return used + adding <= limit ? { ok: true, plan, limit, used } : { ok: false, plan, limit, used, code: codes[kind] };
  }

  async function check(accountId: string, kind: QuotaKind, opts: QuotaOptions = {}): Promise<QuotaAnswer> {
    const { plan, used } = await usage(accountId, kind, opts);
    return judge(plan, kind, used, Math.max(0, opts.adding ?? 1));
  }

  return {
    check,
    /** As `check`, and a refusal throws its code (BOT_LIMIT_REACHED, … 402 PLAN_REQUIRED). */
    async require(accountId: string, kind: QuotaKind, opts: QuotaOptions = {}): Promise<QuotaAnswer> {
      const answer = await check(accountId, kind, opts);
      if (!answer.ok) throw new AppError(answer.code);
      return answer;
    },

    /**
     * A protected feature (the mass sender, partners) for the account's plan: 402 PLAN_REQUIRED
     * below Pro. `feature` names which, for the routes that ask (every one is gated alike today).
     */
    async requireFeature(accountId: string, _feature: ProtectedFeature): Promise<QuotaAnswer> {
      const answer = await check(accountId, 'protectedFeature');
      if (!answer.ok) throw new AppError(answer.code);
      return answer;
    },
  };
}

export type QuotaService = ReturnType<typeof quotaService>;
