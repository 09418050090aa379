import { createHmac, randomBytes } from 'node:crypto';
import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import type { GraphTemplate } from '../whatsapp-templates.ts';
import { metaSchema } from './meta-openapi.ts';

export interface GraphCall {
  method: string;
  /** The path after the version ("106540352242922/messages"). */
  path: string;
  query: Record<string, string>;
  authorization: string | undefined;
  body: unknown;
  at: number;
  /** The HTTP status the fake answered with (unset while it has not answered). */
  status?: number;
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

/**
 * The templates of every WABA of the fake, as Meta lists them: approved ones the reply can carry
 * (no variable or one {{1}}), approved ones it cannot (several, named or header variables, a media
 * header, authentication), and some not approved.
 */
export const sampleTemplates: readonly GraphTemplate[] = [
  {
    id: '1192339204654487',
    name: 'hello_world',
    language: 'en_US',
    status: 'APPROVED',
    category: 'UTILITY',
    parameter_format: 'POSITIONAL',
    components: [
      { type: 'HEADER', format: 'TEXT', text: 'Hello World' },
      { type: 'BODY', text: "Welcome and congratulations!! This message demonstrates your ability to send a message notification from WhatsApp Business Platform's Cloud API. Thank you for taking the time to test with us." },
      { type: 'FOOTER', text: 'WhatsApp Business API Team' },
    ],
  },
  {
    id: '780512230044871',
    name: 'seguimiento_cliente',
    language: 'es_MX',
    status: 'APPROVED',
    category: 'UTILITY',
    parameter_format: 'POSITIONAL',
    components: [
      { type: 'BODY', text: 'Hola, retomamos tu conversación con nosotros: {{1}}', example: { body_text: [['Tu pedido sale mañana a las 10:00.']] } },
      { type: 'FOOTER', text: 'Responde a este mensaje para continuar.' },
    ],
  },
  {
    id: '780512230044872',
    name: 'seguimiento_cliente',
    language: 'en_US',
    status: 'APPROVED',
    category: 'UTILITY',
    parameter_format: 'POSITIONAL',
    components: [
      { type: 'BODY', text: 'Hi, following up on your conversation with us: {{1}}', example: { body_text: [['Your order ships tomorrow at 10:00.']] } },
      { type: 'FOOTER', text: 'Reply to this message to continue.' },
    ],
  },
  {
    id: '915230447120018',
    name: 'retomar_conversacion',
    language: 'es_MX',
    status: 'APPROVED',
    category: 'UTILITY',
    parameter_format: 'POSITIONAL',
    components: [
      { type: 'HEADER', format: 'TEXT', text: '¡Hola de nuevo!' },
      { type: 'BODY', text: 'Tenemos una respuesta para ti. Escríbenos y seguimos la conversación.' },
      { type: 'BUTTONS', buttons: [{ type: 'QUICK_REPLY', text: 'Continuar' }] },
    ],
  },
  {
    id: '640021887310294',
    name: 'recordatorio_cita',
    language: 'es_MX',
    status: 'APPROVED',
    category: 'UTILITY',
    parameter_format: 'POSITIONAL',
    components: [{ type: 'BODY', text: 'Hola {{1}}, te recordamos tu cita del {{2}} a las {{3}}.', example: { body_text: [['Ana', 'lunes 12', '10:00']] } }],
  },
  {
    id: '529941003382114',
    name: 'promo_temporada',
    language: 'es_MX',
    status: 'APPROVED',
    category: 'MARKETING',
    parameter_format: 'POSITIONAL',
    components: [
      { type: 'HEADER', format: 'IMAGE', example: { header_handle: ['4::aW1hZ2UvanBlZw==:ARb'] } },
      { type: 'BODY', text: 'Aprovecha nuestra temporada de ofertas en tienda y en línea.' },
      { type: 'BUTTONS', buttons: [{ type: 'QUICK_REPLY', text: 'No me interesa' }] },
    ],
  },
  {
    id: '311420098775120',
    name: 'pedido_enviado',
    language: 'es_MX',
    status: 'APPROVED',
    category: 'UTILITY',
    parameter_format: 'NAMED',
    components: [{ type: 'BODY', text: 'Hola {{nombre}}, tu pedido {{pedido}} va en camino.', example: { body_text_named_params: [{ param_name: 'nombre', example: 'Ana' }, { param_name: 'pedido', example: '1042' }] } }],
  },
  {
    id: '198830021455671',
    name: 'codigo_verificacion',
    language: 'es_MX',
    status: 'APPROVED',
    category: 'AUTHENTICATION',
    parameter_format: 'POSITIONAL',
    components: [
      { type: 'BODY', text: '*{{1}}* es tu código de verificación.' },
      { type: 'BUTTONS', buttons: [{ type: 'OTP', text: 'Copiar código' }] },
    ],
  },
  {
    id: '870014522390011',
    name: 'oferta_fin_de_mes',
    language: 'es_MX',
    status: 'PENDING',
    category: 'MARKETING',
    parameter_format: 'POSITIONAL',
    components: [{ type: 'BODY', text: 'Solo este fin de mes: 20% de descuento.' }],
  },
  {
    id: '870014522390012',
    name: 'aviso_general',
    language: 'es',
    status: 'REJECTED',
    category: 'MARKETING',
    parameter_format: 'POSITIONAL',
    components: [{ type: 'BODY', text: '¡Gana un premio! Responde ya.' }],
  },
];

/** GET /{waba-id}/message_templates as Meta answers it: name (contains), status and language filters, fields, cursor paging. */
function listTemplates(all: readonly GraphTemplate[], query: Record<string, string>, url: string): GraphReply {
  const statuses = query.status?.split(',').map((x) => x.trim().toUpperCase());
  const matching = all.filter(
    (t) => (!query.name || t.name.includes(query.name)) && (!statuses || statuses.includes((t.status ?? '').toUpperCase())) && (!query.language || t.language === query.language),
  );
  const limit = Math.min(Number(query.limit) || 25, 1000);
  const start = query.after ? Number(Buffer.from(query.after, 'base64url').toString('utf8')) || 0 : 0;
  const page = matching.slice(start, start + limit);
  const fields = query.fields ? new Set(['id', ...query.fields.split(',').map((f) => f.trim())]) : null;
  const data = page.map((t) => (fields ? Object.fromEntries(Object.entries(t).filter(([k]) => fields.has(k))) : t));
  const cursor = (i: number) => Buffer.from(String(i)).toString('base64url');
  const more = start + limit < matching.length;
  const next = new URL(url);
  next.searchParams.set('after', cursor(start + limit));
  return {
    body: {
      data,
      ...(page.length ? { paging: { cursors: { before: cursor(start), after: cursor(start + limit) }, ...(more ? { next: next.toString() } : {}) } } : {}),
    },
  };
}

/** The request-body schema of Meta's OpenAPI file each WhatsApp call must satisfy. */
function schemaFor(method: string, path: string, body: unknown): string | undefined {
  if (method !== 'POST') return undefined;
  if (/^\d+\/messages$/.test(path) && (body as { messaging_product?: string })?.messaging_product === 'whatsapp') return 'Message';
  if (/^\d+\/register$/.test(path)) return 'WhatsAppBusinessPhoneNumberRegistrationRequest';
  return undefined;
}

/**
 * A local server that answers like the Graph API: sends give a wamid (WhatsApp) or a mid
 * (Messenger), subscriptions and registrations succeed, a signup code becomes a token, a WABA lists
 * `templates` (the sample ones unless a test changes them). Every
 * WhatsApp request body is checked against Meta's OpenAPI schemas; a body that fails is answered
 * as Meta would (400, code 100) and listed in `violations`. Tests queue other answers with `next`.
 */
/** The types Meta takes on POST /{phone-number-id}/media (pictures, stickers, audio, video, documents). */
const uploadTypes = new Set(['image/jpeg', 'image/png', 'image/webp', 'audio/aac', 'audio/amr', 'audio/mpeg', 'audio/mp4', 'audio/ogg', 'video/mp4', 'video/3gpp', 'text/plain', 'application/pdf', 'application/msword', 'application/vnd.ms-excel', 'application/vnd.ms-powerpoint', 'application/vnd.openxmlformats-officedocument.wordprocessingml.document', 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet', 'application/vnd.openxmlformats-officedocument.presentationml.presentation']);

/** A multipart body as a call records it: its fields, a file by its name, type and bytes. */
async function formFields(form: FormData): Promise<Record<string, unknown>> {
  const out: Record<string, unknown> = {};
  for (const [key, value] of form) out[key] = typeof value === 'string' ? value : { name: value.name, mime: value.type, bytes: new Uint8Array(await value.arrayBuffer()) };
  return out;
}

/** The media id a WhatsApp message names for its file (`image: { id }`…), if it names one. */
function uploadedIdOf(body: Record<string, unknown>): string | undefined {
  const kind = typeof body.type === 'string' ? body.type : undefined;
  const header = (body.interactive as { header?: { image?: { id?: string } } } | undefined)?.header?.image?.id;
  return header ?? (kind ? (body[kind] as { id?: string } | undefined)?.id : undefined);
}

export async function fakeGraph() {
  // Compiled before the first request: compiling takes seconds, longer than a Graph time-out.
  for (const name of ['Message', 'WhatsAppBusinessPhoneNumberRegistrationRequest']) metaSchema(name);
  const calls: GraphCall[] = [];
  const violations: { path: string; errors: unknown }[] = [];
  const queued: { match: (c: GraphCall) => boolean; reply: GraphReply }[] = [];
  const hanging = new Set<ServerResponse>();
  /** The templates every WABA lists; tests may change them. */
  const templates: GraphTemplate[] = structuredClone([...sampleTemplates]);
  /** Files customers sent, by media id: GET /{media-id} gives their address, which serves the bytes to a bearer token. */
  const media = new Map<string, { bytes: Uint8Array; mime: string; declaredSize?: number }>();
  /** Files of Messenger and Instagram attachments: Meta's CDN serves them to anyone with the signed link. */
  const cdn = new Map<string, { bytes: Uint8Array; mime: string; status?: number }>();
  /** Files the app uploaded to a number's media (POST /{phone-number-id}/media), by the id Meta gave them. */
  const uploads = new Map<string, { account: string; name: string; mime: string; bytes: Uint8Array }>();
  let origin = '';
  /** Meta's throughput per number: sends past it in one second are refused with 130429 (null: no limit). */
  let rate: number | null = null;
  const window = new Map<string, { second: number; count: number }>();

  /**
   * Meta's messages webhook for the statuses of the sends it accepted: off until a test points it
   * at an app (`webhooks`). Each accepted WhatsApp send gets its `sent` status (with the
   * biz_opaque_callback_data the send carried), queued the moment the send is accepted, whatever
   * happens to the caller; deliveries are batched, signed with the app secret
   * (X-Hub-Signature-256) and, like Meta's, sent again until the app answers 200.
   */
  let hook: { url: string; appSecret: string; wabaId: string; retryMs: number } | null = null;
  const outbox: { account: string; status: Record<string, unknown> }[] = [];
  let delivered = 0;
  let delivering = false;
  const deliveryTimer = setInterval(() => void deliver(), 50);
  deliveryTimer.unref();

  function acceptedSend(c: GraphCall, reply: GraphReply) {
    if (typeof reply !== 'object' || (reply.status ?? 200) !== 200 || !/^\d+\/messages$/.test(c.path)) return;
    const b = c.body as { messaging_product?: string; to?: string; biz_opaque_callback_data?: string };
    const wamid = (reply.body as { messages?: { id?: string }[] } | undefined)?.messages?.[0]?.id;
    if (b?.messaging_product !== 'whatsapp' || !wamid) return;
    const category = (b as { type?: string }).type === 'template' ? 'marketing' : 'service';
    outbox.push({
      account: c.path.split('/')[0]!,
      status: {
        id: wamid,
        status: 'sent',
        timestamp: String(Math.floor(Date.now() / 1000)),
        recipient_id: b.to,
        ...(b.biz_opaque_callback_data ? { biz_opaque_callback_data: b.biz_opaque_callback_data } : {}),
        conversation: { id: randomBytes(16).toString('hex'), expiration_timestamp: String(Math.floor(Date.now() / 1000) + 86_400), origin: { type: category } },
        pricing: { billable: true, pricing_model: 'PMP', category },
      },
    });
  }

  async function deliver() {
    if (!hook || delivering || !outbox.length) return;
    delivering = true;
    const target = hook;
    const batch = outbox.splice(0, 50);
    try {
      const accounts = [...new Set(batch.map((x) => x.account))];
      const raw = JSON.stringify({
        object: 'whatsapp_business_account',
        entry: [
          {
            id: target.wabaId,
            changes: accounts.map((account) => ({
              field: 'messages',
              value: { messaging_product: 'whatsapp', metadata: { display_phone_number: '15550783881', phone_number_id: account }, statuses: batch.filter((x) => x.account === account).map((x) => x.status) },
            })),
          },
        ],
      });
      const signature = `sha256=${createHmac('sha256', target.appSecret).update(raw).digest('hex')}`;
      const res = await fetch(target.url, { method: 'POST', headers: { 'content-type': 'application/json', 'x-hub-signature-256': signature }, body: raw, signal: AbortSignal.timeout(30_000) });
      await res.arrayBuffer().catch(() => undefined);
      if (res.status !== 200) throw new Error(`webhook answered ${res.status}`);
      delivered += batch.length;
    } catch {
      // Not taken: Meta keeps the statuses and delivers them again later.
      outbox.unshift(...batch);
      await new Promise((r) => setTimeout(r, target.retryMs));
    } finally {
      delivering = false;
    }
  }

  /**
   * POST /{phone-number-id}/media as Meta takes it: multipart, `messaging_product` whatsapp, the
   * file with its type (a JPEG, PNG or WebP picture, a PDF…); answers the id messages name it by.
   */
  function upload(c: GraphCall): GraphReply {
    const b = c.body as { messaging_product?: string; type?: string; file?: { name: string; mime: string; bytes: Uint8Array } } | undefined;
    if (b?.messaging_product !== 'whatsapp') return metaError(100, '(#100) The parameter messaging_product is required.');
    if (!b.file) return metaError(100, '(#100) The parameter file is required.');
    if (!b.type || !uploadTypes.has(b.file.mime)) return metaError(100, `(#100) Param file must be a file with one of the following types: ${[...uploadTypes].join(', ')}. Received file of type '${b.file.mime}'.`);
    const id = String(4_490_709_327_384_033n + BigInt(uploads.size));
    uploads.set(id, { account: c.path.split('/')[0]!, ...b.file });
    return { body: { id } };
  }

  function overRate(c: GraphCall): boolean {
    if (rate === null || c.method !== 'POST' || !/^\d+\/messages$/.test(c.path)) return false;
    const account = c.path.split('/')[0]!;
    const second = Math.floor(performance.now() / 1000);
    const w = window.get(account);
    if (!w || w.second !== second) {
      window.set(account, { second, count: 1 });
      return false;
    }
    return ++w.count > rate;
  }

  function defaultReply(c: GraphCall): GraphReply {
    if (c.path === 'oauth/access_token') {
      if (!c.query.client_id || !c.query.client_secret || !c.query.code) return metaError(100, 'Missing client_id, client_secret or code');
      return { body: { access_token: `EAAG${randomBytes(24).toString('hex')}`, token_type: 'bearer', expires_in: 5183944 } };
    }
    if (!c.authorization?.startsWith('Bearer ')) return metaError(2500, 'An active access token must be used to query information about the current user.');
    if (/\/subscribed_apps$/.test(c.path)) return { body: { success: true } };
    if (/\/register$/.test(c.path)) return { body: { success: true } };
    const file = c.method === 'GET' ? media.get(c.path) : undefined;
    if (file) {
      return { body: { messaging_product: 'whatsapp', url: `${origin}/media-files/${encodeURIComponent(c.path)}`, mime_type: file.mime, sha256: 'x', file_size: file.declaredSize ?? file.bytes.byteLength, id: c.path } };
    }
    if (c.method === 'POST' && /^\d+\/media$/.test(c.path)) return upload(c);
    if (c.method === 'GET' && /^\d+\/message_templates$/.test(c.path)) return listTemplates(templates, c.query, `http://graph.local/v23.0/${c.path}?${new URLSearchParams(c.query)}`);
    if (/^\d+\/messages$/.test(c.path)) {
      const b = c.body as { messaging_product?: string; to?: string; recipient?: { id?: string } };
      const named = uploadedIdOf(b);
      const uploaded = named === undefined ? undefined : uploads.get(named);
      if (named !== undefined && uploaded?.account !== c.path.split('/')[0]) return metaError(131053, 'Media upload error');
      // Meta shows a picture only as a JPEG or PNG of 5 MB at most.
      if (uploaded && (b as { type?: string }).type === 'image' && (!['image/jpeg', 'image/png'].includes(uploaded.mime) || uploaded.bytes.byteLength > 5 * 1024 * 1024)) {
        return metaError(131053, 'Media upload error: the image is not a JPEG or PNG of 5 MB at most');
      }
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
    const raw = Buffer.concat(chunks);
    const form = req.headers['content-type']?.startsWith('multipart/form-data') ? await new Request('http://graph.local/', { method: 'POST', headers: { 'content-type': req.headers['content-type'] }, body: raw }).formData() : undefined;
    const text = form ? '' : raw.toString('utf8');
    const call: GraphCall = {
      method: req.method ?? 'GET',
      path: url.pathname.replace(/^\/v\d+\.\d+\//, ''),
      query: Object.fromEntries(url.searchParams),
      authorization: req.headers.authorization,
      body: form ? await formFields(form) : text ? JSON.parse(text) : undefined,
      at: performance.now(),
    };
    calls.push(call);
    const attachment = /^\/cdn\/(.+)$/.exec(call.path);
    if (attachment) {
      const found = cdn.get(decodeURIComponent(attachment[1]!));
      if (!found || found.status) {
        res.writeHead(found?.status ?? 403).end();
        return;
      }
      res.writeHead(200, { 'content-type': found.mime, 'content-length': String(found.bytes.byteLength) });
      res.end(Buffer.from(found.bytes));
      return;
    }
    const download = /^\/media-files\/(.+)$/.exec(call.path);
    if (download) {
      const found = media.get(decodeURIComponent(download[1]!));
      if (!found || !call.authorization?.startsWith('Bearer ')) {
        res.writeHead(404).end();
        return;
      }
      res.writeHead(200, { 'content-type': found.mime, 'content-length': String(found.bytes.byteLength) });
      res.end(Buffer.from(found.bytes));
      return;
    }
    let reply: GraphReply | undefined;
    const schema = schemaFor(call.method, call.path, call.body);
    if (schema) {
      const validate = metaSchema(schema);
      if (!validate(call.body ?? {})) {
        violations.push({ path: call.path, errors: validate.errors });
        reply = metaError(100, `(#100) Invalid parameter: ${validate.errors?.[0]?.message ?? ''}`);
      }
    }
    if (!reply && overRate(call)) reply = metaError(130429, '(#130429) Rate limit hit: Cloud API message throughput has been reached.');
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
    // Accepted now: its status goes to the app even if the caller never reads the answer.
    acceptedSend(call, reply);
    if (reply.delayMs) await new Promise((r) => setTimeout(r, reply.delayMs));
    call.status = reply.status ?? 200;
    res.writeHead(reply.status ?? 200, { 'content-type': 'application/json' });
    res.end(JSON.stringify(reply.body));
  }

  const server = createServer((req, res) => void handle(req, res).catch(() => res.destroy()));
  await new Promise<void>((r) => server.listen(0, '127.0.0.1', r));
  const port = (server.address() as AddressInfo).port;
  origin = `http://127.0.0.1:${port}`;

  return {
    url: `http://127.0.0.1:${port}/v23.0`,
    calls,
    violations,
    templates,
    /** Files customers sent, by media id (`declaredSize`: what GET /{media-id} claims). */
    media,
    /** Attachment files on the CDN, by key (`status`: answer that instead of the file). */
    cdn,
    /** Files the app uploaded, by media id (the number's, the name, type and bytes). */
    uploads,
    /** The signed link Meta puts in an attachment's payload.url for a CDN file. */
    cdnUrl: (key: string) => `${origin}/cdn/${encodeURIComponent(key)}?oh=${randomBytes(8).toString('hex')}&oe=${Math.floor(Date.now() / 1000) + 3600}`,
    /** The next call matching `path` (a string ends the path, or a test) gets this answer instead. */
    next(path: string | ((c: GraphCall) => boolean), ...replies: GraphReply[]) {
      const match = typeof path === 'string' ? (c: GraphCall) => c.path.endsWith(path) : path;
      for (const reply of replies) queued.push({ match, reply });
    },
    /**
     * Points Meta's messages webhook at an app (`url`: its /webhooks/meta, `appSecret` signs each
     * delivery), or turns it off; statuses of sends accepted meanwhile wait and go once it is set.
     */
    webhooks(target: { url: string; appSecret: string; wabaId?: string; retryMs?: number } | null) {
      hook = target && { wabaId: '102290129340398', retryMs: 250, ...target };
    },
    /** Statuses accepted by the app so far, and those still waiting to be delivered. */
    statusDeliveries: () => ({ delivered, waiting: outbox.length }),
    /** Sets the throughput each number may send at (130429 past it), or none. */
    setRate(perSecond: number | null) {
      rate = perSecond;
      window.clear();
    },
    sends: (account?: string) => calls.filter((c) => c.method === 'POST' && /^\d+\/messages$/.test(c.path) && (!account || c.path.startsWith(`${account}/`))),
    reset() {
      rate = null;
      window.clear();
      calls.length = 0;
      violations.length = 0;
      queued.length = 0;
      templates.splice(0, templates.length, ...structuredClone([...sampleTemplates]));
      outbox.length = 0;
      hook = null;
      media.clear();
      cdn.clear();
    },
    async close() {
      clearInterval(deliveryTimer);
      hook = null;
      for (const res of hanging) res.destroy();
      server.closeAllConnections();
      await new Promise<void>((r) => server.close(() => r()));
    },
  };
}

export type FakeGraph = Awaited<ReturnType<typeof fakeGraph>>;
