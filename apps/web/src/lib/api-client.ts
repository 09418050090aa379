import type { ApiErrorBody } from '@charla/shared';
import { browserXhr, xhrUpload, type ProgressHandler, type XhrLike } from './xhr-upload.ts';

export type { ProgressHandler, XhrLike };

/** Why the client gave up on the session (spec section 8); both lead to sign-out. */
export type AuthFailureReason = 'Authentication failed' | 'Authentication failed after refresh';

/** Codes the client itself produces when the server did not answer with an error body. */
export type ClientErrorCode = 'NETWORK_ERROR' | 'HTTP_ERROR' | 'BAD_RESPONSE';

/**
 * An error answered by the API (`{ error: { code, message, fields? } }`, already in the
 * user's language) or produced by the client (then `message` is empty and the UI picks a
 * translated text for the code).
 */
export class ApiError extends Error {
  override readonly name = 'ApiError';

  constructor(
    readonly code: string,
    message: string,
    readonly fields: Readonly<Record<string, string>> | undefined,
    readonly status: number,
    /** The HTTP status text, for logs. */
    readonly statusText = '',
    /** More of the answer beside code, message and fields (e.g. `nextSlots` of SLOT_TAKEN). */
    readonly details: Readonly<Record<string, unknown>> = {},
  ) {
    super(message);
  }
}

export function isApiError(error: unknown): error is ApiError {
  return error instanceof ApiError;
}

export type FetchLike = (input: string, init: RequestInit) => Promise<Response>;

export type HttpMethod = 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';

export interface RequestOptions {
  method?: HttpMethod;
  /** Sent as JSON. */
  body?: unknown;
  headers?: Record<string, string>;
  signal?: AbortSignal;
  /**
   * `false` for calls where a 401 is an answer, not an expired session (sign-in, sign-up,
   * sign-out): no refresh, no retry, no sign-out.
   */
  refreshOn401?: boolean;
}

export interface UploadOptions {
  onProgress?: ProgressHandler;
  signal?: AbortSignal;
}

/** What one call sends: JSON (`body`) or a multipart form (`form`, with upload progress). */
interface SendOptions extends RequestOptions {
  form?: FormData;
  onProgress?: ProgressHandler;
}

export interface ApiClientOptions {
  fetch: FetchLike;
  /** Current UI locale, sent as Accept-Language so the server localizes its messages. */
  getLocale: () => string;
  /** Called when the session cannot be recovered; the app signs the user out. */
  onAuthFailure: (reason: AuthFailureReason) => void;
  baseUrl?: string;
  refreshPath?: string;
  /** The XMLHttpRequest behind uploads (tests hand in a fake). */
  createXhr?: () => XhrLike;
  /**
   * True when the access token is known to have expired (a signed-in browser whose access
   * cookie is gone): the next call renews the session first instead of being refused.
   */
  sessionExpired?: () => boolean;
  /** A renewal already on its way (started by index.html), taken once instead of sending a second one. */
  pendingRenewal?: () => Promise<Response> | undefined;
}

export interface ApiClient {
  request<T>(path: string, options?: RequestOptions): Promise<T>;
  get<T>(path: string, options?: Omit<RequestOptions, 'method' | 'body'>): Promise<T>;
  post<T>(path: string, body?: unknown, options?: Omit<RequestOptions, 'method' | 'body'>): Promise<T>;
  /** POSTs a multipart form with upload progress, under the same rules (and the same refresh) as every other call. */
  upload<T>(path: string, formData: FormData, options?: UploadOptions): Promise<T>;
}

export const refreshTokenPath = '/client/refresh-token';

