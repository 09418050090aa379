import { afterEach, describe, expect, it, vi } from 'vitest';
import { fetchClientPayments, fetchPartnerClients } from './partner-lists.ts';

describe('partner lists', () => {
  afterEach(() => vi.restoreAllMocks());

  it("logs the spec's messages when the lists cannot be read", async () => {
    const log = vi.spyOn(console, 'error').mockImplementation(() => {});
    const failing = () => Promise.reject(new Error('503'));
    await expect(fetchPartnerClients('p1', failing)).rejects.toThrow('503');
    await expect(fetchClientPayments(failing)).rejects.toThrow('503');
    expect(log.mock.calls.map((c) => c[0])).toEqual(['Failed to fetch clients', 'Failed to fetch clients payments']);
  });

  it('answers the items of the calls', async () => {
    const paths: string[] = [];
    const get = async <T,>(path: string) => {
      paths.push(path);
      return { items: [{ id: 'x' }] } as T;
    };
    expect(await fetchPartnerClients('a b', get)).toEqual([{ id: 'x' }]);
    expect(await fetchClientPayments(get)).toEqual([{ id: 'x' }]);
    expect(paths).toEqual(['/api/partners/clients/a%20b', '/api/partners/clients/payments']);
  });
});
