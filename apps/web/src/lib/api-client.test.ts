import { describe, expect, it, vi } from 'vitest';
import { ApiError, createApiClient, type AuthFailureReason } from './api-client.ts';

interface Call {
  url: string;
  init: RequestInit;
}

function json(status: number, body: unknown): Response {
  return new Response(JSON.stringify(body), { status, headers: { 'Content-Type': 'application/json' } });
}

const unauthenticated = () => json(401, { error: { code: 'UNAUTHENTICATED', message: 'Tu sesión terminó.' } });

/** A fetch that answers each call from `routes` (path → queue of responses) and records it. */
function fakeFetch(routes: Record<string, Array<() => Response>>) {
  const calls: Call[] = [];
  const fetch = vi.fn(async (url: string, init: RequestInit) => {
    calls.push({ url, init });
    const next = routes[url]?.shift();
    if (!next) throw new Error(`unexpected call ${init.method} ${url}`);
    return next();
  });
  return { fetch, calls };
}

function setup(routes: Record<string, Array<() => Response>>, locale = 'es') {
  const { fetch, calls } = fakeFetch(routes);
  const failures: AuthFailureReason[] = [];
  const api = createApiClient({ fetch, getLocale: () => locale, onAuthFailure: (reason) => failures.push(reason) });
  return { api, calls, failures };
}

