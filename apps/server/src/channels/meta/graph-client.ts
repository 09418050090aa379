import http from 'node:http';
import https from 'node:https';

/**
 * A small client of Meta's Graph API: JSON in and out (or a file up), a time limit per call, and every failure
 * sorted by what it means for a retry. Tokens travel in the Authorization header and never appear
 * in an error or a log line.
 *
 * Calls go through `node:http(s)` on kept-alive connections: a campaign makes up to a thousand
 * calls a second from one process, and `fetch` (its Request, Headers and web streams per call)
 * cost that process about a fifth of its CPU.
 */

/** Meta's error object ({ error: { message, type, code, error_subcode, fbtrace_id } }). */
export interface GraphErrorBody {
  message?: string;
  type?: string;
  code?: number;
  error_subcode?: number;
  fbtrace_id?: string;
  is_transient?: boolean;
  error_user_msg?: string;
  error_data?: { details?: string };
}

/**
 * - rejected: Meta answered and will not accept this request as it is.
 * - retryable: Meta answered that nothing was done for now (rate limit, outage): safe to call again.
 * - token: Meta refused the access token.
 * - not_sent: the request never reached Meta (connection refused, DNS): safe to call again.
 * - ambiguous: the request may have reached Meta but no answer came (time-out, dropped connection).
 * - local: the request could not even be built here (a stored token no HTTP header can carry):
 *   Meta was never called, and calling again changes nothing.
 */
export type GraphFailure = 'rejected' | 'retryable' | 'token' | 'not_sent' | 'ambiguous' | 'local';

/** Codes Meta documents as "try again later": throughput, pair and account rate limits, transient outages. */
const retryableCodes = new Set([1, 2, 4, 17, 32, 613, 80007, 130429, 131000, 131016, 131056, 133004]);
const tokenCodes = new Set([102, 190]);
/** Connection errors that prove the request was never written to Meta. */
const notSentCauses = new Set(['ECONNREFUSED', 'ENOTFOUND', 'EAI_AGAIN', 'EHOSTUNREACH', 'ENETUNREACH']);

export class GraphError extends Error {
  constructor(
    readonly failure: GraphFailure,
    readonly status: number | undefined,
    readonly body: GraphErrorBody,
  ) {
    super(body.message ?? failure);
    this.name = 'GraphError';
  }
  get code(): number | undefined {
    return this.body.code;
  }
  /** What to log: Meta's code, words and trace id (never the request). */
  toLog() {
    return { failure: this.failure, status: this.status, code: this.body.code, subcode: this.body.error_subcode, message: this.body.message, fbtrace_id: this.body.fbtrace_id };
  }
}

export function classifyGraphError(status: number, body: GraphErrorBody): GraphFailure {
  if (body.code !== undefined && tokenCodes.has(body.code)) return 'token';
  if (status >= 500 || status === 429 || body.is_transient || (body.code !== undefined && retryableCodes.has(body.code))) return 'retryable';
  return 'rejected';
}

/** Not the error's own words: they would carry the header, token included. */
const notBuilt = () => new GraphError('local', undefined, { message: 'the request could not be built (a value no HTTP header can carry); Meta was not called' });

const timedOut = 'no answer in time';

function networkFailure(err: unknown): GraphError {
  const cause = (err as { code?: string })?.code;
  if (cause && notSentCauses.has(cause)) return new GraphError('not_sent', undefined, { message: `connection failed (${cause})` });
  const what = (err as Error)?.message === timedOut ? timedOut : `connection lost${cause ? ` (${cause})` : ''}`;
  return new GraphError('ambiguous', undefined, { message: what });
}

/**
 * Kept-alive connections to Meta, shared by every client of the process. An idle one is closed
 * here after 4 s, before the server closes it (Node's servers at 5 s): a call written on a
 * connection the server is closing that very moment could not be told from a call Meta received,
 * and a campaign's message would then wait for Meta's status instead of going.
 */
const agents = {
  'http:': new http.Agent({ keepAlive: true, maxSockets: 256, timeout: 4_000 }),
  'https:': new https.Agent({ keepAlive: true, maxSockets: 256, timeout: 4_000 }),
};

