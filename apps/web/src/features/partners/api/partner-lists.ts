import type { ClientPayment, PartnerClient } from '@charla/shared';

/** The console messages of the spec when the lists cannot be read (section 8). */
export const partnerListMessages = { clients: 'Failed to fetch clients', payments: 'Failed to fetch clients payments' } as const;

/** How a list is read: the app's API client, or a test's. */
export type PartnerGet = <T>(path: string, options?: { signal?: AbortSignal }) => Promise<T>;

/** GET /api/partners/clients/{partnerId}: the items; on failure logs 'Failed to fetch clients' (spec) and throws. */
export async function fetchPartnerClients(partnerId: string, get: PartnerGet, signal?: AbortSignal): Promise<PartnerClient[]> {
  try {
    return (await get<{ items: PartnerClient[] }>(`/api/partners/clients/${encodeURIComponent(partnerId)}`, { signal })).items;
  } catch (error) {
    console.error(partnerListMessages.clients, error);
    throw error;
  }
}

/** GET /api/partners/clients/payments: the items; on failure logs 'Failed to fetch clients payments' (spec) and throws. */
export async function fetchClientPayments(get: PartnerGet, signal?: AbortSignal): Promise<ClientPayment[]> {
  try {
    return (await get<{ items: ClientPayment[] }>('/api/partners/clients/payments', { signal })).items;
  } catch (error) {
    console.error(partnerListMessages.payments, error);
    throw error;
  }
}