describe('api client', () => {
  it('sends credentials, the locale and JSON, and returns the parsed body', async () => {
    const { api, calls } = setup({ '/client/update-client': [() => json(200, { ok: true })] }, 'en');
    await expect(api.post('/client/update-client', { name: 'Ana' })).resolves.toEqual({ ok: true });
    const [call] = calls;
    expect(call?.init.credentials).toBe('include');
    expect(call?.init.method).toBe('POST');
    expect(call?.init.body).toBe('{"name":"Ana"}');
    expect(call?.init.headers).toMatchObject({ 'Accept-Language': 'en', 'Content-Type': 'application/json' });
  });

  it('sends no content type when there is no body', async () => {
    const { api, calls } = setup({ '/client/logout': [() => json(200, { ok: true })] });
    await api.post('/client/logout');
    expect(calls[0]?.init.body).toBeUndefined();
    expect(calls[0]?.init.headers).not.toHaveProperty('Content-Type');
  });

  it('throws a typed error with the server code, message and fields', async () => {
    const { api } = setup({
      '/client/signup': [
        () => json(400, { error: { code: 'VALIDATION_FAILED', message: 'Revisa los datos marcados.', fields: { email: 'Escribe un correo electrónico válido.' } } }),
      ],
    });
    const error = await api.post('/client/signup', {}).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(ApiError);
    expect(error).toMatchObject({
      code: 'VALIDATION_FAILED',
      message: 'Revisa los datos marcados.',
      fields: { email: 'Escribe un correo electrónico válido.' },
      status: 400,
    });
  });

  it('on a 401 refreshes once and retries once', async () => {
    const { api, calls, failures } = setup({
      '/client/info/u1': [unauthenticated, () => json(200, { id: 'u1' })],
      '/client/refresh-token': [() => json(200, { ok: true })],
    });
    await expect(api.get('/client/info/u1')).resolves.toEqual({ id: 'u1' });
    expect(calls.map((c) => `${c.init.method} ${c.url}`)).toEqual([
      'GET /client/info/u1',
      'POST /client/refresh-token',
      'GET /client/info/u1',
    ]);
    expect(calls[1]?.init.credentials).toBe('include');
    expect(failures).toEqual([]);
  });

  it("signs out with 'Authentication failed' when the refresh fails, without retrying", async () => {
    const { api, calls, failures } = setup({
      '/client/info/u1': [unauthenticated],
      '/client/refresh-token': [unauthenticated],
    });
    const error = await api.get('/client/info/u1').catch((e: unknown) => e);
    expect(error).toMatchObject({ code: 'UNAUTHENTICATED', message: 'Authentication failed', status: 401 });
    expect(failures).toEqual(['Authentication failed']);
    expect(calls).toHaveLength(2);
  });

  it("treats a refresh that cannot reach the server as a failed refresh", async () => {
    const { fetch } = fakeFetch({ '/client/info/u1': [unauthenticated] });
    const failures: string[] = [];
    const wrapped = vi.fn(async (url: string, init: RequestInit) => {
      if (url === '/client/refresh-token') throw new TypeError('Failed to fetch');
      return fetch(url, init);
    });
    const api = createApiClient({ fetch: wrapped, getLocale: () => 'es', onAuthFailure: (r) => failures.push(r) });
    await expect(api.get('/client/info/u1')).rejects.toMatchObject({ message: 'Authentication failed' });
    expect(failures).toEqual(['Authentication failed']);
  });

  it("signs out with 'Authentication failed after refresh' when the retry is still 401", async () => {
    const { api, calls, failures } = setup({
      '/client/info/u1': [unauthenticated, unauthenticated],
      '/client/refresh-token': [() => json(200, { ok: true })],
    });
    const error = await api.get('/client/info/u1').catch((e: unknown) => e);
    expect(error).toMatchObject({ message: 'Authentication failed after refresh', status: 401 });
    expect(failures).toEqual(['Authentication failed after refresh']);
    expect(calls).toHaveLength(3);
  });

  it('retries only a 401, and only once', async () => {
    const { api, calls } = setup({
      '/client/info/u1': [() => json(500, { error: { code: 'INTERNAL', message: 'Algo salió mal.' } })],
      '/client/info/u2': [() => json(403, { error: { code: 'FORBIDDEN', message: 'No tienes permiso.' } })],
    });
    await expect(api.get('/client/info/u1')).rejects.toMatchObject({ code: 'INTERNAL', status: 500 });
    await expect(api.get('/client/info/u2')).rejects.toMatchObject({ code: 'FORBIDDEN', status: 403 });
    expect(calls).toHaveLength(2);
  });

  it('does not refresh for calls where a 401 is the answer (sign-in)', async () => {
    const { api, calls, failures } = setup({
      '/client/login': [() => json(401, { error: { code: 'INVALID_CREDENTIALS', message: 'Correo o contraseña incorrectos.' } })],
    });
    await expect(api.post('/client/login', { email: 'a@b.mx', password: 'x' }, { refreshOn401: false })).rejects.toMatchObject({
      code: 'INVALID_CREDENTIALS',
      message: 'Correo o contraseña incorrectos.',
    });
    expect(calls).toHaveLength(1);
    expect(failures).toEqual([]);
  });

  it('renews first when the access token is known to have expired, sharing one renewal, and takes a renewal already on its way', async () => {
    const { fetch, calls } = fakeFetch({
      '/client/refresh-token': [() => json(200, { ok: true })],
      '/bot/a': [() => json(200, { a: 1 })],
      '/bot/b': [() => json(200, { b: 1 })],
    });
    let expired = true;
    const api = createApiClient({ fetch, getLocale: () => 'es', onAuthFailure: () => undefined, sessionExpired: () => expired });
    const [a, b] = await Promise.all([api.get('/bot/a'), api.get('/bot/b')]);
    expect([a, b]).toEqual([{ a: 1 }, { b: 1 }]);
    expect(calls.map((c) => c.url)).toEqual(['/client/refresh-token', '/bot/a', '/bot/b']);
    expired = false;

    const started = Promise.resolve(json(200, { ok: true }));
    const taken = fakeFetch({ '/bot/c': [() => json(200, { c: 1 })] });
    let pending: Promise<Response> | undefined = started;
    const withPending = createApiClient({
      fetch: taken.fetch,
      getLocale: () => 'es',
      onAuthFailure: () => undefined,
      sessionExpired: () => pending !== undefined,
      pendingRenewal: () => {
        const p = pending;
        pending = undefined;
        return p;
      },
    });
    await expect(withPending.get('/bot/c')).resolves.toEqual({ c: 1 });
    expect(taken.calls.map((c) => c.url)).toEqual(['/bot/c']);
  });

  it('shares one refresh between requests that fail together', async () => {
    const { api, calls } = setup({
      '/client/info/u1': [unauthenticated, () => json(200, { n: 1 })],
      '/client/info/u2': [unauthenticated, () => json(200, { n: 2 })],
      '/client/refresh-token': [() => json(200, { ok: true })],
    });
    await expect(Promise.all([api.get('/client/info/u1'), api.get('/client/info/u2')])).resolves.toEqual([{ n: 1 }, { n: 2 }]);
    expect(calls.filter((c) => c.url === '/client/refresh-token')).toHaveLength(1);
  });

  it('retries without a second refresh when another call renewed the session while it was out', async () => {
    let answerLate: (r: Response) => void = () => undefined;
    const { api, calls } = setup({
      '/client/info/u1': [unauthenticated, () => json(200, { n: 1 })],
      '/bot': [() => new Promise<Response>((resolve) => (answerLate = resolve)) as unknown as Response, () => json(200, { n: 2 })],
      '/client/refresh-token': [() => json(200, { ok: true })],
    });
    const late = api.get('/bot');
    await expect(api.get('/client/info/u1')).resolves.toEqual({ n: 1 });
    answerLate(unauthenticated());
    await expect(late).resolves.toEqual({ n: 2 });
    expect(calls.filter((c) => c.url === '/client/refresh-token')).toHaveLength(1);
  });

  it('reports a network failure and a non-JSON error with client codes', async () => {
    const failing = createApiClient({
      fetch: () => Promise.reject(new TypeError('Failed to fetch')),
      getLocale: () => 'es',
      onAuthFailure: () => undefined,
    });
    await expect(failing.get('/client/info/u1')).rejects.toMatchObject({ code: 'NETWORK_ERROR', status: 0, message: '' });

    const { api } = setup({ '/api/partners/public/config?subdomain=acme': [() => new Response('Not Found', { status: 404 })] });
    await expect(api.get('/api/partners/public/config?subdomain=acme')).rejects.toMatchObject({ code: 'HTTP_ERROR', status: 404 });
  });

  it('lets an aborted request reject as an abort', async () => {
    const api = createApiClient({
      fetch: () => Promise.reject(new DOMException('aborted', 'AbortError')),
      getLocale: () => 'es',
      onAuthFailure: () => undefined,
    });
    await expect(api.get('/client/info/u1')).rejects.toMatchObject({ name: 'AbortError' });
  });
});
