import { keepPreviousData, useInfiniteQuery, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { AudiencePreviewBody, Campaign, CampaignAction, CampaignCreateInput, RecipientFilter } from '@charla/shared';
import { isApiError } from '../../../lib/api-client.ts';
import { campaignKeys, campaignsApi } from './campaigns-api.ts';

/** A refusal the plan explains (402 PLAN_REQUIRED): the screen offers the way to a higher plan instead of retrying. */
export const isPlanRequired = (error: unknown): boolean => isApiError(error) && error.code === 'PLAN_REQUIRED';

const noRetryOnPlan = (failures: number, error: unknown) => !isPlanRequired(error) && failures < 2;

/** The bot's campaigns, newest first. */
export function useCampaigns(botId: string) {
  return useQuery({ queryKey: campaignKeys.list(botId), queryFn: () => campaignsApi.list(botId), retry: noRetryOnPlan });
}

export function useCampaign(id: string) {
  return useQuery({ queryKey: campaignKeys.one(id), queryFn: () => campaignsApi.get(id), retry: noRetryOnPlan });
}

/** A campaign's recipients of one status (all when null), a cursor page at a time. */
export function useRecipients(id: string, filter: RecipientFilter | null) {
  return useInfiniteQuery({
    queryKey: campaignKeys.recipients(id, filter),
    queryFn: ({ pageParam }) => campaignsApi.recipients(id, filter, pageParam),
    initialPageParam: null as string | null,
    getNextPageParam: (last) => last.nextCursor,
  });
}

/** The audience's counts for CRM filters (or an upload already read); the last answer stays while the next loads. */
export function useAudiencePreview(body: AudiencePreviewBody | null) {
  return useQuery({
    queryKey: campaignKeys.preview(body),
    queryFn: () => campaignsApi.preview(body!),
    enabled: body !== null,
    placeholderData: keepPreviousData,
    retry: false,
    staleTime: 10_000,
  });
}

/** Reading a CSV of phones for the audience. */
export function useCsvPreview(botId: string) {
  return useMutation({ mutationFn: ({ channel, file }: { channel: AudiencePreviewBody['channel']; file: File }) => campaignsApi.previewCsv(botId, channel, file) });
}

/** Stores a campaign the list and the page show at once. */
function useStoreCampaign() {
  const client = useQueryClient();
  return (campaign: Campaign) => {
    client.setQueryData(campaignKeys.one(campaign.id), campaign);
    client.setQueryData<Campaign[]>(campaignKeys.list(campaign.botId), (list) =>
      list ? (list.some((c) => c.id === campaign.id) ? list.map((c) => (c.id === campaign.id ? campaign : c)) : [campaign, ...list]) : list,
    );
  };
}

export function useCreateCampaign() {
  const store = useStoreCampaign();
  return useMutation({ mutationFn: (body: CampaignCreateInput) => campaignsApi.create(body), onSuccess: store });
}

/** Start, pause, resume or cancel; the recipients' states are read again after it. */
export function useCampaignAction() {
  const store = useStoreCampaign();
  const client = useQueryClient();
  return useMutation({
    mutationFn: ({ id, action }: { id: string; action: CampaignAction }) => campaignsApi.act(id, action),
    onSuccess: (campaign) => {
      store(campaign);
      void client.invalidateQueries({ queryKey: ['campaign', campaign.id, 'recipients'] });
    },
  });
}

export function useTestSend() {
  return useMutation({ mutationFn: ({ id, phone }: { id: string; phone: string }) => campaignsApi.test(id, phone) });
}
