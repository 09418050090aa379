import http from 'node:http';
import https from 'node:https';

/**
 * A small client of Meta's Graph API: JSON in and out, a time limit per call, and every failure
 * sorted by what it means for a retry. Tokens travel in the Authorization header and never appear
 * in an error or a log line.
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
const notSentCauses = new Set(['ECONNREFUSED', 'ENOTFOUND', 'EAI_AGAIN', 'EHOSTUNREACH', 'ENETUNREACH', 'ECONNTIMEOUT']);

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

/** A call that had no answer within the time limit. */
class GraphTimeout extends Error {
  override name = 'TimeoutError';
}

function networkFailure(err: unknown): GraphError {
  const code = (err as { code?: string })?.code;
  const name = (err as { name?: string })?.name;
  if (code && notSentCauses.has(code)) return new GraphError('not_sent', undefined, { message: `connection failed (${code})` });
  const what = name === 'TimeoutError' ? 'no answer in time' : `connection lost${code ? ` (${code})` : ''}`;
  return new GraphError('ambiguous', undefined, { message: what });
}

/** An idle connection is closed before the server would close it (sooner when it says so in Keep-Alive). */
const IDLE_SOCKET_MS = 4_000;

/**
 * Connections kept open between calls, as many as a campaign's lanes send at once: a send costs
 * one request on a warm socket, not a TLS handshake. `fetch` builds a Request, a stream and an
 * abort signal per call, several times the CPU of a plain request (measured in docs/architecture.md).
 */
const keepAlive = { keepAlive: true, maxSockets: 256, maxFreeSockets: 64, scheduling: 'lifo' as const, timeout: IDLE_SOCKET_MS };
const agents = { http: new http.Agent(keepAlive), https: new https.Agent(keepAlive) };

/** One HTTP exchange: the status and the body as text, or the network's error. */
function exchange(url: URL, method: string, headers: Record<string, string>, body: string | undefined, timeoutMs: number): Promise<{ status: number; text: string }> {
  const secure = url.protocol === 'https:';
  const transport = secure ? https : http;
  const agent = secure ? agents.https : agents.http;
  let req: http.ClientRequest;
  try {
    req = transport.request(url, { method, headers: body === undefined ? headers : { ...headers, 'content-length': String(Buffer.byteLength(body)) }, agent });
  } catch {
    // A header value with bytes no header can carry is refused here, before anything is written.
    throw notBuilt();
  }
  return new Promise((resolve, reject) => {
    // Out of time before the connection opened: nothing was written, so the call may be made again.
    let connected = false;
    req.on('socket', (socket) => {
      if (!socket.connecting) connected = true;
      else socket.once(secure ? 'secureConnect' : 'connect', () => (connected = true));
    });
    const timer = setTimeout(() => req.destroy(connected ? new GraphTimeout() : Object.assign(new Error('connect timeout'), { code: 'ECONNTIMEOUT' })), timeoutMs);
    req.on('error', (err) => {
      clearTimeout(timer);
      reject(networkFailure(err));
    });
    req.on('response', (res) => {
      const parts: Buffer[] = [];
      res.on('data', (chunk: Buffer) => parts.push(chunk));
      res.on('error', (err) => {
        clearTimeout(timer);
        reject(networkFailure(err));
      });
      res.on('end', () => {
        clearTimeout(timer);
        resolve({ status: res.statusCode ?? 0, text: Buffer.concat(parts).toString('utf8') });
      });
    });
    req.end(body);
  });
}

export interface GraphRequest {
  token?: string;
  body?: unknown;
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
    if (req.body !== undefined) headers['content-type'] = 'application/json';
    const { status, text } = await exchange(url, method, headers, req.body === undefined ? undefined : JSON.stringify(req.body), timeoutMs);
    const ok = status >= 200 && status < 300;
    let json: unknown;
    try {
      json = text ? JSON.parse(text) : {};
    } catch {
      json = undefined;
    }
    if (ok && json !== undefined) return json as T;
    const body: GraphErrorBody = (json as { error?: GraphErrorBody } | undefined)?.error ?? { message: `HTTP ${status}` };
    throw new GraphError(ok ? 'ambiguous' : classifyGraphError(status, body), status, body);
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
