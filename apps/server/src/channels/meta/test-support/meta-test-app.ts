import { randomBytes } from 'node:crypto';
import { eq } from 'drizzle-orm';
import { expect } from 'vitest';
import { as, signUp, type Account } from '../../../test/accounts.ts';
import { createTestApp, type Engine, type TestApp } from '../../../test/harness.ts';
import type { Engine as ConversationEngine } from '../../../engine/types.ts';
import { users } from '../../../modules/auth/auth.table.ts';
import { messages } from '../../../modules/conversations/conversations.table.ts';
import { signBody } from '../signature.ts';
import { fakeGraph, type FakeGraph } from './fake-graph.ts';

export const APP_SECRET = 'charla-test-app-secret-7f3a9c';
export const VERIFY_TOKEN = 'charla-verify-token-2026';
export const APP_ID = '4815162342';

export interface MetaTestApp {
  t: TestApp & { url?: string };
  graph: FakeGraph;
  close(): Promise<void>;
}

/** A test app whose Graph API is a local fake, with the Meta app settings set. */
export async function metaTestApp(engine: Engine, env: Record<string, string> = {}, conversationEngine?: ConversationEngine): Promise<MetaTestApp> {
  const graph = await fakeGraph();
  const t = await createTestApp(
    engine,
    {
      META_APP_SECRET: APP_SECRET,
      META_VERIFY_TOKEN: VERIFY_TOKEN,
      META_APP_ID: APP_ID,
      META_GRAPH_URL: graph.url,
      META_TIMEOUT_MS: '1500',
      META_RECIPIENT_GAP_MS: '0',
      ...env,
    },
    conversationEngine,
  );
  return {
    t,
    graph,
    async close() {
      await t.close();
      await graph.close();
    },
  };
}

/** Digits that look like a Meta id, different each call. */
export const metaId = () => `1${String(Math.floor(Math.random() * 1e14)).padStart(14, '0')}`;
export const wamid = () => `wamid.${randomBytes(24).toString('base64url')}`;

/**
 * POSTs a body to the webhook signed as Meta signs it (or as the options say); once it is
 * acknowledged, waits until the inbox has applied it (`drained: false` answers at the acknowledgement).
 */
export async function postWebhook(t: TestApp, payload: unknown, opts: { secret?: string; signature?: string | null; raw?: string; drained?: boolean } = {}) {
  const raw = opts.raw ?? JSON.stringify(payload);
  const signature = opts.signature === undefined ? signBody(raw, opts.secret ?? APP_SECRET) : opts.signature;
  const res = await t.app.inject({
    method: 'POST',
    url: '/webhooks/meta',
    headers: { 'content-type': 'application/json', ...(signature === null ? {} : { 'x-hub-signature-256': signature }) },
    payload: raw,
  });
  if (res.statusCode === 200 && opts.drained !== false) await t.app.webhookInbox.drained();
  return res;
}

/** An owner (on a paid plan, so quotas never interfere) with one bot. */
export async function ownerWithBot(t: TestApp): Promise<{ owner: Account; botId: string; api: ReturnType<typeof as> }> {
  const owner = await signUp(t);
  await t.database.db.update(users).set({ membershipType: 'Pro' }).where(eq(users.id, owner.userId));
  const api = as(t, owner);
  const res = await api({
    method: 'POST',
    url: '/bot/new-bot',
    payload: {
      bot_name: 'Sofía', bot_objective: 'doctor_appointment', business_name: 'Clínica Sonrisa', business_desc: '', business_url: '',
      user_email: owner.email, business_phone: '', welcome_message: '', about_bot: '', language: 'es',
    },
  });
  expect(res.statusCode).toBe(201);
  return { owner, botId: res.json().bot.id as string, api };
}

/** A bot connected to WhatsApp the way the existing settings form does it (PATCH meta-credentials). */
export async function whatsappBot(t: TestApp, phoneNumberId = metaId(), token = `EAAG${randomBytes(20).toString('hex')}`) {
  const bot = await ownerWithBot(t);
  const res = await bot.api({ method: 'PATCH', url: `/bot/${bot.botId}/meta-credentials`, payload: { access_token: token, phone_number_id: phoneNumberId, waba_id: metaId() } });
  expect(res.statusCode).toBe(200);
  return { ...bot, phoneNumberId, token };
}

