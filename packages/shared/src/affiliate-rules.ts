import type { BillingCurrency } from './plans.ts';

/**
 * The affiliate program (Referidos). An affiliate earns, on every invoice a referred account pays
 * during its first `commissionMonths` months, a share per level of the referral tree: level 1 is
 * the account that brought it, level 2 that account's referrer, level 3 the next one up. A refund
 * or a chargeback reverses the invoice's commissions in full. Statements close on the first of
 * each month: a balance at or above the currency's minimum becomes a pending payout, which the
 * main admin pays and marks paid with a reference.
 */
export const affiliateLevels = [
  { level: 1, rate: 0.2 },
  { level: 2, rate: 0.1 },
  { level: 3, rate: 0.05 },
] as const;
export type AffiliateLevel = (typeof affiliateLevels)[number]['level'];
export const affiliateLevelNumbers = affiliateLevels.map((l) => l.level);

/** Months after a referred account's sign-up during which its invoices earn commissions. */
export const commissionMonths = 12;

/**
 * The smallest balance paid out, in minor units of each currency: 500 MXN or about its value.
 * A smaller balance waits for the next month's close.
 */
export const payoutMinimum: Record<BillingCurrency, number> = {
  mxn: 50_000,
  usd: 2_500,
  eur: 2_500,
  cop: 10_000_000,
  clp: 25_000,
  pen: 10_000,
  ars: 3_000_000,
};
export const payoutMinimumOf = (currency: string): number => payoutMinimum[currency as BillingCurrency] ?? payoutMinimum.usd;

/**
 * `pending_review` until the main admin reviews the profile (the link works and commissions
 * accrue, no payout is made); `active` is paid out; `suspended` earns nothing new.
 */
export const affiliateStatuses = ['pending_review', 'active', 'suspended'] as const;
export type AffiliateStatus = (typeof affiliateStatuses)[number];

export const payoutStatuses = ['pending', 'paid'] as const;
export type PayoutStatus = (typeof payoutStatuses)[number];

/** The join form's questions (the profile's `affiliateQuestions`), answered in free text. */
export const affiliateQuestionIds = ['how_promote', 'audience', 'website', 'expected_referrals'] as const;
export type AffiliateQuestionId = (typeof affiliateQuestionIds)[number];

/** The commission of one level on an amount in minor units, rounded down to the unit. */
export function commissionOf(amount: number, level: AffiliateLevel): number {
  const rate = affiliateLevels.find((l) => l.level === level)!.rate;
  return Math.floor((amount * Math.round(rate * 100)) / 100);
}

/**
 * A Mexican CLABE: 18 digits (bank, branch, account, control); the last is the control digit,
 * 10 − (Σ digitᵢ × weightᵢ mod 10) mod 10 with the weights 3, 7, 1 repeated over the first 17.
 */
export function isValidClabe(value: string): boolean {
  if (!/^\d{18}$/.test(value)) return false;
  const weights = [3, 7, 1];
  let sum = 0;
  for (let i = 0; i < 17; i++) sum += ((Number(value[i]) * weights[i % 3]!) % 10);
  return (10 - (sum % 10)) % 10 === Number(value[17]);
}

export interface Money {
  currency: string;
  amount: number;
}

/** How many MXN minor units one minor unit of a currency is worth, from the payout minimums. */
export function mxnEquivalent(m: Money): number {
  return (m.amount * payoutMinimum.mxn) / payoutMinimumOf(m.currency);
}

/** An e-mail shown to an affiliate: first letter and domain, e.g. r•••@padelnorte.mx. */
export function maskEmail(email: string): string {
  const [local = '', domain = ''] = email.split('@');
  return `${local.slice(0, 1)}•••@${domain}`;
}
