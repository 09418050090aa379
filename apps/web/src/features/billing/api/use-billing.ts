import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type {
  BillingCancelRequest,
  BillingCheckoutRequest,
  BillingGeoResponse,
  BillingInvoicesResponse,
  BillingPlansResponse,
  BillingSubscriptionResponse,
  BillingUrlResponse,
} from '@charla/shared';
import type { BillingCurrency, PlanLevel } from '@charla/shared/constants';
import { defaultCurrency } from '@charla/shared/constants';
import { api } from '../../../lib/api.ts';
import { safeSessionStorage, storageKeys, writeStorage } from '../../../lib/storage-keys.ts';
import { clientInfoKey } from '../../auth/index.ts';
import { pollInterval, type PlanWatch } from '../checkout-return.ts';

export const billingKeys = {
  plans: (currency: string) => ['billing', 'plans', currency] as const,
  subscription: ['billing', 'subscription'] as const,
  invoices: ['billing', 'invoices'] as const,
  geo: ['billing', 'geo'] as const,
};

/** GET /api/billing/plans?currency=: the plans side by side, priced in that currency. */
export function useBillingPlans(currency: BillingCurrency | null) {
  return useQuery({
    enabled: currency !== null,
    queryKey: billingKeys.plans(currency ?? ''),
    queryFn: ({ signal }) => api.get<BillingPlansResponse>(`/api/billing/plans?currency=${currency ?? defaultCurrency}`, { signal }),
    staleTime: 10 * 60_000,
    placeholderData: keepPreviousData,
  });
}

/**
 * GET /api/billing/subscription. While `watch` is set (back from Checkout) it is asked again every
 * two seconds until the plan changes or the wait is over.
 */
export function useSubscription(watch: PlanWatch | null = null) {
  return useQuery({
    queryKey: billingKeys.subscription,
    queryFn: ({ signal }) => api.get<BillingSubscriptionResponse>('/api/billing/subscription', { signal }),
    refetchInterval: (query) => pollInterval(watch, query.state.data?.plan, Date.now()),
  });
}

/** GET /api/billing/invoices, newest first. */
export function useInvoices() {
  return useQuery({
    queryKey: billingKeys.invoices,
    queryFn: ({ signal }) => api.get<BillingInvoicesResponse>('/api/billing/invoices', { signal }),
  });
}

/** GET /api/billing/geo: the visitor's currency, USD when it cannot be told. */
export function useGeoCurrency(enabled: boolean) {
  return useQuery({
    enabled,
    queryKey: billingKeys.geo,
    queryFn: ({ signal }) =>
      api.get<BillingGeoResponse>('/api/billing/geo', { signal }).catch((): BillingGeoResponse => ({ country: 'US', currency: defaultCurrency })),
    staleTime: Infinity,
    retry: false,
  });
}

/** POST /api/billing/checkout, then the browser goes to Stripe's page; the plan it leaves on is remembered for the way back. */
export function useCheckout(fromPlan: PlanLevel) {
  return useMutation({
    mutationFn: (body: BillingCheckoutRequest) => api.post<BillingUrlResponse>('/api/billing/checkout', body),
    onSuccess: ({ url }) => {
      writeStorage(storageKeys.checkoutFromPlan, fromPlan, safeSessionStorage());
      window.location.assign(url);
    },
  });
}

/** POST /api/billing/portal: the card and the cancellation at Stripe. */
export function usePortal() {
  return useMutation({
    mutationFn: () => api.post<BillingUrlResponse>('/api/billing/portal'),
    onSuccess: ({ url }) => window.location.assign(url),
  });
}

/** POST /api/billing/cancel: cancel at the period's end, or take that back. */
export function useCancelAtPeriodEnd() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: BillingCancelRequest) => api.post<BillingSubscriptionResponse>('/api/billing/cancel', body),
    onSuccess: (subscription) => queryClient.setQueryData(billingKeys.subscription, subscription),
  });
}

/** The signed-in user's record carries the plan's name too: read it again once the plan changed. */
export function useRefreshUserPlan() {
  const queryClient = useQueryClient();
  return () => queryClient.invalidateQueries({ queryKey: clientInfoKey(null).slice(0, 1) });
}
