export const planLevels = ['Free', 'Mini', 'Basic', 'Pro', 'Enterprise'] as const;
export type PlanLevel = (typeof planLevels)[number];
export const defaultPlan: PlanLevel = 'Free';

/** The plans a customer can pay for (Free is what an account falls back to). */
export const paidPlans = ['Mini', 'Basic', 'Pro', 'Enterprise'] as const satisfies readonly PlanLevel[];
export type PaidPlan = (typeof paidPlans)[number];

export const billingIntervals = ['month', 'year'] as const;
export type BillingInterval = (typeof billingIntervals)[number];

/**
 * What a plan allows. `contacts` is the number of CRM contacts an owner may add by hand or import
 * (null: no limit); a customer who writes is always stored, whatever the plan.
 */
export interface PlanLimits {
  bots: number;
  messagesPerMonth: number;
  seats: number;
  contacts: number | null;
}

export const planLimits: Record<PlanLevel, PlanLimits> = {
  Free: { bots: 1, messagesPerMonth: 100, seats: 0, contacts: 250 },
  Mini: { bots: 1, messagesPerMonth: 1_000, seats: 1, contacts: 1_000 },
  Basic: { bots: 3, messagesPerMonth: 3_000, seats: 2, contacts: 5_000 },
  Pro: { bots: 10, messagesPerMonth: 15_000, seats: 5, contacts: 50_000 },
  Enterprise: { bots: 100, messagesPerMonth: 200_000, seats: 50, contacts: null },
};

/**
 * The protected features, the one list of them: unlocked only when the plan is not Basic, Mini
 * or Free (spec section 4). The server refuses them with 402 PLAN_REQUIRED.
 */
export const protectedFeatures = ['massSender', 'partners'] as const;
export type ProtectedFeature = (typeof protectedFeatures)[number];

/** Unknown or missing plan names count as Free (spec section 4). */
export function normalizePlan(name: string | null | undefined): PlanLevel {
  return (planLevels as readonly string[]).includes(name ?? '') ? (name as PlanLevel) : defaultPlan;
}

export const limitsOf = (name: string | null | undefined): PlanLimits => planLimits[normalizePlan(name)];

/** Protected features are unlocked only when the plan is not Basic, Mini or Free. */
export function hasProtectedFeatures(name: string | null | undefined): boolean {
  const plan = normalizePlan(name);
  return plan !== 'Free' && plan !== 'Mini' && plan !== 'Basic';
}

/** The currencies prices are shown in; any other visitor sees USD. Lower case, as Stripe writes them. */
export const billingCurrencies = ['mxn', 'usd', 'cop', 'clp', 'pen', 'ars', 'eur'] as const;
export type BillingCurrency = (typeof billingCurrencies)[number];
export const defaultCurrency: BillingCurrency = 'usd';

/** Currencies Stripe counts in whole units (no cents). */
export const zeroDecimalCurrencies: readonly BillingCurrency[] = ['clp'];

/**
 * List prices a month, in the currency's minor units (CLP in pesos), shown when no Stripe price
 * says otherwise. A year costs ten months.
 */
export const listPrices: Record<BillingCurrency, Record<PaidPlan, number>> = {
  usd: { Mini: 1_900, Basic: 4_900, Pro: 9_900, Enterprise: 29_900 },
  mxn: { Mini: 34_900, Basic: 89_900, Pro: 179_900, Enterprise: 549_900 },
  cop: { Mini: 7_900_000, Basic: 19_900_000, Pro: 39_900_000, Enterprise: 119_900_000 },
  clp: { Mini: 17_900, Basic: 44_900, Pro: 89_900, Enterprise: 269_900 },
  pen: { Mini: 6_900, Basic: 17_900, Pro: 35_900, Enterprise: 109_900 },
  ars: { Mini: 1_900_000, Basic: 4_900_000, Pro: 9_900_000, Enterprise: 29_900_000 },
  eur: { Mini: 1_800, Basic: 4_500, Pro: 9_200, Enterprise: 27_900 },
};

export const listPrice = (plan: PaidPlan, interval: BillingInterval, currency: BillingCurrency): number =>
  listPrices[currency][plan] * (interval === 'year' ? 10 : 1);

const euro = ['AT', 'BE', 'CY', 'DE', 'EE', 'ES', 'FI', 'FR', 'GR', 'HR', 'IE', 'IT', 'LT', 'LU', 'LV', 'MT', 'NL', 'PT', 'SI', 'SK'];

/** The currency prices are shown in for a visitor's country (ISO 3166 alpha-2); USD where none is priced. */
export function currencyOfCountry(country: string | null | undefined): BillingCurrency {
  const c = (country ?? '').toUpperCase();
  if (c === 'MX') return 'mxn';
  if (c === 'CO') return 'cop';
  if (c === 'CL') return 'clp';
  if (c === 'PE') return 'pen';
  if (c === 'AR') return 'ars';
  if (euro.includes(c)) return 'eur';
  return 'usd';
}

/** Minor units → the amount people read (1_900 usd → 19, 17_900 clp → 17900). */
export const fromMinorUnits = (amount: number, currency: string): number =>
  (zeroDecimalCurrencies as readonly string[]).includes(currency.toLowerCase()) ? amount : amount / 100;

/**
 * What a partner pays Charla a month for each active bot of a client on that plan, in the
 * currency's minor units: the list price less the partner's margin (about 40 %). A client on
 * Free costs the partner nothing.
 */
export const wholesalePrices: Record<BillingCurrency, Record<PaidPlan, number>> = {
  usd: { Mini: 1_100, Basic: 2_900, Pro: 5_900, Enterprise: 17_900 },
  mxn: { Mini: 20_900, Basic: 53_900, Pro: 107_900, Enterprise: 329_900 },
  cop: { Mini: 4_700_000, Basic: 11_900_000, Pro: 23_900_000, Enterprise: 71_900_000 },
  clp: { Mini: 10_700, Basic: 26_900, Pro: 53_900, Enterprise: 161_900 },
  pen: { Mini: 4_100, Basic: 10_700, Pro: 21_500, Enterprise: 65_900 },
  ars: { Mini: 1_100_000, Basic: 2_900_000, Pro: 5_900_000, Enterprise: 17_900_000 },
  eur: { Mini: 1_000, Basic: 2_700, Pro: 5_500, Enterprise: 16_700 },
};

/** A month of one active client bot on `plan`, in minor units (0 on Free). */
export function wholesalePrice(plan: string | null | undefined, currency: BillingCurrency): number {
  const level = normalizePlan(plan);
  return level === 'Free' ? 0 : wholesalePrices[currency][level];
}
