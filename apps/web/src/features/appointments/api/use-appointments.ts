import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { CreateAppointmentBody, UpdateAppointmentBody } from '@charla/shared';
import { activeAppointmentStatuses } from '@charla/shared/constants';
import { catalogMinutes } from '../calendar-model.ts';
import { appointmentsApi } from './appointments-api.ts';

export const appointmentsKey = (botId: string) => ['appointments', botId] as const;

/** The appointments of the range the calendar shows; the previous range stays while the next loads. */
export function useAppointments(botId: string, range: { from: string; to: string } | null) {
  return useQuery({
    queryKey: [...appointmentsKey(botId), range],
    queryFn: () => appointmentsApi.list(botId, range!.from, range!.to),
    enabled: range !== null,
    placeholderData: keepPreviousData,
    staleTime: 15_000,
  });
}

/** How far ahead a contact's next appointments are looked for (the longest range the server lists). */
const AHEAD_DAYS = 92;

/** A contact's appointments still to come that hold their time (booked or confirmed), soonest first. */
export function useContactAppointments(botId: string, contactId: string) {
  return useQuery({
    queryKey: [...appointmentsKey(botId), 'contact', contactId],
    queryFn: () => {
      const from = new Date();
      const to = new Date(from.getTime() + AHEAD_DAYS * 86_400_000);
      return appointmentsApi.list(botId, from.toISOString(), to.toISOString(), undefined, contactId);
    },
    select: (data) => data.items.filter((a) => (activeAppointmentStatuses as readonly string[]).includes(a.status)),
    staleTime: 15_000,
  });
}

function useInvalidate(botId: string) {
  const queryClient = useQueryClient();
  return () => queryClient.invalidateQueries({ queryKey: appointmentsKey(botId) });
}

export function useBookAppointment(botId: string) {
  const invalidate = useInvalidate(botId);
  return useMutation({ mutationFn: (body: CreateAppointmentBody) => appointmentsApi.create(body), onSettled: invalidate });
}

export function useUpdateAppointment(botId: string) {
  const invalidate = useInvalidate(botId);
  return useMutation({ mutationFn: ({ id, body }: { id: string; body: UpdateAppointmentBody }) => appointmentsApi.update(id, body), onSettled: invalidate });
}

export function useCancelAppointment(botId: string) {
  const invalidate = useInvalidate(botId);
  return useMutation({ mutationFn: (id: string) => appointmentsApi.cancel(id), onSettled: invalidate });
}

export function useContactSearch(botId: string, q: string, enabled: boolean) {
  return useQuery({ queryKey: ['appointment-contacts', botId, q], queryFn: () => appointmentsApi.contacts(botId, q), enabled, staleTime: 30_000, placeholderData: keepPreviousData });
}

export function useFeedUrl(botId: string, enabled: boolean) {
  return useQuery({ queryKey: ['appointment-feed', botId], queryFn: () => appointmentsApi.feed(botId), enabled });
}

export function useNewFeedUrl(botId: string) {
  const queryClient = useQueryClient();
  return useMutation({ mutationFn: () => appointmentsApi.newFeed(botId), onSuccess: (data) => queryClient.setQueryData(['appointment-feed', botId], data) });
}

/** The catalog items that say how long they take: the services an appointment can be booked for. */
export function useCatalogServices(botId: string) {
  return useQuery({
    queryKey: ['appointment-services', botId],
    queryFn: () => appointmentsApi.services(botId),
    staleTime: 60_000,
    retry: false,
    select: (data) => data.items.flatMap((item) => {
      const minutes = catalogMinutes(item.attributes);
      return minutes ? [{ name: item.name, minutes }] : [];
    }),
  });
}
