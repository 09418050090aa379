import { lookup as dnsLookup } from 'node:dns/promises';
import http, { type IncomingMessage } from 'node:http';
import https from 'node:https';
import { isIP, type LookupFunction } from 'node:net';
import type { Readable } from 'node:stream';
import zlib from 'node:zlib';
import { isBlockedAddress } from './blocked-address.ts';
import { ExtractError } from './extract-error.ts';

/**
 * What a response holds; xml, json and image are only read when asked for (caption files, product
 * pictures); `file` takes any content as it comes (a file a customer sent), never sniffed.
 */
export type FetchKind = 'html' | 'text' | 'pdf' | 'xml' | 'json' | 'image' | 'file';

export interface ResolvedAddress {
  address: string;
  family: number;
}

export interface SafeFetchOptions {
  /** What the caller can read; anything else is URL_BAD_TYPE. Default html, text and pdf. */
  accept?: FetchKind[];
  /** Private and loopback addresses allowed everywhere (the TRAINING_ALLOW_PRIVATE_URLS setting). */
  allowPrivate?: boolean;
  /** Private and loopback addresses allowed only for these "host:port" (as written in the URL). */
  allowPrivateHosts?: string[];
  /** For the whole fetch, redirects included. Default 10 s. */
  timeoutMs?: number;
  /** Largest body, counted while it arrives (after decompression). Default 5 MB. */
  maxBytes?: number;
  /** Default 3. */
  maxRedirects?: number;
  /** Name resolution (all addresses of a host). Default dns.lookup with all: true. */
  resolve?: (hostname: string) => Promise<ResolvedAddress[]>;
}

export interface SafeFetchResult {
  /** The URL after redirects. */
  finalUrl: string;
  /** The Content-Type the server sent (or the sniffed one when it sent none or a generic one). */
  contentType: string;
  kind: FetchKind;
  body: Buffer;
}

export const DEFAULT_FETCH_TIMEOUT_MS = 10_000;
export const DEFAULT_FETCH_MAX_BYTES = 5_000_000;
export const DEFAULT_FETCH_MAX_REDIRECTS = 3;

const mimeKinds: Record<string, FetchKind> = {
  'text/html': 'html',
  'application/xhtml+xml': 'html',
  'text/plain': 'text',
  'text/markdown': 'text',
  'text/x-markdown': 'text',
  'application/pdf': 'pdf',
  'application/x-pdf': 'pdf',
  'text/xml': 'xml',
  'application/xml': 'xml',
  'application/json': 'json',
  'image/jpeg': 'image',
  'image/png': 'image',
  'image/webp': 'image',
};
const genericMimes = new Set(['', 'application/octet-stream', 'binary/octet-stream', 'application/unknown']);
const acceptHeader: Record<FetchKind, string> = {
  html: 'text/html,application/xhtml+xml;q=0.9',
  text: 'text/plain;q=0.8,text/markdown;q=0.8',
  pdf: 'application/pdf;q=0.8',
  xml: 'text/xml,application/xml;q=0.9',
  json: 'application/json;q=0.9',
  image: 'image/jpeg,image/png,image/webp;q=0.9',
  file: '*/*',
};

/**
 * GET a public web page without letting it reach the server's own network (SSRF):
 * - only http and https; the host is resolved and refused if ANY of its addresses is
 *   loopback, private, link-local, reserved… (see isBlockedAddress), IP literals in every
 *   spelling included (the URL parser turns 2130706433 and 0x7f.1 into 127.0.0.1);
 * - the connection goes to the address that was checked (a `lookup` that returns it), so a
 *   DNS answer that changes between the check and the connection cannot slip in;
 * - redirects are followed by hand, each new URL checked again, at most `maxRedirects`;
 * - the timeout bounds the whole fetch; the byte cap is counted as the body arrives and
 *   the download is dropped at once when it is passed;
 * - only the kinds in `accept` are read (HTML, plain text and PDF unless asked otherwise).
 */
export async function safeFetch(url: string, options: SafeFetchOptions = {}): Promise<SafeFetchResult> {
  const timeoutMs = options.timeoutMs ?? DEFAULT_FETCH_TIMEOUT_MS;
  const controller = new AbortController();
  const timer = setTimeout(() => controller.abort(), timeoutMs);
  try {
    return await follow(url, options, controller.signal);
  } catch (error) {
    if (controller.signal.aborted) throw new ExtractError('URL_TIMEOUT', {}, { cause: error });
    throw error;
  } finally {
    clearTimeout(timer);
  }
}

