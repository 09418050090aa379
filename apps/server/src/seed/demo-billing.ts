import type { Db } from '../db/client.ts';
import { setPlan } from '../modules/auth/index.ts';
import { usageRepository } from '../modules/conversations/usage.repository.ts';
import { plansRepository } from '../modules/plans/plans.repository.ts';
import { quotaService, usageMonth } from '../modules/quota/quota.service.ts';

const DAY = 24 * 60 * 60_000;
/** The demo clinic's plan: Pro (its team, the mass sender), paid monthly in pesos (its list price), by a Visa card. */
export const demoPlan = { plan: 'Pro', interval: 'month', currency: 'mxn', amount: 179_900, card: { brand: 'visa', last4: '4242' } } as const;
/** Automatic replies this month the demo shows as used: close to Pro's 15,000. */
export const demoMessagesUsed = 13_870;

/** Midnight UTC of the day `days` before `now`. */
const daysBefore = (now: Date, days: number) => new Date(Math.floor((now.getTime() - days * DAY) / DAY) * DAY);

/**
 * The demo account's billing: on Pro, a subscription with its card and renewal date, and two
 * paid invoices of the last two months. Set before its contacts are stored (Free would not hold them).
 */
export async function seedDemoBilling(db: Db, accountId: string, now: Date): Promise<void> {
  const key = accountId.slice(0, 8);
  const starts = [daysBefore(now, 58), daysBefore(now, 28)];
  await db.transaction(async (tx) => {
    await setPlan(accountId, demoPlan.plan, tx);
    const repo = plansRepository(tx);
    await repo.saveSubscription(accountId, {
      stripeCustomerId: `cus_demo_${key}`,
      stripeSubscriptionId: `sub_demo_${key}`,
      plan: demoPlan.plan,
      interval: demoPlan.interval,
      currency: demoPlan.currency,
      status: 'active',
      currentPeriodEnd: new Date(starts[1]!.getTime() + 30 * DAY),
      cancelAtPeriodEnd: false,
      cardBrand: demoPlan.card.brand,
      cardLast4: demoPlan.card.last4,
      eventCreatedAt: starts[1]!,
    });
    for (const [i, start] of starts.entries()) {
      await repo.saveInvoice({
        stripeInvoiceId: `in_demo_${key}_${i + 1}`,
        userId: accountId,
        number: `SP-${String(i + 1).padStart(4, '0')}`,
        status: 'paid',
        plan: demoPlan.plan,
        amount: demoPlan.amount,
        currency: demoPlan.currency,
        periodStart: start,
        periodEnd: new Date(start.getTime() + 30 * DAY),
        paidAt: new Date(start.getTime() + 5 * 60_000),
        pdfUrl: null,
        hostedUrl: null,
        createdAt: start,
      });
    }
  });
}

/** Tops this month's automatic replies up to `demoMessagesUsed`, after the demo's conversations counted theirs. */
export async function seedDemoUsage(db: Db, accountId: string, now: Date): Promise<void> {
  const month = usageMonth(now);
  const { used } = await quotaService(db).check(accountId, 'messages', { month });
  await usageRepository(db).add(accountId, month, demoMessagesUsed - used);
}