/** One HTTP exchange: the status and the body as text, or a network failure sorted for a retry. */
function exchange(url: URL, method: string, headers: Record<string, string>, body: string | Buffer | undefined, timeoutMs: number): Promise<{ status: number; text: string }> {
  return new Promise((resolve, reject) => {
    let req: http.ClientRequest;
    try {
      // Header bytes no HTTP header can carry are refused here, before anything is written.
      req = (url.protocol === 'https:' ? https : http).request(url, { method, headers, agent: url.protocol === 'https:' ? agents['https:'] : agents['http:'] });
    } catch {
      reject(notBuilt());
      return;
    }
    let settled = false;
    const settle = (err: unknown, answer?: { status: number; text: string }) => {
      if (settled) return;
      settled = true;
      clearTimeout(timer);
      if (answer) resolve(answer);
      else reject(networkFailure(err));
    };
    // The answer read from the socket after a moment the process was busy (a long statement) comes
    // in the same turn of the event loop as the timer: it is read first, then the time-out counts.
    const timer = setTimeout(() => setImmediate(() => settled || req.destroy(new Error(timedOut))), timeoutMs);
    req.on('error', (err) => settle(err));
    req.on('response', (res) => {
      const chunks: Buffer[] = [];
      res.on('data', (c: Buffer) => chunks.push(c));
      res.on('end', () => settle(undefined, { status: res.statusCode ?? 0, text: Buffer.concat(chunks).toString('utf8') }));
      res.on('error', (err) => settle(err));
      res.on('close', () => {
        if (!res.complete) settle(new Error('connection lost'));
      });
    });
    req.end(body);
  });
}

export interface GraphRequest {
  token?: string;
  body?: unknown;
  /** A multipart body instead of JSON (a file uploaded to Meta). */
  form?: FormData;
  query?: Record<string, string>;
  /** Calls that do the same thing twice (subscribe, register) are retried here on a passing failure. */
  retries?: number;
}

export interface GraphClientOptions {
  baseUrl: string;
  timeoutMs: number;
  /** First pause before a retry of an idempotent call; doubles each time. */
  retryDelayMs?: number;
}

export function graphClient({ baseUrl, timeoutMs, retryDelayMs = 300 }: GraphClientOptions) {
  async function once<T>(method: 'GET' | 'POST' | 'DELETE', path: string, req: GraphRequest): Promise<T> {
    const url = new URL(`${baseUrl}/${path.replace(/^\/+/, '')}`);
    for (const [k, v] of Object.entries(req.query ?? {})) url.searchParams.set(k, v);
    const headers: Record<string, string> = { accept: 'application/json' };
    if (req.token) headers.authorization = `Bearer ${req.token}`;
    let payload: string | Buffer | undefined;
    if (req.form) {
      // The multipart body and its boundary, as the platform encodes a form.
      const encoded = new Response(req.form);
      payload = Buffer.from(await encoded.arrayBuffer());
      headers['content-type'] = encoded.headers.get('content-type') ?? 'multipart/form-data';
    } else if (req.body !== undefined) {
      payload = JSON.stringify(req.body);
      headers['content-type'] = 'application/json';
    }
    const { status, text } = await exchange(url, method, headers, payload, timeoutMs);
    const res = { ok: status >= 200 && status < 300, status };
    let json: unknown;
    try {
      json = text ? JSON.parse(text) : {};
    } catch {
      json = undefined;
    }
    if (res.ok && json !== undefined) return json as T;
    const body: GraphErrorBody = (json as { error?: GraphErrorBody } | undefined)?.error ?? { message: `HTTP ${res.status}` };
    throw new GraphError(res.ok ? 'ambiguous' : classifyGraphError(res.status, body), res.status, body);
  }

  async function request<T>(method: 'GET' | 'POST' | 'DELETE', path: string, req: GraphRequest = {}): Promise<T> {
    for (let attempt = 0; ; attempt++) {
      try {
        return await once<T>(method, path, req);
      } catch (err) {
        const passing = err instanceof GraphError && (err.failure === 'retryable' || err.failure === 'not_sent' || err.failure === 'ambiguous');
        if (!passing || attempt >= (req.retries ?? 0)) throw err;
        await new Promise((r) => setTimeout(r, retryDelayMs * 2 ** attempt));
      }
    }
  }

  return {
    get: <T>(path: string, req?: GraphRequest) => request<T>('GET', path, req),
    post: <T>(path: string, req?: GraphRequest) => request<T>('POST', path, req),
    delete: <T>(path: string, req?: GraphRequest) => request<T>('DELETE', path, req),
  };
}

export type GraphClient = ReturnType<typeof graphClient>;
