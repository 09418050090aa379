import type {
  AffiliateCreateRequest,
  AffiliatePayments,
  AffiliatePayout,
  AffiliateProfile,
  AffiliateReferralCode,
  AffiliateReferrals,
  AffiliatesList,
  AffiliatesListQuery,
  AffiliateStatus,
} from '@charla/shared';
import { isApiError, type ApiClient } from '../../../lib/api-client.ts';

/**
 * A failed affiliate call: the spec's message (what the log and a caller read), with the API's
 * own error (localized message, fields, status) kept as its cause for the screen.
 */
export class AffiliateCallError extends Error {
  override readonly name = 'AffiliateCallError';
  readonly status: number;
  constructor(message: string, override readonly cause: unknown) {
    super(message);
    this.status = isApiError(cause) ? cause.status : 0;
  }
}

/** Runs a call; a failure is logged and thrown again under the spec's message. */
async function guarded<T>(run: () => Promise<T>, message: (cause: unknown) => string): Promise<T> {
  try {
    return await run();
  } catch (cause) {
    const failure = new AffiliateCallError(message(cause), cause);
    console.error(failure.message, cause);
    throw failure;
  }
}

const statusText = (cause: unknown) => (isApiError(cause) ? cause.statusText || String(cause.status) : 'Network error');

const queryString = (params: Record<string, string | number | undefined>) => {
  const q = new URLSearchParams();
  for (const [k, v] of Object.entries(params)) if (v !== undefined && v !== '') q.set(k, String(v));
  const s = q.toString();
  return s ? `?${s}` : '';
};

/** The spec's affiliate calls (and the main admin's two actions) over one API client. */
export function affiliatesClient(client: ApiClient) {
  const id = encodeURIComponent;
  return {
    profile: (userId: string, signal?: AbortSignal) =>
      guarded(() => client.get<AffiliateProfile>(`/api/affiliate/${id(userId)}`, { signal }), (c) => `Failed to fetch affiliate profile: ${statusText(c)}`),
    referrals: (affiliateId: string, signal?: AbortSignal) =>
      guarded(() => client.get<AffiliateReferrals>(`/api/affiliates/referrals/${id(affiliateId)}`, { signal }), () => 'Failed to fetch referrals'),
    payments: (userId: string, signal?: AbortSignal) =>
      guarded(() => client.get<AffiliatePayments>(`/api/affiliates/payments${queryString({ userId })}`, { signal }), () => 'Failed to fetch affiliate payments'),
    referralLink: (userId: string, signal?: AbortSignal) =>
      guarded(() => client.get<AffiliateReferralCode>(`/api/affiliates/referral_code/${id(userId)}`, { signal }), () => 'Failed to fetch referral link'),
    list: (filters: Partial<AffiliatesListQuery>, signal?: AbortSignal) =>
      guarded(() => client.get<AffiliatesList>(`/api/affiliates/list${queryString(filters)}`, { signal }), () => 'Failed to fetch affiliates list'),
    create: (body: AffiliateCreateRequest) =>
      guarded(() => client.post<AffiliateProfile>('/api/affiliates/create', { bankInfo: {}, affiliateQuestions: [], ...body }), () => 'Failed to create affiliate profile'),
    markPaid: (payoutId: string, reference: string) => client.post<AffiliatePayout>(`/api/affiliates/payouts/${id(payoutId)}/paid`, { reference }),
    setStatus: (userId: string, status: AffiliateStatus) => client.post<AffiliateProfile>(`/api/affiliates/${id(userId)}/status`, { status }),
  };
}
