import { describe, expect, it, vi } from 'vitest';
import { ApiError, createApiClient, type AuthFailureReason, type FetchLike, type UploadOptions, type XhrLike } from './api-client.ts';

interface Sent {
  method: string;
  url: string;
  headers: Record<string, string>;
  withCredentials: boolean;
  body: FormData;
}

/** XMLHttpRequest stand-ins that answer with the given statuses, one per request. */
function fakeXhrs(answers: Array<{ status: number; body?: string } | 'network-error'>) {
  const sent: Sent[] = [];
  const create = (): XhrLike => {
    let method = '';
    let url = '';
    const headers: Record<string, string> = {};
    const xhr: XhrLike & { status: number; responseText: string } = {
      withCredentials: false,
      status: 0,
      responseText: '',
      upload: { onprogress: null },
      onload: null,
      onerror: null,
      onabort: null,
      ontimeout: null,
      open(m, u) {
        method = m;
        url = u;
      },
      setRequestHeader(name, value) {
        headers[name] = value;
      },
      getAllResponseHeaders: () => 'content-type: application/json; charset=utf-8\r\n',
      abort() {
        xhr.onabort?.();
      },
      send(body) {
        sent.push({ method, url, headers, withCredentials: xhr.withCredentials, body });
        const answer = answers.shift() ?? { status: 500 };
        queueMicrotask(() => {
          if (answer === 'network-error') return xhr.onerror?.();
          xhr.upload.onprogress?.({ loaded: 5, total: 10, lengthComputable: true });
          xhr.upload.onprogress?.({ loaded: 10, total: 10, lengthComputable: true });
          xhr.status = answer.status;
          xhr.responseText = answer.body ?? '';
          xhr.onload?.();
        });
      },
    };
    return xhr;
  };
  return { create, sent };
}

const form = () => {
  const data = new FormData();
  data.append('botId', 'b1');
  data.append('document', new File(['%PDF-1.4'], 'menu.pdf', { type: 'application/pdf' }));
  return data;
};

const okBody = JSON.stringify({ ok: true, document: { id: 'd1' } });

const noFetch: FetchLike = (input) => Promise.reject(new Error(`unexpected fetch ${input}`));

/** An upload through a client of its own, as the app's `api.upload` does it. */
function postForm<T>(
  path: string,
  form: FormData,
  options: UploadOptions & { createXhr: () => XhrLike; getLocale: () => string; onAuthFailure: (reason: AuthFailureReason) => void; plainFetch?: FetchLike },
): Promise<T> {
  const { createXhr, getLocale, onAuthFailure, plainFetch = noFetch, ...rest } = options;
  return createApiClient({ fetch: plainFetch, getLocale, onAuthFailure, createXhr }).upload<T>(path, form, rest);
}

