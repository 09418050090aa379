import type {
  AudiencePreviewBody,
  AudiencePreviewResponse,
  CampaignAction,
  CampaignChannel,
  CampaignCreateInput,
  CampaignList,
  CampaignRecipientsPage,
  CampaignResponse,
  CampaignTestResponse,
  RecipientFilter,
} from '@charla/shared';
import { api } from '../../../lib/api.ts';
import type { ProgressHandler } from '../../../lib/api-client.ts';

const one = (id: string) => `/api/campaigns/${encodeURIComponent(id)}`;

/** The query of a recipients page: the status filter and the cursor, when there are. */
export function recipientsQuery(filter: RecipientFilter | null, cursor: string | null): string {
  const params = new URLSearchParams();
  if (filter) params.set('status', filter);
  if (cursor) params.set('cursor', cursor);
  const query = params.toString();
  return query ? `?${query}` : '';
}

/** The mass sender's calls (/api/campaigns…). */
export const campaignsApi = {
  list: (botId: string) => api.get<CampaignList>(`/api/campaigns?botId=${encodeURIComponent(botId)}`).then((r) => r.campaigns),
  get: (id: string) => api.get<CampaignResponse>(one(id)).then((r) => r.campaign),
  recipients: (id: string, filter: RecipientFilter | null, cursor: string | null) => api.get<CampaignRecipientsPage>(`${one(id)}/recipients${recipientsQuery(filter, cursor)}`),
  create: (body: CampaignCreateInput) => api.post<CampaignResponse>('/api/campaigns', body).then((r) => r.campaign),
  act: (id: string, action: CampaignAction) => api.post<CampaignResponse>(`${one(id)}/${action}`).then((r) => r.campaign),
  test: (id: string, phone: string) => api.post<CampaignTestResponse>(`${one(id)}/test`, { phone }),
  /** Counts CRM contacts of the filters (or an upload already read) for a channel. */
  preview: (body: AudiencePreviewBody) => api.post<AudiencePreviewResponse>('/api/campaigns/audience/preview', body),
  /** Reads a CSV of phones: the text fields go before the file, so the server checks the caller first. */
  previewCsv: (botId: string, channel: CampaignChannel, file: File, onProgress?: ProgressHandler) => {
    const form = new FormData();
    form.append('botId', botId);
    form.append('channel', channel);
    form.append('file', file, file.name);
    return api.upload<AudiencePreviewResponse>('/api/campaigns/audience/preview', form, { onProgress });
  },
};

export const campaignKeys = {
  all: (botId: string) => ['campaigns', botId] as const,
  list: (botId: string) => ['campaigns', botId, 'list'] as const,
  one: (id: string) => ['campaign', id] as const,
  recipients: (id: string, filter: RecipientFilter | null) => ['campaign', id, 'recipients', filter] as const,
  preview: (body: AudiencePreviewBody | null) => ['campaign-audience', body] as const,
};
