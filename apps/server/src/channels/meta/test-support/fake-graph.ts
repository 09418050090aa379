import { randomBytes } from 'node:crypto';
import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { metaSchema } from './meta-openapi.ts';

export interface GraphCall {
  method: string;
  /** The path after the version ("106540352242922/messages"). */
  path: string;
  query: Record<string, string>;
  authorization: string | undefined;
  body: unknown;
  at: number;
}

/** How the fake answers one call: a status and body, no answer at all, or a cut connection. */
export type GraphReply = { status?: number; body: unknown; delayMs?: number } | 'hang' | 'drop';

/** Meta's error shape. */
export const metaError = (code: number, message: string, opts: { status?: number; subcode?: number; transient?: boolean } = {}): GraphReply => ({
  status: opts.status ?? (code === 190 ? 401 : code >= 130000 && code < 131000 ? 429 : 400),
  body: {
    error: {
      message,
      type: code === 190 ? 'OAuthException' : 'GraphMethodException',
      code,
      ...(opts.subcode ? { error_subcode: opts.subcode } : {}),
      ...(opts.transient ? { is_transient: true } : {}),
      fbtrace_id: `A${randomBytes(8).toString('hex')}`,
    },
  },
});

/** Meta's answer to an accepted WhatsApp send, with a wamid the test chose. */
export const waAccepted = (to: string, id: string, delayMs?: number): GraphReply => ({
  body: { messaging_product: 'whatsapp', contacts: [{ input: to, wa_id: to }], messages: [{ id }] },
  ...(delayMs ? { delayMs } : {}),
});

/** The request-body schema of Meta's OpenAPI file each WhatsApp call must satisfy. */
function schemaFor(method: string, path: string, body: unknown): string | undefined {
  if (method !== 'POST') return undefined;
  if (/^\d+\/messages$/.test(path) && (body as { messaging_product?: string })?.messaging_product === 'whatsapp') return 'Message';
  if (/^\d+\/register$/.test(path)) return 'WhatsAppBusinessPhoneNumberRegistrationRequest';
  return undefined;
}

/**
 * A local server that answers like the Graph API: sends give a wamid (WhatsApp) or a mid
 * (Messenger), subscriptions and registrations succeed, a signup code becomes a token. Every
 * WhatsApp request body is checked against Meta's OpenAPI schemas; a body that fails is answered
 * as Meta would (400, code 100) and listed in `violations`. Tests queue other answers with `next`.
 */
export async function fakeGraph() {
  // Compiled before the first request: compiling takes seconds, longer than a Graph time-out.
  for (const name of ['Message', 'WhatsAppBusinessPhoneNumberRegistrationRequest']) metaSchema(name);
  const calls: GraphCall[] = [];
  const violations: { path: string; errors: unknown }[] = [];
  const queued: { match: (c: GraphCall) => boolean; reply: GraphReply }[] = [];
  const hanging = new Set<ServerResponse>();

  function defaultReply(c: GraphCall): GraphReply {
    if (c.path === 'oauth/access_token') {
      if (!c.query.client_id || !c.query.client_secret || !c.query.code) return metaError(100, 'Missing client_id, client_secret or code');
      return { body: { access_token: `EAAG${randomBytes(24).toString('hex')}`, token_type: 'bearer', expires_in: 5183944 } };
    }
    if (!c.authorization?.startsWith('Bearer ')) return metaError(2500, 'An active access token must be used to query information about the current user.');
    if (/\/subscribed_apps$/.test(c.path)) return { body: { success: true } };
    if (/\/register$/.test(c.path)) return { body: { success: true } };
    if (/^\d+\/messages$/.test(c.path)) {
      const b = c.body as { messaging_product?: string; to?: string; recipient?: { id?: string } };
      if (b.messaging_product === 'whatsapp') {
        return { body: { messaging_product: 'whatsapp', contacts: [{ input: b.to, wa_id: b.to }], messages: [{ id: `wamid.${randomBytes(20).toString('base64url')}` }] } };
      }
      if (!b.recipient?.id) return metaError(100, '(#100) The parameter recipient is required');
      return { body: { recipient_id: b.recipient.id, message_id: `m_${randomBytes(20).toString('base64url')}` } };
    }
    return metaError(100, `Unsupported request: ${c.method} ${c.path}`);
  }

  async function handle(req: IncomingMessage, res: ServerResponse) {
    const chunks: Buffer[] = [];
    for await (const chunk of req) chunks.push(chunk as Buffer);
    const url = new URL(req.url ?? '/', 'http://graph.local');
    const text = Buffer.concat(chunks).toString('utf8');
    const call: GraphCall = {
      method: req.method ?? 'GET',
      path: url.pathname.replace(/^\/v\d+\.\d+\//, ''),
      query: Object.fromEntries(url.searchParams),
      authorization: req.headers.authorization,
      body: text ? JSON.parse(text) : undefined,
      at: performance.now(),
    };
    calls.push(call);
    let reply: GraphReply | undefined;
    const schema = schemaFor(call.method, call.path, call.body);
    if (schema) {
      const validate = metaSchema(schema);
      if (!validate(call.body ?? {})) {
        violations.push({ path: call.path, errors: validate.errors });
        reply = metaError(100, `(#100) Invalid parameter: ${validate.errors?.[0]?.message ?? ''}`);
      }
    }
    if (!reply) {
      const i = queued.findIndex((q) => q.match(call));
      reply = i >= 0 ? queued.splice(i, 1)[0]!.reply : defaultReply(call);
    }
    if (reply === 'hang') {
      hanging.add(res);
      return;
    }
    if (reply === 'drop') {
      req.socket.destroy();
      return;
    }
    if (reply.delayMs) await new Promise((r) => setTimeout(r, reply.delayMs));
    res.writeHead(reply.status ?? 200, { 'content-type': 'application/json' });
    res.end(JSON.stringify(reply.body));
  }

  const server = createServer((req, res) => void handle(req, res).catch(() => res.destroy()));
  await new Promise<void>((r) => server.listen(0, '127.0.0.1', r));
  const port = (server.address() as AddressInfo).port;

  return {
    url: `http://127.0.0.1:${port}/v23.0`,
    calls,
    violations,
    /** The next call matching `path` (a string ends the path, or a test) gets this answer instead. */
    next(path: string | ((c: GraphCall) => boolean), ...replies: GraphReply[]) {
      const match = typeof path === 'string' ? (c: GraphCall) => c.path.endsWith(path) : path;
      for (const reply of replies) queued.push({ match, reply });
    },
    sends: (account?: string) => calls.filter((c) => c.method === 'POST' && /^\d+\/messages$/.test(c.path) && (!account || c.path.startsWith(`${account}/`))),
    reset() {
      calls.length = 0;
      violations.length = 0;
      queued.length = 0;
    },
    async close() {
      for (const res of hanging) res.destroy();
      server.closeAllConnections();
      await new Promise<void>((r) => server.close(() => r()));
    },
  };
}

export type FakeGraph = Awaited<ReturnType<typeof fakeGraph>>;
