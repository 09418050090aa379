import { afterEach, describe, expect, it, vi } from 'vitest';
import { createApiClient } from '../../../lib/api-client.ts';
import { AffiliateCallError, affiliatesClient } from './affiliates-client.ts';

const userId = '6f1c2a7e-3b4d-4c5e-8f90-123456789abc';

/** A client whose every call is answered `status` (with its status text) and an API error body. */
function failing(status: number, statusText: string) {
  const fetch = vi.fn(async () => new Response(JSON.stringify({ error: { code: 'NOT_FOUND', message: 'No encontramos lo que buscas.' } }), { status, statusText, headers: { 'Content-Type': 'application/json' } }));
  return { fetch, client: affiliatesClient(createApiClient({ fetch, getLocale: () => 'es', onAuthFailure: () => {} })) };
}

afterEach(() => vi.restoreAllMocks());

describe('the affiliate calls', () => {
  it.each([
    ['profile', (c: ReturnType<typeof affiliatesClient>) => c.profile(userId), 'Failed to fetch affiliate profile: Not Found'],
    ['referrals', (c: ReturnType<typeof affiliatesClient>) => c.referrals(userId), 'Failed to fetch referrals'],
    ['payments', (c: ReturnType<typeof affiliatesClient>) => c.payments(userId), 'Failed to fetch affiliate payments'],
    ['referral link', (c: ReturnType<typeof affiliatesClient>) => c.referralLink(userId), 'Failed to fetch referral link'],
    ['list', (c: ReturnType<typeof affiliatesClient>) => c.list({ status: 'active' }), 'Failed to fetch affiliates list'],
    ['create', (c: ReturnType<typeof affiliatesClient>) => c.create({ userId, paypalEmail: 'a@b.mx' }), 'Failed to create affiliate profile'],
  ])('%s: a non-OK answer is logged and thrown with the spec’s message', async (_name, call, message) => {
    const logged = vi.spyOn(console, 'error').mockImplementation(() => {});
    const { client } = failing(404, 'Not Found');
    const error = await call(client).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(AffiliateCallError);
    expect((error as AffiliateCallError).message).toBe(message);
    expect((error as AffiliateCallError).status).toBe(404);
    expect(((error as AffiliateCallError).cause as Error).message).toBe('No encontramos lo que buscas.');
    expect(logged).toHaveBeenCalledWith(message, expect.anything());
  });

  it('names the status text of a failed profile read', async () => {
    vi.spyOn(console, 'error').mockImplementation(() => {});
    const { client } = failing(500, 'Internal Server Error');
    await expect(client.profile(userId)).rejects.toThrow('Failed to fetch affiliate profile: Internal Server Error');
  });

  it('calls the spec’s paths, the list with only the filters given, the create with its defaults', async () => {
    const fetch = vi.fn(async () => new Response('{}', { status: 200, headers: { 'Content-Type': 'application/json' } }));
    const client = affiliatesClient(createApiClient({ fetch, getLocale: () => 'es', onAuthFailure: () => {} }));
    await client.profile(userId);
    await client.referrals(userId);
    await client.payments(userId);
    await client.referralLink(userId);
    await client.list({ email: 'ana@', status: undefined, minSalesAmount: 100 });
    await client.create({ userId, paypalEmail: 'a@b.mx' });
    const calls = fetch.mock.calls as unknown as [string, RequestInit][];
    expect(calls.map(([url]) => url)).toEqual([
      `/api/affiliate/${userId}`,
      `/api/affiliates/referrals/${userId}`,
      `/api/affiliates/payments?userId=${userId}`,
      `/api/affiliates/referral_code/${userId}`,
      '/api/affiliates/list?email=ana%40&minSalesAmount=100',
      '/api/affiliates/create',
    ]);
    expect(JSON.parse(String(calls[5]![1].body))).toEqual({ bankInfo: {}, affiliateQuestions: [], userId, paypalEmail: 'a@b.mx' });
  });
});
