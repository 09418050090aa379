import { z } from 'zod';
import { billingCurrencies, billingIntervals, paidPlans, planLevels } from './plans.ts';

const currencyCode = z
  .string()
  .trim()
  .toLowerCase()
  .regex(/^[a-z]{3}$/, 'Usa un código de moneda de tres letras, como MXN.');

/** GET /api/billing/plans?currency= — an unpriced currency answers in USD. */
export const billingPlansQuery = z.object({ currency: currencyCode.optional() });

const planPrice = z.object({
  /** Minor units of `currency` (CLP in pesos), as Stripe counts. */
  amount: z.number().int(),
  currency: z.enum(billingCurrencies),
  /** Whether Checkout can charge it (a Stripe price is configured for it). */
  purchasable: z.boolean(),
});

export const billingPlan = z.object({
  plan: z.enum(planLevels),
  limits: z.object({
    bots: z.number().int(),
    messagesPerMonth: z.number().int(),
    seats: z.number().int(),
    contacts: z.number().int().nullable(),
  }),
  protectedFeatures: z.boolean(),
  /** Null for Free. */
  prices: z.object({ month: planPrice, year: planPrice }).nullable(),
});
export type BillingPlan = z.infer<typeof billingPlan>;

export const billingPlansResponse = z.object({
  currency: z.enum(billingCurrencies),
  /** False when the server has no Stripe keys: plans are shown, upgrading is not possible. */
  paymentsConfigured: z.boolean(),
  plans: z.array(billingPlan),
});
export type BillingPlansResponse = z.infer<typeof billingPlansResponse>;

export const subscriptionStatuses = ['none', 'active', 'trialing', 'past_due', 'canceled', 'incomplete', 'unpaid'] as const;

const meter = z.object({ used: z.number().int(), limit: z.number().int().nullable() });

/** GET /api/billing/subscription: the account's plan, its subscription and what it uses. */
export const billingSubscriptionResponse = z.object({
  plan: z.enum(planLevels),
  status: z.enum(subscriptionStatuses),
  interval: z.enum(billingIntervals).nullable(),
  currency: z.string().nullable(),
  currentPeriodEnd: z.string().nullable(),
  cancelAtPeriodEnd: z.boolean(),
  /** Set while a failed payment is being retried: after it the account falls to Free. */
  graceUntil: z.string().nullable(),
  paymentMethod: z.object({ brand: z.string(), last4: z.string() }).nullable(),
  paymentsConfigured: z.boolean(),
  usage: z.object({ messages: meter, bots: meter, seats: meter, contacts: meter }),
  /** Bots switched off because the plan fell below them; they come back on payment. */
  botsSwitchedOff: z.number().int(),
});
export type BillingSubscriptionResponse = z.infer<typeof billingSubscriptionResponse>;

/** POST /api/billing/checkout (contract). */
export const billingCheckoutRequest = z.object({
  plan: z.enum(paidPlans),
  interval: z.enum(billingIntervals),
  currency: currencyCode.optional(),
});
export type BillingCheckoutRequest = z.infer<typeof billingCheckoutRequest>;

/** POST /api/billing/checkout and POST /api/billing/portal (contract). */
export const billingUrlResponse = z.object({ url: z.string() });
export type BillingUrlResponse = z.infer<typeof billingUrlResponse>;

/** POST /api/billing/cancel: cancel at the period's end, or take the cancellation back. */
export const billingCancelRequest = z.object({ cancelAtPeriodEnd: z.boolean() });
export type BillingCancelRequest = z.infer<typeof billingCancelRequest>;

export const invoiceStatuses = ['draft', 'open', 'paid', 'void', 'uncollectible'] as const;

export const billingInvoice = z.object({
  id: z.string(),
  number: z.string().nullable(),
  status: z.enum(invoiceStatuses),
  plan: z.enum(planLevels).nullable(),
  /** Minor units of `currency`. */
  amount: z.number().int(),
  currency: z.string(),
  periodStart: z.string().nullable(),
  periodEnd: z.string().nullable(),
  paidAt: z.string().nullable(),
  createdAt: z.string(),
  pdfUrl: z.string().nullable(),
  hostedUrl: z.string().nullable(),
});
export type BillingInvoice = z.infer<typeof billingInvoice>;

/** GET /api/billing/invoices (contract), newest first. */
export const billingInvoicesResponse = z.object({ invoices: z.array(billingInvoice) });
export type BillingInvoicesResponse = z.infer<typeof billingInvoicesResponse>;

/** GET /api/billing/geo (contract): the visitor's country (US when it cannot be told) and the currency shown to them. */
export const billingGeoResponse = z.object({ country: z.string(), currency: z.enum(billingCurrencies) });
export type BillingGeoResponse = z.infer<typeof billingGeoResponse>;

/** PATCH /api/admin/accounts/{userId} (contract): the main admin sets an account's plan by hand. */
export const adminAccountPatchRequest = z.object({ plan: z.enum(planLevels) });
export const adminAccountPatchResponse = z.object({ userId: z.string(), plan: z.enum(planLevels) });
export type AdminAccountPatchResponse = z.infer<typeof adminAccountPatchResponse>;