export function createApiClient(options: ApiClientOptions): ApiClient {
  const baseUrl = options.baseUrl ?? '';
  const refreshPath = options.refreshPath ?? refreshTokenPath;
  const createXhr = options.createXhr ?? browserXhr;
  let refreshInFlight: Promise<boolean> | null = null;
  // Successful refreshes so far: a call sent before the last one finished retries on its cookie.
  let renewals = 0;

  function send(path: string, request: SendOptions): Promise<Response> {
    const headers: Record<string, string> = {
      Accept: 'application/json',
      'Accept-Language': options.getLocale(),
      ...request.headers,
    };
    const init: RequestInit = {
      method: request.method ?? 'GET',
      credentials: 'include',
      headers,
    };
    if (request.body !== undefined) {
      headers['Content-Type'] = 'application/json';
      init.body = JSON.stringify(request.body);
    }
    if (request.signal) init.signal = request.signal;
    const url = `${baseUrl}${path}`;
    const sent = request.form ? xhrUpload(url, init, request.form, request.onProgress, createXhr) : options.fetch(url, init);
    return sent.catch((error: unknown) => {
      if (isAbort(error)) throw error;
      throw new ApiError('NETWORK_ERROR', '', undefined, 0);
    });
  }

  /** One refresh at a time: requests that fail together share it. */
  function refresh(): Promise<boolean> {
    refreshInFlight ??= (options.pendingRenewal?.() ?? send(refreshPath, { method: 'POST' }))
      .then((response) => {
        if (response.ok) renewals += 1;
        return response.ok;
      })
      .catch(() => false)
      .finally(() => {
        refreshInFlight = null;
      });
    return refreshInFlight;
  }

  async function request<T>(path: string, request: SendOptions = {}): Promise<T> {
    // An expired access token is renewed before the call, not after a 401.
    if (request.refreshOn401 !== false && options.sessionExpired?.()) await refresh();
    const renewalsBefore = renewals;
    let response = await send(path, request);
    if (response.status === 401 && request.refreshOn401 !== false) {
      // Another call renewed the session while this one was out: retry on the new cookie.
      const refreshed = renewals !== renewalsBefore || (await refresh());
      if (!refreshed) {
        options.onAuthFailure('Authentication failed');
        throw await authError(response, 'Authentication failed');
      }
      response = await send(path, request);
      if (response.status === 401) {
        options.onAuthFailure('Authentication failed after refresh');
        throw await authError(response, 'Authentication failed after refresh');
      }
    }
    if (!response.ok) throw await errorFromResponse(response);
    return (await readBody(response)) as T;
  }

  return {
    request,
    get: (path, rest) => request(path, { ...rest, method: 'GET' }),
    post: (path, body, rest) => request(path, { ...rest, method: 'POST', body }),
    upload: (path, form, rest) => request(path, { ...rest, method: 'POST', form }),
  };
}

function isAbort(error: unknown): boolean {
  return typeof error === 'object' && error !== null && (error as { name?: unknown }).name === 'AbortError';
}

async function readBody(response: Response): Promise<unknown> {
  if (response.status === 204) return undefined;
  const text = await response.text();
  if (!text) return undefined;
  try {
    return JSON.parse(text) as unknown;
  } catch {
    throw new ApiError('BAD_RESPONSE', '', undefined, response.status);
  }
}

function isErrorBody(value: unknown): value is ApiErrorBody {
  if (typeof value !== 'object' || value === null) return false;
  const error = (value as { error?: unknown }).error;
  if (typeof error !== 'object' || error === null) return false;
  const { code, message } = error as { code?: unknown; message?: unknown };
  return typeof code === 'string' && typeof message === 'string';
}

export async function errorFromResponse(response: Response): Promise<ApiError> {
  let body: unknown;
  try {
    body = JSON.parse(await response.text());
  } catch {
    body = undefined;
  }
  if (isErrorBody(body)) {
    const fields = body.error.fields && Object.keys(body.error.fields).length > 0 ? body.error.fields : undefined;
    const { code, message, fields: _fields, ...details } = body.error as Record<string, unknown>;
    return new ApiError(String(code), String(message), fields, response.status, response.statusText, details);
  }
  return new ApiError('HTTP_ERROR', '', undefined, response.status, response.statusText);
}

async function authError(response: Response, reason: AuthFailureReason): Promise<ApiError> {
  const answered = await errorFromResponse(response);
  return new ApiError(answered.code === 'HTTP_ERROR' ? 'UNAUTHENTICATED' : answered.code, reason, undefined, 401);
}