describe('api client: multipart upload with progress', () => {
  it('sends cookies and Accept-Language, never a JSON content type, and reports progress', async () => {
    const { create, sent } = fakeXhrs([{ status: 201, body: okBody }]);
    const progress = vi.fn();
    const result = await postForm('/api/documents', form(), { createXhr: create, getLocale: () => 'es', onAuthFailure: vi.fn(), onProgress: progress });
    expect(result).toEqual({ ok: true, document: { id: 'd1' } });
    expect(sent).toHaveLength(1);
    expect(sent[0]).toMatchObject({ method: 'POST', url: '/api/documents', withCredentials: true });
    expect(sent[0]!.headers['Accept-Language']).toBe('es');
    expect(Object.keys(sent[0]!.headers).map((h) => h.toLowerCase())).not.toContain('content-type');
    expect(sent[0]!.body.get('botId')).toBe('b1');
    expect(progress.mock.calls).toEqual([
      [5, 10],
      [10, 10],
    ]);
  });

  it('turns a server error into an ApiError with the localized message', async () => {
    const { create } = fakeXhrs([{ status: 413, body: JSON.stringify({ error: { code: 'PAYLOAD_TOO_LARGE', message: 'El contenido es demasiado grande.' } }) }]);
    const error = await postForm('/api/documents', form(), { createXhr: create, getLocale: () => 'es', onAuthFailure: vi.fn() }).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(ApiError);
    expect(error).toMatchObject({ code: 'PAYLOAD_TOO_LARGE', message: 'El contenido es demasiado grande.', status: 413 });
  });

  it('reports a dropped connection as a network error', async () => {
    const { create } = fakeXhrs(['network-error']);
    const error = await postForm('/api/documents', form(), { createXhr: create, getLocale: () => 'en', onAuthFailure: vi.fn() }).catch((e: unknown) => e);
    expect(error).toMatchObject({ code: 'NETWORK_ERROR', status: 0 });
  });

  it('refreshes the session once on a 401 and sends the file again', async () => {
    const { create, sent } = fakeXhrs([{ status: 401, body: '{}' }, { status: 201, body: okBody }]);
    const plainFetch = vi.fn<FetchLike>(() => Promise.resolve(new Response('{"ok":true}', { status: 200 })));
    const onAuthFailure = vi.fn();
    await postForm('/api/documents', form(), { createXhr: create, plainFetch, getLocale: () => 'es', onAuthFailure });
    expect(plainFetch).toHaveBeenCalledTimes(1);
    expect(plainFetch.mock.calls[0]![0]).toBe('/client/refresh-token');
    expect(plainFetch.mock.calls[0]![1]).toMatchObject({ method: 'POST', credentials: 'include' });
    expect(sent).toHaveLength(2);
    expect(onAuthFailure).not.toHaveBeenCalled();
  });

  it('signs out when the refresh fails, or when the retry is refused again', async () => {
    const failedRefresh = fakeXhrs([{ status: 401 }]);
    const onAuthFailure = vi.fn();
    await expect(
      postForm('/api/documents', form(), {
        createXhr: failedRefresh.create,
        plainFetch: () => Promise.resolve(new Response(null, { status: 401 })),
        getLocale: () => 'es',
        onAuthFailure,
      }),
    ).rejects.toMatchObject({ message: 'Authentication failed' });
    expect(onAuthFailure).toHaveBeenCalledWith('Authentication failed');

    const refusedTwice = fakeXhrs([{ status: 401 }, { status: 401 }]);
    const again = vi.fn();
    await expect(
      postForm('/api/documents', form(), {
        createXhr: refusedTwice.create,
        plainFetch: () => Promise.resolve(new Response('{}', { status: 200 })),
        getLocale: () => 'es',
        onAuthFailure: again,
      }),
    ).rejects.toMatchObject({ message: 'Authentication failed after refresh' });
    expect(again).toHaveBeenCalledWith('Authentication failed after refresh');
  });

  it('shares one refresh with the other calls that fail together', async () => {
    const { create, sent } = fakeXhrs([{ status: 401, body: '{}' }, { status: 201, body: okBody }]);
    const answers: Record<string, Response[]> = {
      '/client/info/u1': [new Response('{}', { status: 401 }), new Response('{"id":"u1"}', { status: 200 })],
      '/client/refresh-token': [new Response('{"ok":true}', { status: 200 })],
    };
    const plainFetch = vi.fn<FetchLike>((input) => Promise.resolve(answers[input]!.shift()!));
    const api = createApiClient({ fetch: plainFetch, getLocale: () => 'es', onAuthFailure: vi.fn(), createXhr: create });
    await expect(Promise.all([api.upload('/api/documents', form()), api.get('/client/info/u1')])).resolves.toEqual([
      { ok: true, document: { id: 'd1' } },
      { id: 'u1' },
    ]);
    expect(plainFetch.mock.calls.filter(([input]) => input === '/client/refresh-token')).toHaveLength(1);
    expect(sent).toHaveLength(2);
  });

  it('can be cancelled', async () => {
    const { create } = fakeXhrs([{ status: 201, body: okBody }]);
    const controller = new AbortController();
    controller.abort();
    await expect(postForm('/api/documents', form(), { createXhr: create, getLocale: () => 'es', onAuthFailure: vi.fn(), signal: controller.signal })).rejects.toMatchObject({
      name: 'AbortError',
    });
  });
});
