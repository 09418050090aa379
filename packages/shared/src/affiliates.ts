import { z } from 'zod';
import { emailSchema } from './auth.ts';
import { affiliateQuestionIds, affiliateStatuses, isValidClabe, payoutStatuses } from './affiliate-rules.ts';

/** A CLABE as typed (spaces and dashes allowed), as 18 digits with a right control digit. */
export const clabeSchema = z
  .string()
  .trim()
  .max(40)
  .transform((v) => v.replace(/[\s-]/g, ''))
  .refine(isValidClabe, { message: 'clabe' });

export const bankInfoSchema = z.strictObject({
  clabe: clabeSchema.optional(),
  bankName: z.string().trim().max(80).optional(),
  holderName: z.string().trim().max(120).optional(),
});
export type BankInfo = z.infer<typeof bankInfoSchema>;

export const affiliateAnswerSchema = z.strictObject({
  question: z.enum(affiliateQuestionIds),
  answer: z.string().trim().max(500),
});

/** POST /api/affiliates/create: PayPal or a CLABE (at least one) and the join questions. */
export const affiliateCreateRequest = z
  .strictObject({
    userId: z.uuid(),
    paypalEmail: z.union([z.literal(''), emailSchema]).optional(),
    bankInfo: bankInfoSchema.default({}),
    affiliateQuestions: z.array(affiliateAnswerSchema).max(affiliateQuestionIds.length).default([]),
  })
  .refine((b) => Boolean(b.paypalEmail) || Boolean(b.bankInfo.clabe), { message: 'payout_method', path: ['paypalEmail'] });
export type AffiliateCreateRequest = z.input<typeof affiliateCreateRequest>;
export type AffiliateCreateBody = z.output<typeof affiliateCreateRequest>;

export const affiliateIdParams = z.strictObject({ id: z.string().max(200) });
export const affiliateReferralsParams = z.strictObject({ affiliateId: z.string().max(200) });
export const affiliatePaymentsQuery = z.strictObject({ userId: z.string().max(200).optional() });

const money = z.object({ currency: z.string(), amount: z.number().int() });

/** GET /api/affiliate/{id} and the answer of POST /api/affiliates/create: payment details masked. */
export const affiliateProfileResponse = z.object({
  userId: z.uuid(),
  status: z.enum(affiliateStatuses),
  code: z.string(),
  paypalEmail: z.string().nullable(),
  bankInfo: z.object({ clabe: z.string().optional(), bankName: z.string().optional(), holderName: z.string().optional() }),
  affiliateQuestions: z.array(z.object({ question: z.enum(affiliateQuestionIds), answer: z.string() })),
  createdAt: z.string(),
  figures: z.object({
    signups: z.number().int(),
    payingAccounts: z.number().int(),
    earningsThisMonth: z.array(money),
    /** Earned and not yet in a payout. */
    balance: z.array(money),
    pending: z.array(money),
    paid: z.array(money),
  }),
  /** Earnings by month (net of reversals), oldest first, the last twelve months. */
  monthly: z.array(z.object({ month: z.string(), currency: z.string(), amount: z.number().int() })),
});
export type AffiliateProfile = z.infer<typeof affiliateProfileResponse>;

/** GET /api/affiliates/referrals/{affiliateId}: accounts brought, by level, e-mails masked. */
export const affiliateReferralsResponse = z.object({
  referrals: z.array(
    z.object({
      id: z.string(),
      email: z.string(),
      level: z.number().int(),
      signedUpAt: z.string(),
      paying: z.boolean(),
      earned: z.array(money),
    }),
  ),
});
export type AffiliateReferrals = z.infer<typeof affiliateReferralsResponse>;

export const affiliatePayoutSchema = z.object({
  id: z.uuid(),
  month: z.string(),
  currency: z.string(),
  amount: z.number().int(),
  status: z.enum(payoutStatuses),
  reference: z.string().nullable(),
  paidAt: z.string().nullable(),
  createdAt: z.string(),
});
export type AffiliatePayout = z.infer<typeof affiliatePayoutSchema>;

/** GET /api/affiliates/payments: the monthly payouts, newest first. */
export const affiliatePaymentsResponse = z.object({ payments: z.array(affiliatePayoutSchema) });
export type AffiliatePayments = z.infer<typeof affiliatePaymentsResponse>;

/** GET /api/affiliates/referral_code/{id}: the code and the sign-up link that carries it. */
export const affiliateReferralCodeResponse = z.object({ code: z.string(), link: z.string() });
export type AffiliateReferralCode = z.infer<typeof affiliateReferralCodeResponse>;

const dateOnly = z.string().regex(/^\d{4}-\d{2}-\d{2}$/, { message: 'date' });
const amountFilter = z.coerce.number().min(0).max(1e12);

/** GET /api/affiliates/list: the spec's filters; sales in major units of MXN or their equivalent. */
export const affiliatesListQuery = z.strictObject({
  email: z.string().trim().max(200).optional(),
  status: z.enum(affiliateStatuses).optional(),
  startDate: dateOnly.optional(),
  endDate: dateOnly.optional(),
  minSalesAmount: amountFilter.optional(),
  maxSalesAmount: amountFilter.optional(),
});
export type AffiliatesListQuery = z.infer<typeof affiliatesListQuery>;

export const affiliatesListResponse = z.object({
  affiliates: z.array(
    z.object({
      userId: z.uuid(),
      name: z.string(),
      email: z.string(),
      status: z.enum(affiliateStatuses),
      code: z.string(),
      createdAt: z.string(),
      referrals: z.number().int(),
      /** Paid invoices of direct referrals, net of refunds. */
      sales: z.array(money),
      balance: z.array(money),
      payouts: z.array(affiliatePayoutSchema),
    }),
  ),
});
export type AffiliatesList = z.infer<typeof affiliatesListResponse>;

/** POST /api/affiliates/payouts/{id}/paid (main admin). */
export const payoutParams = z.strictObject({ id: z.uuid() });
export const payoutPaidRequest = z.strictObject({ reference: z.string().trim().min(1).max(120) });
export type PayoutPaidRequest = z.infer<typeof payoutPaidRequest>;

/** POST /api/affiliates/{id}/status (main admin). */
export const affiliateStatusRequest = z.strictObject({ status: z.enum(affiliateStatuses) });
export type AffiliateStatusRequest = z.infer<typeof affiliateStatusRequest>;

