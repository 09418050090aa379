import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { z } from 'zod';
import { sendError } from '../../plugins/error-handler.ts';
import { verifySignature } from './signature.ts';
import type { WebhookInbox } from './webhook-inbox.ts';

/** Meta sends batches of up to a few hundred updates; anything this large is not from Meta. */
export const WEBHOOK_BODY_LIMIT = 3 * 1024 * 1024;

const verifyQuery = z.object({
  'hub.mode': z.string().optional(),
  'hub.verify_token': z.string().optional(),
  'hub.challenge': z.string().optional(),
});

interface WebhookRouteOptions {
  inbox: WebhookInbox;
  appSecret: string | undefined;
  verifyToken: string | undefined;
}

/**
 * GET|POST /webhooks/meta: the one callback of the Meta app for WhatsApp, Messenger and Instagram.
 * POST bodies are read raw and checked against X-Hub-Signature-256 before anything parses them.
 */
export async function webhookRoutes(app: FastifyInstance, { inbox, appSecret, verifyToken }: WebhookRouteOptions) {
  // Only in this plugin: every content type arrives as the raw bytes that were signed.
  app.removeAllContentTypeParsers();
  app.addContentTypeParser('*', { parseAs: 'buffer', bodyLimit: WEBHOOK_BODY_LIMIT }, (_req, body, done) => done(null, body));

  app.get('/webhooks/meta', { schema: { hide: true } }, async (req, reply) => {
    const q = verifyQuery.safeParse(req.query);
    const ok = q.success && q.data['hub.mode'] === 'subscribe' && verifyToken && q.data['hub.verify_token'] === verifyToken && q.data['hub.challenge'];
    if (!ok) {
      req.log.warn('Meta webhook verification refused');
      return sendError(req, reply, 'FORBIDDEN');
    }
    return reply.type('text/plain').send(q.data['hub.challenge']);
  });

  app.post('/webhooks/meta', { bodyLimit: WEBHOOK_BODY_LIMIT, schema: { hide: true } }, (req, reply) => acceptDelivery({ inbox, appSecret }, req, reply));
}

/**
 * POST /webhooks/meta: checks the signature over the raw body and that it is JSON, appends it to
 * the webhook inbox and answers 200 once it is durable; its messages and statuses are applied
 * after the answer, in order per customer (`webhook-inbox.ts`).
 */
export async function acceptDelivery({ inbox, appSecret }: Pick<WebhookRouteOptions, 'inbox' | 'appSecret'>, req: FastifyRequest, reply: FastifyReply) {
  if (!appSecret) {
    req.log.error('META_APP_SECRET is not set: Meta webhooks cannot be verified and are refused');
    return sendError(req, reply, 'SERVICE_UNAVAILABLE');
  }
  const raw = Buffer.isBuffer(req.body) ? req.body : Buffer.alloc(0);
  const signature = verifySignature(raw, req.headers['x-hub-signature-256'], appSecret);
  if (signature !== 'ok') {
    req.log.warn({ signature, bytes: raw.length }, 'Meta webhook with a bad signature refused');
    return sendError(req, reply, signature === 'missing' ? 'SIGNATURE_MISSING' : 'SIGNATURE_INVALID');
  }
  const body = raw.toString('utf8');
  try {
    JSON.parse(body);
  } catch {
    req.log.warn({ bytes: raw.length }, 'signed Meta webhook is not JSON');
    return sendError(req, reply, 'INVALID_JSON');
  }
  // The text as received: a JSON text holds no raw NUL, and escaped ones are removed when it is applied.
  await inbox.append(body);
  return reply.status(200).send({ ok: true });
}