async function follow(start: string, options: SafeFetchOptions, signal: AbortSignal): Promise<SafeFetchResult> {
  const maxRedirects = options.maxRedirects ?? DEFAULT_FETCH_MAX_REDIRECTS;
  const accept = options.accept ?? ['html', 'text', 'pdf'];
  // "mitienda.mx/precios", as people type it, means https://mitienda.mx/precios
  const typed = start.trim();
  let url = parseUrl(/^[\w-]+(?:\.[\w-]+)+(?::\d+)?(?:[/?#]|$)/.test(typed) ? `https://${typed}` : typed);
  for (let redirects = 0; ; redirects++) {
    const target = await checkUrl(url, options, signal);
    const response = await get(url, target, accept, signal);
    const location = response.headers.location;
    if ([301, 302, 303, 307, 308].includes(response.statusCode ?? 0)) {
      response.destroy();
      if (!location) throw new ExtractError('URL_UNREACHABLE', { status: response.statusCode });
      if (redirects >= maxRedirects) throw new ExtractError('URL_TOO_MANY_REDIRECTS', { limit: maxRedirects });
      url = parseUrl(location, url);
      continue;
    }
    const status = response.statusCode ?? 0;
    if (status < 200 || status >= 300) {
      response.destroy();
      throw new ExtractError('URL_UNREACHABLE', { status });
    }
    return read(url, response, accept, options.maxBytes ?? DEFAULT_FETCH_MAX_BYTES, signal);
  }
}

function parseUrl(input: string, base?: URL): URL {
  let url: URL;
  try {
    url = new URL(input.trim(), base);
  } catch {
    throw new ExtractError('URL_INVALID');
  }
  if (url.protocol !== 'http:' && url.protocol !== 'https:') throw new ExtractError('URL_BLOCKED');
  url.hash = '';
  return url;
}

/** The address to connect to, once every address of the host has been checked. */
async function checkUrl(url: URL, options: SafeFetchOptions, signal: AbortSignal): Promise<ResolvedAddress> {
  const hostname = url.hostname.replace(/^\[|\]$/g, '');
  const port = url.port || (url.protocol === 'https:' ? '443' : '80');
  const privateOk =
    options.allowPrivate === true || (options.allowPrivateHosts ?? []).some((entry) => entry.toLowerCase() === `${url.hostname}:${port}`);
  let addresses: ResolvedAddress[];
  const family = isIP(hostname);
  if (family) addresses = [{ address: hostname, family }];
  else {
    try {
      const resolve = options.resolve ?? ((host: string) => dnsLookup(host, { all: true, verbatim: true }));
      addresses = await abortable(resolve(hostname), signal);
    } catch (error) {
      if (signal.aborted) throw error;
      throw new ExtractError('URL_UNREACHABLE', {}, { cause: error });
    }
    if (addresses.length === 0) throw new ExtractError('URL_UNREACHABLE');
  }
  if (!privateOk && addresses.some((a) => isBlockedAddress(a.address))) throw new ExtractError('URL_BLOCKED');
  const chosen = addresses[0];
  if (!chosen) throw new ExtractError('URL_UNREACHABLE');
  return chosen;
}

function abortable<T>(promise: Promise<T>, signal: AbortSignal): Promise<T> {
  return new Promise<T>((resolve, reject) => {
    if (signal.aborted) return reject(signal.reason);
    const onAbort = () => reject(signal.reason);
    signal.addEventListener('abort', onAbort, { once: true });
    promise.then(resolve, reject).finally(() => signal.removeEventListener('abort', onAbort));
  });
}

function get(url: URL, target: ResolvedAddress, accept: FetchKind[], signal: AbortSignal): Promise<IncomingMessage> {
  const hostname = url.hostname.replace(/^\[|\]$/g, '');
  // Whatever the agent asks, it gets the address that was checked.
  const lookup = ((_host: string, opts: { all?: boolean }, callback: (...args: unknown[]) => void) => {
    if (opts?.all) callback(null, [{ address: target.address, family: target.family }]);
    else callback(null, target.address, target.family);
  }) as unknown as LookupFunction;
  const client = url.protocol === 'https:' ? https : http;
  return new Promise((resolve, reject) => {
    const request = client.request(
      {
        protocol: url.protocol,
        host: hostname,
        port: url.port || undefined,
        path: `${url.pathname}${url.search}`,
        method: 'GET',
        agent: false,
        lookup,
        signal,
        ...(url.protocol === 'https:' && !isIP(hostname) ? { servername: hostname } : {}),
        headers: {
          'user-agent': 'Mozilla/5.0 (compatible; CharlaBot/1.0)',
          accept: `${accept.map((k) => acceptHeader[k]).join(',')},*/*;q=0.1`,
          'accept-language': 'es-MX,es;q=0.9,en;q=0.8',
          'accept-encoding': 'gzip, deflate, br',
        },
      },
      resolve,
    );
    request.on('error', (error) => reject(signal.aborted ? error : new ExtractError('URL_UNREACHABLE', {}, { cause: error })));
    request.end();
  });
}

async function read(
  url: URL,
  response: IncomingMessage,
  accept: FetchKind[],
  maxBytes: number,
  signal: AbortSignal,
): Promise<SafeFetchResult> {
  const header = response.headers['content-type'] ?? '';
  const mime = header.split(';')[0]?.trim().toLowerCase() ?? '';
  const declared = mimeKinds[mime];
  const anyFile = accept.includes('file');
  if (!anyFile && !genericMimes.has(mime) && (!declared || !accept.includes(declared))) {
    response.destroy();
    throw new ExtractError('URL_BAD_TYPE', { contentType: mime });
  }
  const length = Number(response.headers['content-length']);
  const encoding = (response.headers['content-encoding'] ?? '').trim().toLowerCase();
  if (Number.isFinite(length) && length > maxBytes && (encoding === '' || encoding === 'identity')) {
    response.destroy();
    throw new ExtractError('URL_TOO_LARGE', { limit: maxBytes });
  }

  let source: Readable = response;
  const decoder =
    encoding === 'gzip' || encoding === 'x-gzip'
      ? zlib.createGunzip()
      : encoding === 'deflate'
        ? zlib.createInflate()
        : encoding === 'br'
          ? zlib.createBrotliDecompress()
          : undefined;
  if (decoder) {
    response.on('error', (error) => decoder.destroy(error));
    source = response.pipe(decoder);
  } else if (encoding !== '' && encoding !== 'identity') {
    response.destroy();
    throw new ExtractError('URL_BAD_TYPE', { contentType: `${mime} (${encoding})` });
  }

  const chunks: Buffer[] = [];
  let total = 0;
  try {
    for await (const chunk of source) {
      const buffer = chunk as Buffer;
      total += buffer.length;
      if (total > maxBytes) throw new ExtractError('URL_TOO_LARGE', { limit: maxBytes });
      chunks.push(buffer);
    }
  } catch (error) {
    response.destroy();
    decoder?.destroy();
    if (error instanceof ExtractError) throw error;
    if (signal.aborted) throw error;
    throw new ExtractError('URL_UNREACHABLE', {}, { cause: error });
  }
  const body = Buffer.concat(chunks);

  if (anyFile && (!declared || !accept.includes(declared))) return { finalUrl: url.toString(), contentType: header || 'application/octet-stream', kind: 'file', body };
  let kind = declared;
  let contentType = header;
  if (!kind) {
    kind = sniff(body);
    contentType = kind === 'pdf' ? 'application/pdf' : kind === 'html' ? 'text/html' : kind === 'text' ? 'text/plain' : kind === 'image' ? imageMime(body) : mime;
    if (!kind || !accept.includes(kind)) throw new ExtractError('URL_BAD_TYPE', { contentType: mime || undefined });
  }
  return { finalUrl: url.toString(), contentType, kind, body };
}

/** JPEG, PNG or WebP by their first bytes. */
function imageMime(body: Buffer): string {
  if (body[0] === 0xff && body[1] === 0xd8 && body[2] === 0xff) return 'image/jpeg';
  if (body.subarray(0, 8).equals(Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]))) return 'image/png';
  if (body.subarray(0, 4).toString('latin1') === 'RIFF' && body.subarray(8, 12).toString('latin1') === 'WEBP') return 'image/webp';
  return '';
}

/** For a server that says nothing useful about its content: PDF, an image, HTML or plain text by the first bytes. */
function sniff(body: Buffer): FetchKind | undefined {
  if (imageMime(body)) return 'image';
  const head = body.subarray(0, 1024);
  if (head.indexOf('%PDF-', 0, 'latin1') !== -1) return 'pdf';
  const text = head.toString('latin1').replace(/^\uFEFF|^\xEF\xBB\xBF/, '').trimStart().toLowerCase();
  if (/^<(?:!doctype html|html|head|body|!--)/.test(text)) return 'html';
  if (!/[\x00-\x08\x0E-\x1A]/.test(text)) return 'text';
  return undefined;
}
