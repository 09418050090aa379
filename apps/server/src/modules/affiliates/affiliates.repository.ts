import { and, desc, eq, gte, ilike, lt, lte, sql, type SQL } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { queryRows } from '../../db/client.ts';
import { users } from '../auth/auth.table.ts';
import { affiliateCommissions, affiliatePayouts, affiliateReferrals, affiliates } from './affiliates.table.ts';

export type AffiliateRow = typeof affiliates.$inferSelect;
export type NewAffiliate = typeof affiliates.$inferInsert;
export type PayoutRow = typeof affiliatePayouts.$inferSelect;
export type NewCommission = typeof affiliateCommissions.$inferInsert;
export type CommissionRow = typeof affiliateCommissions.$inferSelect;

export interface Sum {
  currency: string;
  amount: number;
}

export interface ReferralRow {
  userId: string;
  email: string;
  level: number;
  createdAt: Date;
}

const sums = (rows: { currency: string; amount: string | number | null }[]): Sum[] =>
  rows.map((r) => ({ currency: r.currency, amount: Number(r.amount ?? 0) })).filter((r) => r.amount !== 0);

/** The only code that reads and writes affiliates, referrals, the commission ledger and payouts. */
export function affiliatesRepository(db: Db) {
  return {
    async byUser(userId: string): Promise<AffiliateRow | undefined> {
      const [row] = await db.select().from(affiliates).where(eq(affiliates.userId, userId));
      return row;
    },

    async byCode(code: string): Promise<AffiliateRow | undefined> {
      const [row] = await db.select().from(affiliates).where(eq(affiliates.code, code.toUpperCase()));
      return row;
    },

    /** Inserts a profile; undefined when the account has one (or the code is taken). */
    async insert(row: NewAffiliate): Promise<AffiliateRow | undefined> {
      const [created] = await db.insert(affiliates).values(row).onConflictDoNothing().returning();
      return created;
    },

    async setStatus(userId: string, status: string): Promise<boolean> {
      const rows = await db.update(affiliates).set({ status, updatedAt: new Date() }).where(eq(affiliates.userId, userId)).returning({ id: affiliates.userId });
      return rows.length > 0;
    },

    /** Records the account's one referrer; false when it has one already. */
    async addReferral(userId: string, referrerId: string, at?: Date): Promise<boolean> {
      const rows = await db
        .insert(affiliateReferrals)
        .values({ userId, referrerId, ...(at ? { createdAt: at } : {}) })
        .onConflictDoNothing()
        .returning({ id: affiliateReferrals.userId });
      return rows.length > 0;
    },

    /** The account's referrers, nearest first (level 1, 2, …), up to `levels`; with when it was referred. */
    async ancestors(userId: string, levels: number): Promise<{ referrerId: string; level: number; referredAt: Date }[]> {
      const rows = await queryRows<{ referrer_id: string; level: number; created_at: string | Date }>(
        db,
        sql`with recursive up(user_id, referrer_id, level, created_at) as (
              select user_id, referrer_id, 1, created_at from affiliate_referrals where user_id = ${userId}
              union all
              select r.user_id, r.referrer_id, up.level + 1, r.created_at
                from affiliate_referrals r join up on r.user_id = up.referrer_id
               where up.level < ${levels})
            select referrer_id, level, created_at from up order by level`,
      );
      return rows.map((r) => ({ referrerId: r.referrer_id, level: Number(r.level), referredAt: new Date(r.created_at) }));
    },

    /** Accounts under the affiliate, down to `levels`, with their level and sign-up e-mail. */
    async descendants(affiliateId: string, levels: number): Promise<ReferralRow[]> {
      const rows = await queryRows<{ user_id: string; email: string; level: number; created_at: string | Date }>(
        db,
        sql`with recursive down(user_id, level, created_at) as (
              select user_id, 1, created_at from affiliate_referrals where referrer_id = ${affiliateId}
              union all
              select r.user_id, down.level + 1, r.created_at
                from affiliate_referrals r join down on r.referrer_id = down.user_id
               where down.level < ${levels})
            select down.user_id, u.email, down.level, down.created_at
              from down join users u on u.id = down.user_id
             order by down.level, down.created_at desc
             limit 2000`,
      );
      return rows.map((r) => ({ userId: r.user_id, email: r.email, level: Number(r.level), createdAt: new Date(r.created_at) }));
    },

    /** Adds ledger entries; those already written (same invoice, level and kind) are left as they are. */
    async addEntries(entries: NewCommission[]): Promise<number> {
      if (!entries.length) return 0;
      const rows = await db.insert(affiliateCommissions).values(entries).onConflictDoNothing().returning({ id: affiliateCommissions.id });
      return rows.length;
    },

    /** The commissions an invoice earned (to reverse them). */
    async commissionsOf(invoiceId: string): Promise<CommissionRow[]> {
      return db.select().from(affiliateCommissions).where(and(eq(affiliateCommissions.invoiceId, invoiceId), eq(affiliateCommissions.kind, 'commission')));
    },

    /** Ledger sums per currency, optionally within [from, to). */
    async earned(affiliateId: string, range: { from?: Date; to?: Date } = {}): Promise<Sum[]> {
      const where: SQL[] = [eq(affiliateCommissions.affiliateId, affiliateId)];
      if (range.from) where.push(gte(affiliateCommissions.createdAt, range.from));
      if (range.to) where.push(lt(affiliateCommissions.createdAt, range.to));
      const rows = await db
        .select({ currency: affiliateCommissions.currency, amount: sql<string>`sum(${affiliateCommissions.amount})` })
        .from(affiliateCommissions)
        .where(and(...where))
        .groupBy(affiliateCommissions.currency);
      return sums(rows);
    },

    /** Net earnings by month (UTC) and currency since `from`. */
    async monthly(affiliateId: string, from: Date): Promise<{ month: string; currency: string; amount: number }[]> {
      const month = sql<string>`to_char(${affiliateCommissions.createdAt} at time zone 'UTC', 'YYYY-MM')`;
      const rows = await db
        .select({ month, currency: affiliateCommissions.currency, amount: sql<string>`sum(${affiliateCommissions.amount})` })
        .from(affiliateCommissions)
        .where(and(eq(affiliateCommissions.affiliateId, affiliateId), gte(affiliateCommissions.createdAt, from)))
        .groupBy(month, affiliateCommissions.currency)
        .orderBy(month);
      return rows.map((r) => ({ month: r.month, currency: r.currency, amount: Number(r.amount) }));
    },

    /** Per referred account: what it earned the affiliate, per currency. */
    async earnedByReferral(affiliateId: string): Promise<{ referredUserId: string; currency: string; amount: number }[]> {
      const rows = await db
        .select({ referredUserId: affiliateCommissions.referredUserId, currency: affiliateCommissions.currency, amount: sql<string>`sum(${affiliateCommissions.amount})` })
        .from(affiliateCommissions)
        .where(eq(affiliateCommissions.affiliateId, affiliateId))
        .groupBy(affiliateCommissions.referredUserId, affiliateCommissions.currency);
      return rows.map((r) => ({ ...r, amount: Number(r.amount) }));
    },

    /** Sales of the affiliate's direct referrals (the level-1 bases, net of reversals), per currency. */
    async sales(affiliateId: string): Promise<Sum[]> {
      const rows = await db
        .select({ currency: affiliateCommissions.currency, amount: sql<string>`sum(${affiliateCommissions.base})` })
        .from(affiliateCommissions)
        .where(and(eq(affiliateCommissions.affiliateId, affiliateId), eq(affiliateCommissions.level, 1)))
        .groupBy(affiliateCommissions.currency);
      return sums(rows);
    },

    /** Payout sums per currency, of one status or all. */
    async paidOut(affiliateId: string, status?: string): Promise<Sum[]> {
      const where: SQL[] = [eq(affiliatePayouts.affiliateId, affiliateId)];
      if (status) where.push(eq(affiliatePayouts.status, status));
      const rows = await db
        .select({ currency: affiliatePayouts.currency, amount: sql<string>`sum(${affiliatePayouts.amount})` })
        .from(affiliatePayouts)
        .where(and(...where))
        .groupBy(affiliatePayouts.currency);
      return sums(rows);
    },

    async payouts(affiliateId: string): Promise<PayoutRow[]> {
      return db.select().from(affiliatePayouts).where(eq(affiliatePayouts.affiliateId, affiliateId)).orderBy(desc(affiliatePayouts.month), affiliatePayouts.currency).limit(240);
    },

    /** A statement's payout, once per affiliate, month and currency; undefined when it exists. */
    async addPayout(row: typeof affiliatePayouts.$inferInsert): Promise<PayoutRow | undefined> {
      const [created] = await db.insert(affiliatePayouts).values(row).onConflictDoNothing().returning();
      return created;
    },

    async payout(id: string): Promise<PayoutRow | undefined> {
      const [row] = await db.select().from(affiliatePayouts).where(eq(affiliatePayouts.id, id));
      return row;
    },

    /** Pending → paid; undefined when it was not pending. */
    async markPaid(id: string, reference: string, by: string, at: Date): Promise<PayoutRow | undefined> {
      const [row] = await db
        .update(affiliatePayouts)
        .set({ status: 'paid', reference, paidBy: by, paidAt: at })
        .where(and(eq(affiliatePayouts.id, id), eq(affiliatePayouts.status, 'pending')))
        .returning();
      return row;
    },

    /** Affiliates with a status other than suspended (the month's close). */
    async payable(): Promise<AffiliateRow[]> {
      return db.select().from(affiliates).where(eq(affiliates.status, 'active')).limit(10_000);
    },

    /** The admin's list: profiles with their account's name and e-mail, filtered. */
    async list(filter: { email?: string; status?: string; from?: Date; to?: Date }): Promise<(AffiliateRow & { name: string; email: string; referrals: number })[]> {
      const where: SQL[] = [];
      if (filter.email) where.push(ilike(users.email, `%${filter.email.replace(/[\\%_]/g, (c) => `\\${c}`)}%`));
      if (filter.status) where.push(eq(affiliates.status, filter.status));
      if (filter.from) where.push(gte(affiliates.createdAt, filter.from));
      if (filter.to) where.push(lte(affiliates.createdAt, filter.to));
      const rows = await db
        .select({
          affiliate: affiliates,
          name: users.name,
          email: users.email,
          referrals: sql<string>`(select count(*) from affiliate_referrals r where r.referrer_id = ${affiliates.userId})`,
        })
        .from(affiliates)
        .innerJoin(users, eq(users.id, affiliates.userId))
        .where(where.length ? and(...where) : undefined)
        .orderBy(desc(affiliates.createdAt))
        .limit(500);
      return rows.map((r) => ({ ...r.affiliate, name: r.name, email: r.email, referrals: Number(r.referrals) }));
    },
  };
}

export type AffiliatesRepository = ReturnType<typeof affiliatesRepository>;
