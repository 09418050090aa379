import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { AcceptInvitationBody, AcceptInvitationResponse, CreateSeatBody, InvitationInfo, Seat, SeatList, SeatResponse, UpdateSeatBody } from '@charla/shared';
import { api } from '../../../lib/api.ts';

export const seatsKey = (accountId: string) => ['seats', accountId] as const;

/** GET /client/get-seats?user_id=: the account's team. */
export function useSeats(accountId: string) {
  return useQuery({ queryKey: seatsKey(accountId), queryFn: ({ signal }) => api.get<SeatList>(`/client/get-seats?user_id=${encodeURIComponent(accountId)}`, { signal }) });
}

function useSeatMutation<V>(accountId: string, call: (vars: V) => Promise<unknown>) {
  const client = useQueryClient();
  return useMutation({ mutationFn: call, onSuccess: () => client.invalidateQueries({ queryKey: seatsKey(accountId) }) });
}

export const useInviteSeat = (accountId: string) => useSeatMutation(accountId, (body: CreateSeatBody) => api.post<SeatResponse>('/client/seats', body));
export const useUpdateSeat = (accountId: string) =>
  useSeatMutation(accountId, ({ id, ...body }: UpdateSeatBody & { id: string }) => api.request<SeatResponse>(`/client/seats/${id}`, { method: 'PATCH', body }));
export const useDeleteSeat = (accountId: string) => useSeatMutation(accountId, (id: string) => api.request<{ ok: true }>(`/client/seats/${id}`, { method: 'DELETE' }));
export const useResendSeat = (accountId: string) => useSeatMutation(accountId, (id: string) => api.post<SeatResponse>(`/client/seats/${id}/resend`));

/** GET /api/invitations/{token}: what the link offers (public). */
export function useInvitation(token: string) {
  return useQuery({ queryKey: ['invitation', token], queryFn: ({ signal }) => api.get<InvitationInfo>(`/api/invitations/${encodeURIComponent(token)}`, { signal }), retry: false });
}

export function useAcceptInvitation(token: string) {
  return useMutation({ mutationFn: (body: AcceptInvitationBody) => api.post<AcceptInvitationResponse>(`/api/invitations/${encodeURIComponent(token)}/accept`, body) });
}

export type { Seat };
