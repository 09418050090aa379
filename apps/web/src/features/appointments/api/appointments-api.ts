import type { ProductListResponse, AppointmentListResponse, AppointmentResponse, AppointmentStatus, ContactSearchResponse, CreateAppointmentBody, FeedUrlResponse, UpdateAppointmentBody } from '@charla/shared';
import { api } from '../../../lib/api.ts';

const query = (params: Record<string, string | undefined>) =>
  new URLSearchParams(Object.entries(params).filter((entry): entry is [string, string] => entry[1] !== undefined)).toString();

/** The calendar calls (contract: packages/shared/src/appointments.ts). */
export const appointmentsApi = {
  list: (botId: string, from: string, to: string, status?: AppointmentStatus, contactId?: string) => api.get<AppointmentListResponse>(`/api/appointments?${query({ botId, from, to, status, contactId })}`),
  create: (body: CreateAppointmentBody) => api.post<AppointmentResponse>('/api/appointments', body),
  update: (id: string, body: UpdateAppointmentBody) => api.request<AppointmentResponse>(`/api/appointments/${encodeURIComponent(id)}`, { method: 'PATCH', body }),
  cancel: (id: string) => api.request<AppointmentResponse>(`/api/appointments/${encodeURIComponent(id)}`, { method: 'DELETE' }),
  contacts: (botId: string, q: string) => api.get<ContactSearchResponse>(`/api/appointments/contacts?${query({ botId, q })}`),
  feed: (botId: string) => api.get<FeedUrlResponse>(`/api/appointments/feed?${query({ botId })}`),
  /** The catalog's items, to offer as services (their "Duración" sets the length). */
  services: (botId: string) => api.get<ProductListResponse>(`/api/products/${encodeURIComponent(botId)}?limit=200`),
  newFeed: (botId: string) => api.post<FeedUrlResponse>(`/api/appointments/feed?${query({ botId })}`),
};