/** A bot with a Facebook page, and an Instagram account linked to it. */
export async function pageBot(t: TestApp, pageId = metaId(), instagramId = metaId(), token = `EAAP${randomBytes(20).toString('hex')}`) {
  const bot = await ownerWithBot(t);
  const res = await bot.api({
    method: 'PATCH',
    url: `/bot/${bot.botId}`,
    payload: { messengerCredentials: [{ access_token: token, page_id: pageId, instagram_account_id: instagramId }] },
  });
  expect(res.statusCode).toBe(200);
  return { ...bot, pageId, instagramId, token };
}

/** One message from a customer (`from`), in Meta's webhook shape. */
export function waMessagePayload(phoneNumberId: string, from: string, message: Record<string, unknown>, name = 'Lucía Gómez') {
  return {
    object: 'whatsapp_business_account',
    entry: [
      {
        id: '419561257915477',
        changes: [
          {
            field: 'messages',
            value: {
              messaging_product: 'whatsapp',
              metadata: { display_phone_number: '15550783881', phone_number_id: phoneNumberId },
              contacts: [{ profile: { name }, wa_id: from }],
              messages: [{ from, ...message }],
            },
          },
        ],
      },
    ],
  };
}

/** A text message from a customer, in Meta's webhook shape. */
export function waTextPayload(phoneNumberId: string, from: string, text: string, opts: { id?: string; at?: Date; name?: string } = {}) {
  const timestamp = String(Math.floor((opts.at ?? new Date()).getTime() / 1000));
  return waMessagePayload(phoneNumberId, from, { id: opts.id ?? wamid(), timestamp, type: 'text', text: { body: text } }, opts.name);
}

/** Status updates of sent messages, in Meta's webhook shape. */
export function waStatusPayload(
  phoneNumberId: string,
  statuses: { id: string; status: 'sent' | 'delivered' | 'read' | 'failed'; recipient?: string; at?: Date; error?: { code: number; title: string; details?: string }; callback?: string }[],
) {
  return {
    object: 'whatsapp_business_account',
    entry: [
      {
        id: '419561257915477',
        changes: [
          {
            field: 'messages',
            value: {
              messaging_product: 'whatsapp',
              metadata: { display_phone_number: '15550783881', phone_number_id: phoneNumberId },
              statuses: statuses.map((s) => ({
                id: s.id,
                status: s.status,
                timestamp: String(Math.floor((s.at ?? new Date()).getTime() / 1000)),
                recipient_id: s.recipient ?? '5213312345678',
                ...(s.callback ? { biz_opaque_callback_data: s.callback } : {}),
                ...(s.status === 'sent' ? { conversation: { id: 'c1', origin: { type: 'service' } }, pricing: { billable: true, pricing_model: 'PMP', category: 'service' } } : {}),
                ...(s.error
                  ? { errors: [{ code: s.error.code, title: s.error.title, message: s.error.title, error_data: { details: s.error.details ?? s.error.title } }] }
                  : {}),
              })),
            },
          },
        ],
      },
    ],
  };
}

/** Messenger ('page') or Instagram ('instagram') messaging events, in Meta's webhook shape. */
export function messagingPayload(object: 'page' | 'instagram', account: string, events: Record<string, unknown>[]) {
  return { object, entry: [{ id: account, time: Date.now(), messaging: events }] };
}

/** Polls until `ok`, or fails with the last value. */
export async function until<T>(fn: () => Promise<T>, ok: (v: T) => boolean, ms = 10_000): Promise<T> {
  const end = Date.now() + ms;
  for (;;) {
    const v = await fn();
    if (ok(v)) return v;
    if (Date.now() > end) throw new Error(`timed out: ${JSON.stringify(v).slice(0, 600)}`);
    await new Promise((r) => setTimeout(r, 40));
  }
}

/** Every message of a bot, oldest first. */
export const botMessages = (t: TestApp, botId: string) =>
  t.database.db.select().from(messages).where(eq(messages.botId, botId)).orderBy(messages.createdAt, messages.id);
