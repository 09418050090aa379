import { randomInt } from 'node:crypto';
import {
  affiliateLevels,
  affiliateQuestionIds,
  affiliateStatuses,
  bankInfoSchema,
  commissionMonths,
  commissionOf,
  maskEmail,
  maskSecret,
  mxnEquivalent,
  payoutMinimumOf,
  type AffiliateCreateBody,
  type AffiliateLevel,
  type AffiliatePayout,
  type AffiliatePayments,
  type AffiliateProfile,
  type AffiliateReferralCode,
  type AffiliateReferrals,
  type AffiliatesList,
  type AffiliatesListQuery,
  type AffiliateStatus,
  type BankInfo,
} from '@charla/shared';
import type { FastifyBaseLogger } from 'fastify';
import type { Db } from '../../db/client.ts';
import type { SecretBox } from '../../lib/crypto.ts';
import { AppError } from '../../lib/errors.ts';
import type { UserRow } from '../auth/index.ts';
import type { InvoicePaid, PaymentReversed } from '../plans/plans.module.ts';
import { affiliatesRepository, type AffiliateRow, type PayoutRow, type Sum } from './affiliates.repository.ts';
import { isUuid } from '../../lib/uuid.ts';

export interface AffiliatesDeps {
  db: Db;
  box: SecretBox;
  log: FastifyBaseLogger;
}

const CODE_ALPHABET = 'ABCDEFGHJKLMNPQRSTUVWXYZ23456789';
const deepest = affiliateLevels.length;

const newCode = () => Array.from({ length: 8 }, () => CODE_ALPHABET[randomInt(CODE_ALPHABET.length)]).join('');
const monthKey = (d: Date) => d.toISOString().slice(0, 7);
const startOfMonth = (d: Date) => new Date(Date.UTC(d.getUTCFullYear(), d.getUTCMonth(), 1));
const addMonths = (d: Date, n: number) => {
  const r = new Date(d);
  r.setUTCMonth(r.getUTCMonth() + n);
  return r;
};
const oneOf = <T extends string>(list: readonly T[], v: string, otherwise: T): T => ((list as readonly string[]).includes(v) ? (v as T) : otherwise);

/** `a − b` per currency (zero sums left out). */
function minus(a: Sum[], b: Sum[]): Sum[] {
  const by = new Map(a.map((s) => [s.currency, s.amount]));
  for (const s of b) by.set(s.currency, (by.get(s.currency) ?? 0) - s.amount);
  return [...by].map(([currency, amount]) => ({ currency, amount })).filter((s) => s.amount !== 0);
}

function toPayout(row: PayoutRow): AffiliatePayout {
  return {
    id: row.id,
    month: row.month,
    currency: row.currency,
    amount: row.amount,
    status: row.status === 'paid' ? 'paid' : 'pending',
    reference: row.reference,
    paidAt: row.paidAt?.toISOString() ?? null,
    createdAt: row.createdAt.toISOString(),
  };
}

/**
 * The affiliate program: profiles, attribution at sign-up, the commission ledger fed by billing,
 * the month's close into payouts, and the main admin's list and payout action.
 */
