import { LogController, type FastifyReply, type FastifyRequest } from 'fastify';
import pino, { type DestinationStream, type LoggerOptions } from 'pino';
import type { Config } from '../config.ts';

const censor = '[redacted]';

/** Keys whose values never reach the log, at the top of a log line or one level down. */
const secretKeys = [
  'password',
  'password_hash',
  'passwordHash',
  'new_password',
  'current_password',
  'currentPassword',
  'newPassword',
  'token',
  'access_token',
  'accessToken',
  'access_token_sealed',
  'refresh_token',
  'refreshToken',
  'app_secret',
  'appSecret',
  'client_secret',
  'secret',
  'api_key',
  'apiKey',
  'authorization',
  'cookie',
  'cookies',
];

/** pino `redact` paths: secret keys, and the headers that carry credentials wherever they are logged. */
export const redactPaths = [
  ...secretKeys.flatMap((k) => [k, `*.${k}`]),
  ...['req', 'request', 'res', 'reply'].flatMap((o) => [
    `${o}.headers.authorization`,
    `${o}.headers.cookie`,
    `${o}.headers["set-cookie"]`,
    `${o}.headers["x-hub-signature-256"]`,
  ]),
  'headers.authorization',
  'headers.cookie',
  'headers["set-cookie"]',
];

/** Properties of database errors that hold the values of a query: dropped whole. */
const valueKeys = new Set(['params', 'parameters', 'values', 'queryOptions', 'raw']);
/** Free-text properties of errors that may quote values: kept, with the values cut out. */
const textKeys = new Set(['detail', 'where', 'internalQuery', 'hint']);

/**
 * The values a database message quotes, cut out: `Key (email)=(ana@x.mx)`, `Failing row contains
 * (...)`, `invalid input syntax for type uuid: "..."`, and credentials written into a URL's query.
 */
export function scrubText(text: string): string {
  return text
    .replace(/\)=\(.*?\)(?= already exists| is not present| conflicts|\.|$)/gms, ')=(…)')
    .replace(/Failing row contains \(.*\)/gs, 'Failing row contains (…)')
    .replace(/(invalid input (?:syntax|value) for [^:]*): ".*?"/gs, '$1: "…"')
    .replace(/((?:access_token|client_secret|token|password|appsecret_proof|code)=)[^&\s"']+/gi, `$1${censor}`);
}

/** A Drizzle error's message is "Failed query: <sql>\nparams: <values>": the values go. */
function errorMessage(err: { message?: unknown; params?: unknown }): string {
  let message = typeof err.message === 'string' ? err.message : String(err.message ?? '');
  if ('params' in err) {
    const at = message.indexOf('\nparams:');
    if (at >= 0) message = message.slice(0, at);
  }
  return scrubText(message);
}

function isErrorLike(value: unknown): value is Error & Record<string, unknown> {
  return (
    value instanceof Error ||
    (typeof value === 'object' && value !== null && typeof (value as Error).message === 'string' && typeof (value as Error).stack === 'string')
  );
}

/**
 * pino's error serializer, without the values a failed query carried: database errors (pg,
 * PGlite, Drizzle) keep their code, constraint, table and SQL text, never the parameters, and
 * messages and stacks are rebuilt from the scrubbed message. Causes are serialized the same way.
 */
export function serializeError(err: unknown, depth = 0): unknown {
  if (!isErrorLike(err)) return err;
  const type = typeof err.constructor === 'function' && err.constructor.name ? err.constructor.name : err.name;
  const message = errorMessage(err);
  const stack = typeof err.stack === 'string' ? err.stack : '';
  const frames = stack.indexOf('\n    at ');
  const out: Record<string, unknown> = {
    type,
    message,
    stack: `${err.name ?? 'Error'}: ${message}${frames >= 0 ? stack.slice(frames) : ''}`,
  };
  for (const key of Object.keys(err)) {
    if (key in out || valueKeys.has(key) || key === 'cause') continue;
    const value = err[key];
    if (textKeys.has(key) && typeof value === 'string') out[key] = scrubText(value);
    else if (isErrorLike(value)) out[key] = depth < 4 ? serializeError(value, depth + 1) : String(value.message);
    else if (typeof value === 'string') out[key] = scrubText(value);
    else out[key] = value;
  }
  if (Array.isArray((err as { errors?: unknown }).errors) && depth < 4) {
    out.aggregateErrors = (err as unknown as { errors: unknown[] }).errors.map((e) => serializeError(e, depth + 1));
  }
  if (err.cause !== undefined && depth < 4) out.cause = isErrorLike(err.cause) ? serializeError(err.cause, depth + 1) : censor;
  return out;
}

/** Fastify's request serializer, with credentials in the query string (a webhook's verify token) cut out. */
function serializeRequest(req: FastifyRequest) {
  return {
    method: req.method,
    url: typeof req.url === 'string' ? scrubText(req.url) : req.url,
    host: req.host,
    remoteAddress: req.ip,
    remotePort: req.socket?.remotePort,
  };
}

/**
 * Development's request log: instead of Fastify's two JSON lines per request at `info`, one short
 * line at `debug` ("GET /client/info/… 200 4 ms"), so the start banner stays in view. A request
 * that failed is still logged as an error. Production keeps Fastify's JSON lines.
 */
export class ShortRequestLog extends LogController {
  override incomingRequest(): void {}

  override requestCompleted(error: Error | null | undefined, request: FastifyRequest, reply: FastifyReply): void {
    if (error) return super.requestCompleted(error, request, reply);
    request.log.debug(`${request.method} ${request.url.split('?')[0]} ${reply.statusCode} ${Math.round(reply.elapsedTime)} ms`);
  }
}

/** The one logger configuration: level, secrets redacted, errors without query values. */
export function loggerOptions(config: Pick<Config, 'LOG_LEVEL'>): LoggerOptions {
  return {
    level: config.LOG_LEVEL,
    redact: { paths: redactPaths, censor },
    serializers: { err: serializeError, error: serializeError, cause: serializeError, req: serializeRequest },
  };
}

export interface Stdout {
  stream: DestinationStream & { write(text: string): boolean | void };
  /** From now on a write that would wait for the reader waits at most until `at` (epoch ms). */
  waitUntil(at: number): void;
  /** Drop whatever is still buffered: nothing at exit waits for the reader any more. */
  abandon(): void;
}

/**
 * Standard output that never blocks the main thread: writes are buffered and written
 * asynchronously (pino's sonic-boom), so a full pipe nobody reads does not stop timers and
 * signal handlers; the buffer is capped (16 MB, later lines are dropped) and, once shutdown
 * begins, a write retries only until the shutdown's deadline. A closed pipe ends the output.
 */
export function stdoutDestination(): Stdout {
  let deadline = Number.POSITIVE_INFINITY;
  const stream = pino.destination({
    dest: 1,
    sync: false,
    maxLength: 16 * 1024 * 1024,
    retryEAGAIN: () => Date.now() < deadline,
  });
  // A write that gave up (or any other write error) must not crash the process.
  stream.on('error', () => undefined);
  const flushSync = stream.flushSync.bind(stream);
  stream.flushSync = () => {
    try {
      flushSync();
    } catch {
      // the reader is gone or never read: the rest is lost
    }
  };
  return {
    stream,
    waitUntil(at) {
      deadline = Math.min(deadline, at);
    },
    abandon() {
      deadline = 0;
      stream.flushSync = () => undefined;
    },
  };
}
