import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { AffiliateCreateRequest, AffiliatesListQuery, AffiliateStatus } from '@charla/shared';
import { api } from '../../../lib/api.ts';
import { affiliatesClient, type AffiliateCallError } from './affiliates-client.ts';

export const affiliatesApi = affiliatesClient(api);

export const affiliateKeys = {
  all: ['affiliates'] as const,
  profile: (userId: string) => ['affiliates', 'profile', userId] as const,
  referrals: (userId: string) => ['affiliates', 'referrals', userId] as const,
  payments: (userId: string) => ['affiliates', 'payments', userId] as const,
  link: (userId: string) => ['affiliates', 'link', userId] as const,
  list: (filters: Partial<AffiliatesListQuery>) => ['affiliates', 'list', filters] as const,
};

/** Not in the program yet: the profile call answers 404. */
export const notJoined = (error: unknown) => (error as AffiliateCallError | null)?.status === 404;

/** GET /api/affiliate/{id}: the caller's profile with its figures; a 404 means "not joined" (not retried). */
export function useAffiliateProfile(userId: string) {
  return useQuery({
    queryKey: affiliateKeys.profile(userId),
    queryFn: ({ signal }) => affiliatesApi.profile(userId, signal),
    retry: (count, error) => !notJoined(error) && count < 2,
  });
}

export function useReferrals(userId: string, enabled: boolean) {
  return useQuery({ enabled, queryKey: affiliateKeys.referrals(userId), queryFn: ({ signal }) => affiliatesApi.referrals(userId, signal) });
}

export function useAffiliatePayments(userId: string, enabled: boolean) {
  return useQuery({ enabled, queryKey: affiliateKeys.payments(userId), queryFn: ({ signal }) => affiliatesApi.payments(userId, signal) });
}

export function useReferralLink(userId: string, enabled: boolean) {
  return useQuery({ enabled, queryKey: affiliateKeys.link(userId), queryFn: ({ signal }) => affiliatesApi.referralLink(userId, signal), staleTime: Infinity });
}

/** POST /api/affiliates/create; the profile is then read again with the rest of the page. */
export function useJoinProgram(userId: string) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (body: Omit<AffiliateCreateRequest, 'userId'>) => affiliatesApi.create({ ...body, userId }),
    onSuccess: (profile) => {
      client.setQueryData(affiliateKeys.profile(userId), profile);
      void client.invalidateQueries({ queryKey: affiliateKeys.all });
    },
  });
}

/** The main admin's list with the spec's filters. */
export function useAffiliatesList(filters: Partial<AffiliatesListQuery>, enabled = true) {
  return useQuery({ enabled, queryKey: affiliateKeys.list(filters), queryFn: ({ signal }) => affiliatesApi.list(filters, signal), placeholderData: keepPreviousData });
}

export function useMarkPayoutPaid() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: ({ payoutId, reference }: { payoutId: string; reference: string }) => affiliatesApi.markPaid(payoutId, reference),
    onSuccess: () => void client.invalidateQueries({ queryKey: affiliateKeys.all }),
  });
}

export function useSetAffiliateStatus() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: ({ userId, status }: { userId: string; status: AffiliateStatus }) => affiliatesApi.setStatus(userId, status),
    onSuccess: () => void client.invalidateQueries({ queryKey: affiliateKeys.all }),
  });
}