export function affiliatesService(deps: AffiliatesDeps) {
  const { db, box, log } = deps;
  const repo = affiliatesRepository(db);

  const isAdmin = (actor: UserRow) => actor.role === 'admin';

  /** The account the caller may read: its own, or any for the main admin; anything else is not found. */
  function ownId(actor: UserRow, id: string | undefined): string {
    const wanted = id ?? actor.id;
    if (wanted === actor.id || (isAdmin(actor) && isUuid(wanted))) return wanted;
    throw new AppError('NOT_FOUND');
  }

  async function profileRow(userId: string): Promise<AffiliateRow> {
    const row = await repo.byUser(userId);
    if (!row) throw new AppError('NOT_FOUND');
    return row;
  }

  function openBank(row: AffiliateRow): BankInfo {
    if (!row.bankInfoSealed) return {};
    const parsed = bankInfoSchema.safeParse(JSON.parse(box.open(row.bankInfoSealed)));
    return parsed.success ? parsed.data : {};
  }

  async function present(row: AffiliateRow, now: Date): Promise<AffiliateProfile> {
    const bank = openBank(row);
    const paypal = row.paypalEmailSealed ? box.open(row.paypalEmailSealed) : null;
    const [earned, thisMonth, pending, paid, allPayouts, monthly, tree, byReferral] = await Promise.all([
      repo.earned(row.userId),
      repo.earned(row.userId, { from: startOfMonth(now) }),
      repo.paidOut(row.userId, 'pending'),
      repo.paidOut(row.userId, 'paid'),
      repo.paidOut(row.userId),
      repo.monthly(row.userId, addMonths(startOfMonth(now), -11)),
      repo.descendants(row.userId, deepest),
      repo.earnedByReferral(row.userId),
    ]);
    return {
      userId: row.userId,
      status: oneOf(affiliateStatuses, row.status, 'pending_review'),
      code: row.code,
      paypalEmail: paypal ? maskEmail(paypal) : null,
      bankInfo: {
        ...(bank.clabe ? { clabe: maskSecret(bank.clabe) } : {}),
        ...(bank.bankName ? { bankName: bank.bankName } : {}),
        ...(bank.holderName ? { holderName: bank.holderName } : {}),
      },
      affiliateQuestions: row.answers.flatMap((a) => ((affiliateQuestionIds as readonly string[]).includes(a.question) ? [{ question: a.question as (typeof affiliateQuestionIds)[number], answer: a.answer }] : [])),
      createdAt: row.createdAt.toISOString(),
      figures: {
        signups: tree.length,
        payingAccounts: new Set(byReferral.map((r) => r.referredUserId)).size,
        earningsThisMonth: thisMonth,
        balance: minus(earned, allPayouts),
        pending,
        paid,
      },
      monthly,
    };
  }

  /** Writes a profile with sealed payment details and a fresh code (another on the rare collision). */
  async function insertProfile(userId: string, body: { paypalEmail?: string; bankInfo: BankInfo; affiliateQuestions: { question: string; answer: string }[] }, extra: Partial<AffiliateRow> = {}) {
    const bank = Object.fromEntries(Object.entries(body.bankInfo).filter(([, v]) => v));
    for (let attempt = 0; attempt < 5; attempt++) {
      const created = await repo.insert({
        userId,
        code: newCode(),
        paypalEmailSealed: body.paypalEmail ? box.seal(body.paypalEmail) : null,
        bankInfoSealed: Object.keys(bank).length ? box.seal(JSON.stringify(bank)) : null,
        answers: body.affiliateQuestions.filter((a) => a.answer),
        ...extra,
      });
      if (created) return created;
      if (await repo.byUser(userId)) throw new AppError('AFFILIATE_EXISTS');
    }
    throw new AppError('INTERNAL');
  }

  const service = {
    async profile(actor: UserRow, id: string, now = new Date()): Promise<AffiliateProfile> {
      return present(await profileRow(ownId(actor, id)), now);
    },

    /** Joins the program: the body's userId must be the caller's own account. */
    async create(actor: UserRow, body: AffiliateCreateBody): Promise<AffiliateProfile> {
      if (body.userId !== actor.id) throw new AppError('FORBIDDEN');
      const row = await insertProfile(actor.id, body);
      log.info({ userId: actor.id }, 'affiliate profile created');
      return present(row, new Date());
    },

    async referralCode(actor: UserRow, id: string, appUrl: string): Promise<AffiliateReferralCode> {
      const row = await profileRow(ownId(actor, id));
      return { code: row.code, link: `${appUrl}/signup?ref=${encodeURIComponent(row.code)}` };
    },

    async referrals(actor: UserRow, affiliateId: string): Promise<AffiliateReferrals> {
      const row = await profileRow(ownId(actor, affiliateId));
      const [tree, earned] = await Promise.all([repo.descendants(row.userId, deepest), repo.earnedByReferral(row.userId)]);
      return {
        referrals: tree.map((r) => {
          const mine = earned.filter((e) => e.referredUserId === r.userId);
          return {
            id: r.userId,
            email: maskEmail(r.email),
            level: r.level,
            signedUpAt: r.createdAt.toISOString(),
            paying: mine.length > 0,
            earned: mine.filter((e) => e.amount !== 0).map((e) => ({ currency: e.currency, amount: e.amount })),
          };
        }),
      };
    },

    async payments(actor: UserRow, userId: string | undefined): Promise<AffiliatePayments> {
      const row = await profileRow(ownId(actor, userId));
      return { payments: (await repo.payouts(row.userId)).map(toPayout) };
    },

    /** The main admin's list with the spec's filters; sales compared in MXN (or its equivalent). */
    async list(actor: UserRow, query: AffiliatesListQuery): Promise<AffiliatesList> {
      if (!isAdmin(actor)) throw new AppError('FORBIDDEN');
      const rows = await repo.list({
        ...(query.email ? { email: query.email } : {}),
        ...(query.status ? { status: query.status } : {}),
        ...(query.startDate ? { from: new Date(`${query.startDate}T00:00:00Z`) } : {}),
        ...(query.endDate ? { to: new Date(`${query.endDate}T23:59:59.999Z`) } : {}),
      });
      const affiliates: AffiliatesList['affiliates'] = [];
      for (const row of rows) {
        const [sales, earned, payoutRows] = await Promise.all([repo.sales(row.userId), repo.earned(row.userId), repo.payouts(row.userId)]);
        const total = sales.reduce((sum, s) => sum + mxnEquivalent(s), 0) / 100;
        if (query.minSalesAmount !== undefined && total < query.minSalesAmount) continue;
        if (query.maxSalesAmount !== undefined && total > query.maxSalesAmount) continue;
        const payouts = payoutRows.map(toPayout);
        const allPaidOut = payouts.reduce<Sum[]>((acc, p) => minus(acc, [{ currency: p.currency, amount: -p.amount }]), []);
        affiliates.push({
          userId: row.userId,
          name: row.name,
          email: row.email,
          status: oneOf(affiliateStatuses, row.status, 'pending_review'),
          code: row.code,
          createdAt: row.createdAt.toISOString(),
          referrals: row.referrals,
          sales,
          balance: minus(earned, allPaidOut),
          payouts,
        });
      }
      return { affiliates };
    },

    async setStatus(actor: UserRow, id: string, status: AffiliateStatus): Promise<AffiliateProfile> {
      if (!isAdmin(actor)) throw new AppError('FORBIDDEN');
      if (!isUuid(id) || !(await repo.setStatus(id, status))) throw new AppError('NOT_FOUND');
      log.info({ userId: id, status, by: actor.id }, 'affiliate status changed');
      return present(await profileRow(id), new Date());
    },

    /** The main admin paid a pending payout: it is marked paid with the transfer's reference. */
    async markPaid(actor: UserRow, payoutId: string, reference: string, now = new Date()): Promise<AffiliatePayout> {
      if (!isAdmin(actor)) throw new AppError('FORBIDDEN');
      const row = await repo.markPaid(payoutId, reference, actor.id, now);
      if (row) {
        log.info({ payoutId, by: actor.id }, 'affiliate payout marked paid');
        return toPayout(row);
      }
      if (await repo.payout(payoutId)) throw new AppError('PAYOUT_ALREADY_PAID');
      throw new AppError('NOT_FOUND');
    },

    /**
     * A new account signed up with a referral code: its referrer is the code's affiliate, fixed now.
     * No self-referral, no cycle (the referrer's own chain must not hold the account), one referrer.
     */
    async attribute(user: Pick<UserRow, 'id' | 'referredByCode'>, at?: Date): Promise<boolean> {
      const code = user.referredByCode?.trim();
      if (!code || code.length > 40) return false;
      const affiliate = await repo.byCode(code);
      if (!affiliate || affiliate.userId === user.id) return false;
      const chain = await repo.ancestors(affiliate.userId, 50);
      if (chain.some((c) => c.referrerId === user.id)) return false;
      return repo.addReferral(user.id, affiliate.userId, at);
    },

    /** A paid invoice earns each referrer up the tree its level's share, within the commission months. */
    async invoicePaid(event: InvoicePaid, tx: Db): Promise<void> {
      const r = affiliatesRepository(tx);
      const chain = await r.ancestors(event.accountId, deepest);
      // The account's own referral date opens its commission months.
      if (!chain[0] || event.paidAt >= addMonths(chain[0].referredAt, commissionMonths)) return;
      const entries = [];
      for (const link of chain) {
        const affiliate = await r.byUser(link.referrerId);
        if (!affiliate || affiliate.status === 'suspended') continue;
        const amount = commissionOf(event.amount, link.level as AffiliateLevel);
        if (amount <= 0) continue;
        entries.push({
          affiliateId: link.referrerId,
          referredUserId: event.accountId,
          invoiceId: event.invoiceId,
          level: link.level,
          kind: 'commission',
          base: event.amount,
          amount,
          currency: event.currency,
          eventId: event.eventId,
          createdAt: event.paidAt,
        });
      }
      const written = await r.addEntries(entries);
      if (written) log.info({ invoiceId: event.invoiceId, entries: written }, 'affiliate commissions written');
    },

    /** A refund or chargeback: each commission of the invoice gets its negative twin, once. */
    async paymentReversed(event: PaymentReversed, tx: Db): Promise<void> {
      const r = affiliatesRepository(tx);
      const earned = await r.commissionsOf(event.invoiceId);
      const written = await r.addEntries(
        earned.map((c) => ({
          affiliateId: c.affiliateId,
          referredUserId: c.referredUserId,
          invoiceId: c.invoiceId,
          level: c.level,
          kind: 'reversal',
          base: -c.base,
          amount: -c.amount,
          currency: c.currency,
          eventId: event.eventId,
          createdAt: event.at,
        })),
      );
      if (written) log.info({ invoiceId: event.invoiceId, reason: event.reason, entries: written }, 'affiliate commissions reversed');
    },

    /**
     * Closes the month before `now`'s: for each active affiliate and currency, what was earned
     * before the 1st and not yet paid out becomes a pending payout when it reaches the minimum.
     * Safe to run any number of times (one payout per affiliate, month and currency).
     */
    async closeMonth(now = new Date()): Promise<number> {
      const end = startOfMonth(now);
      const month = monthKey(addMonths(end, -1));
      let created = 0;
      for (const affiliate of await repo.payable()) {
        const balance = minus(await repo.earned(affiliate.userId, { to: end }), await repo.paidOut(affiliate.userId));
        for (const b of balance) {
          if (b.amount < payoutMinimumOf(b.currency)) continue;
          const payout = await repo.addPayout({ affiliateId: affiliate.userId, month, currency: b.currency, amount: b.amount, createdAt: now });
          if (payout) created++;
        }
      }
      if (created) log.info({ month, payouts: created }, 'affiliate statements closed');
      return created;
    },

    /**
     * The demo account as an affiliate: active, paid by PayPal, two referred accounts and one
     * under them, commissions on their invoices of the last months; the statement of two months
     * ago paid, last month's pending.
     */
    async seedDemo(ownerId: string, referred: { level1: string[]; level2: string[] }, now: Date): Promise<void> {
      if (await repo.byUser(ownerId)) return;
      await insertProfile(
        ownerId,
        {
          paypalEmail: 'pagos@sonrisaplena.mx',
          bankInfo: {},
          affiliateQuestions: [
            { question: 'how_promote', answer: 'Recomiendo Charla a otras clínicas en mi grupo de dentistas de WhatsApp.' },
            { question: 'audience', answer: 'Consultorios dentales y clínicas de estética en Guadalajara.' },
          ],
        },
        { status: 'active', createdAt: addMonths(now, -4) },
      );
      const [first, second] = referred.level1;
      const [grand] = referred.level2;
      if (first) await repo.addReferral(first, ownerId, addMonths(now, -3));
      if (second) await repo.addReferral(second, ownerId, addMonths(now, -1));
      if (grand && first) await repo.addReferral(grand, first, addMonths(now, -2));
      const pay = async (accountId: string, monthsAgo: number, amount: number) => {
        // The 5th of the month, or earlier this month when today is before it (never in the future).
        const start = startOfMonth(addMonths(now, -monthsAgo)).getTime();
        const paidAt = new Date(Math.max(start, Math.min(start + 4 * 86_400_000, now.getTime() - 60_000)));
        await db.transaction((tx) =>
          service.invoicePaid({ eventId: `evt_demo_${accountId.slice(0, 8)}_${monthsAgo}`, invoiceId: `in_demo_ref_${accountId.slice(0, 8)}_${monthsAgo}`, accountId, amount, currency: 'mxn', paidAt }, tx),
        );
      };
      if (first) for (const m of [3, 2, 1, 0]) await pay(first, m, 179_900);
      if (grand) for (const m of [2, 1, 0]) await pay(grand, m, 179_900);
      if (second) await pay(second, 0, 89_900);
      await service.closeMonth(startOfMonth(addMonths(now, -1)));
      const [last] = await repo.payouts(ownerId);
      // Paid on the 3rd of this month (or just now, early in the month).
      const paidAt = new Date(Math.min(startOfMonth(now).getTime() + 2 * 86_400_000 + 17 * 3_600_000, now.getTime() - 60_000));
      if (last) await repo.markPaid(last.id, 'SPEI 0284 7719', ownerId, paidAt);
      await service.closeMonth(now);
    },
  };
  return service;
}

export type AffiliatesService = ReturnType<typeof affiliatesService>;
