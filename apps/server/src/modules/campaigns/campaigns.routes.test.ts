import { eq, sql } from 'drizzle-orm';
import { queryRows } from '../../db/client.ts';
import { campaignsRepository } from './campaigns.repository.ts';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import type { Campaign, CampaignRecipient } from '@charla/shared';
import { as, createBot, signUp } from '../../test/accounts.ts';
import { engines } from '../../test/harness.ts';
import { multipart } from '../../test/multipart.ts';
import { metaError } from '../../channels/meta/test-support/fake-graph.ts';
import { metaTestApp, postWebhook, until, waStatusPayload, waTextPayload, whatsappBot, type MetaTestApp } from '../../channels/meta/test-support/meta-test-app.ts';
import { users } from '../auth/auth.table.ts';
import { messages } from '../conversations/conversations.table.ts';

type Api = ReturnType<typeof as>;

const csv = (text: string) => multipart({}, { field: 'file', name: 'clientes.csv', type: 'text/csv', bytes: Buffer.from(text) });

async function previewCsv(api: Api, botId: string, text: string, channel = 'whatsapp') {
  const form = multipart({ botId, channel }, { field: 'file', name: 'clientes.csv', type: 'text/csv', bytes: Buffer.from(text) });
  return api({ method: 'POST', url: '/api/campaigns/audience/preview', payload: form.payload, headers: form.headers });
}

const template = (bodyVariables: string[] = ['{{nombre}}', '{{cita}}', '10:00']) => ({ kind: 'template', name: 'recordatorio_cita', language: 'es_MX', bodyVariables });

async function campaignOf(api: Api, id: string): Promise<Campaign> {
  const res = await api({ method: 'GET', url: `/api/campaigns/${id}` });
  expect(res.statusCode, res.body).toBe(200);
  return res.json().campaign;
}

async function recipientsOf(api: Api, id: string, query = ''): Promise<CampaignRecipient[]> {
  const items: CampaignRecipient[] = [];
  let cursor: string | null = null;
  do {
    const res = await api({ method: 'GET', url: `/api/campaigns/${id}/recipients?limit=2${query}${cursor ? `&cursor=${cursor}` : ''}` });
    expect(res.statusCode, res.body).toBe(200);
    items.push(...res.json().items);
    cursor = res.json().nextCursor;
  } while (cursor);
  return items;
}

/** A campaign made from a CSV, started, and sent to the end (or until it stops). */
async function runCampaign(api: Api, botId: string, text: string, message: Record<string, unknown> = template()): Promise<Campaign> {
  const preview = await previewCsv(api, botId, text);
  expect(preview.statusCode, preview.body).toBe(200);
  const created = await api({ method: 'POST', url: '/api/campaigns', payload: { botId, name: 'Promo', channel: 'whatsapp', audience: { kind: 'csv', uploadId: preview.json().uploadId }, message } });
  expect(created.statusCode, created.body).toBe(201);
  const id = created.json().campaign.id as string;
  expect((await api({ method: 'POST', url: `/api/campaigns/${id}/start` })).statusCode).toBe(200);
  return until(() => campaignOf(api, id), (c) => c.status !== 'running', 20_000);
}

describe.each(engines)('campaigns on %s', (dbEngine) => {
  let m: MetaTestApp;
  beforeAll(async () => {
    m = await metaTestApp(dbEngine, { WHATSAPP_RATE_PER_SECOND: '200', LOG_LEVEL: process.env.CAMPAIGN_LOG ?? 'silent' });
  });
  afterAll(() => m?.close());
  beforeEach(() => m.graph.reset());

  it('previews a CSV (bad rows with reasons, repeats, opted-out), sends each person one template once, and follows statuses and replies', async () => {
    const { botId, api, phoneNumberId } = await whatsappBot(m.t);
    const optedOut = await api({ method: 'POST', url: '/api/contacts', payload: { botId, name: 'Marta', phone: '+52 81 1234 5678', marketingConsent: false } });
    expect(optedOut.statusCode).toBe(201);
    const text = 'Teléfono,Nombre,Cita\n+52 33 1234 5678,Ana López,el lunes\n33 1234 5678,Ana otra vez,el martes\nhola,Sin número,x\n+52 55 5555 1234,Luis,el miércoles\n+52 81 1234 5678,Marta,el jueves\n,Vacío,x\n';
    const preview = await previewCsv(api, botId, text);
    expect(preview.statusCode, preview.body).toBe(200);
    const p = preview.json();
    expect(p).toMatchObject({ total: 6, recipients: 2, invalidCount: 2, duplicates: 1, optedOut: 1, variables: ['Nombre', 'Cita'], pace: { kind: 'rate', perSecond: 200 } });
    expect(p.invalid.map((r: { row: number; problem: string; message: string }) => [r.row, r.problem])).toEqual([[4, 'PHONE_INVALID'], [7, 'PHONE_MISSING']]);
    expect(p.invalid[0].message).toBe('Teléfono «hola»: no es un número de teléfono.');

    const bad = await api({ method: 'POST', url: '/api/campaigns', payload: { botId, name: 'X', channel: 'whatsapp', audience: { kind: 'csv', uploadId: p.uploadId }, message: { kind: 'text', text: 'Hola' } } });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().error.fields['message.kind']).toMatch(/plantillas aprobadas/);

    const done = await runCampaign(api, botId, text, template(['{{Nombre}}', '{{Cita}}', '10:00']));
    expect(done.status).toBe('completed');
    expect(done.counts).toMatchObject({ total: 2, sent: 2, failed: 0, queued: 0 });
    const sends = m.graph.sends(phoneNumberId);
    expect(sends.map((s) => (s.body as { to: string }).to).sort()).toEqual(['523312345678', '525555551234']);
    expect(m.graph.violations).toEqual([]);
    const ana = sends.find((s) => (s.body as { to: string }).to === '523312345678')!.body as { template: { components: { parameters: { text: string }[] }[] } };
    expect(ana.template.components[0]!.parameters.map((x) => x.text)).toEqual(['Ana López', 'el lunes', '10:00']);

    const recipients = await recipientsOf(api, done.id);
    expect(recipients.map((r) => [r.phone, r.status])).toEqual([['+523312345678', 'sent'], ['+525555551234', 'sent']]);
    const [first, second] = recipients;
    const wamidOf = async (phone: string) => {
      const rows = await m.t.database.db.select().from(messages).where(eq(messages.botId, botId));
      return rows.find((r) => r.direction === 'out' && r.idempotencyKey?.startsWith('campaign:') && r.text.startsWith(phone === first!.phone ? 'Ana' : 'Luis'))!.externalId!;
    };
    const status = await postWebhook(m.t, waStatusPayload(phoneNumberId, [
      { id: await wamidOf(first!.phone), status: 'delivered', recipient: '523312345678' },
      { id: await wamidOf(first!.phone), status: 'read', recipient: '523312345678' },
      { id: await wamidOf(second!.phone), status: 'failed', recipient: '525555551234', error: { code: 131049, title: 'This message was not delivered to maintain healthy ecosystem engagement.' } },
    ]));
    expect(status.statusCode).toBe(200);
    await postWebhook(m.t, waTextPayload(phoneNumberId, '523312345678', '¿Y a qué hora abren?'));
    const after = await until(() => campaignOf(api, done.id), (c) => c.counts.read === 1 && c.counts.failed === 1 && c.counts.replied === 1);
    expect(after.counts).toMatchObject({ total: 2, sent: 1, delivered: 1, read: 1, failed: 1, replied: 1 });
    expect((await recipientsOf(api, done.id, '&status=failed')).map((r) => [r.phone, r.reason, r.metaCode])).toEqual([['+525555551234', 'ECOSYSTEM_LIMIT', 131049]]);
    expect((await recipientsOf(api, done.id, '&status=replied')).map((r) => r.phone)).toEqual(['+523312345678']);
    // Each message once: the sends stay two.
    expect(m.graph.sends(phoneNumberId).filter((s) => (s.body as { type: string }).type === 'template')).toHaveLength(2);
  });

  it('refuses on WhatsApp Cloud a template Meta has not approved (TEMPLATE_NOT_APPROVED) or does not have (TEMPLATE_NOT_FOUND), at create and at start', async () => {
    const { botId, api } = await whatsappBot(m.t);
    const preview = await previewCsv(api, botId, 'telefono,nombre\n+52 33 1234 5678,Ana\n');
    expect(preview.statusCode, preview.body).toBe(200);
    const create = (message: Record<string, unknown>) =>
      api({ method: 'POST', url: '/api/campaigns', payload: { botId, name: 'Promo', channel: 'whatsapp', audience: { kind: 'csv', uploadId: preview.json().uploadId }, message } });
    const pending = await create({ kind: 'template', name: 'oferta_fin_de_mes', language: 'es_MX', bodyVariables: [] });
    expect(pending.statusCode, pending.body).toBe(409);
    expect(pending.json().error.code).toBe('TEMPLATE_NOT_APPROVED');
    const unknown = await create({ kind: 'template', name: 'no_existe', language: 'es_MX', bodyVariables: [] });
    expect(unknown.statusCode, unknown.body).toBe(400);
    expect(unknown.json().error.code).toBe('TEMPLATE_NOT_FOUND');
    // Approved when made, paused by Meta before the start: the start is refused.
    const made = await create(template());
    expect(made.statusCode, made.body).toBe(201);
    m.graph.templates.find((t) => t.name === 'recordatorio_cita')!.status = 'PAUSED';
    const start = await api({ method: 'POST', url: `/api/campaigns/${made.json().campaign.id}/start` });
    expect(start.statusCode, start.body).toBe(409);
    expect(start.json().error.code).toBe('TEMPLATE_NOT_APPROVED');
  });

  it('keeps each failure with its reason, and pauses on a paused template and on a refused token', async () => {
    const { botId, api, phoneNumberId } = await whatsappBot(m.t);
    const to = (n: string) => (c: { path: string; body: unknown }) => c.path.endsWith('/messages') && (c.body as { to?: string }).to === n;
    m.graph.next(to('523311111111'), metaError(131026, 'Message undeliverable'));
    m.graph.next(to('523322222222'), metaError(131047, 'Re-engagement message'));
    m.graph.next(to('523333333333'), metaError(131049, 'Healthy ecosystem'));
    const classes = await runCampaign(api, botId, 'telefono\n+52 33 1111 1111\n+52 33 2222 2222\n+52 33 3333 3333\n+52 33 4444 4444\n');
    expect(classes.status).toBe('completed');
    expect((await recipientsOf(api, classes.id)).map((r) => [r.phone, r.status, r.reason, r.metaCode])).toEqual([
      ['+523311111111', 'failed', 'NOT_ON_WHATSAPP', 131026],
      ['+523322222222', 'failed', 'OUTSIDE_WINDOW', 131047],
      ['+523333333333', 'failed', 'ECOSYSTEM_LIMIT', 131049],
      ['+523344444444', 'sent', null, null],
    ]);

    m.graph.next(to('523355555555'), metaError(132015, 'Template is paused'));
    const paused = await runCampaign(api, botId, 'telefono\n+52 33 5555 5555\n');
    expect(paused).toMatchObject({ status: 'paused', pauseReason: 'template' });
    expect((await recipientsOf(api, paused.id)).map((r) => r.reason)).toEqual(['TEMPLATE_PAUSED']);

    m.graph.next(to('523366666666'), metaError(190, 'Error validating access token: Session has expired'));
    const token = await runCampaign(api, botId, 'telefono\n+52 33 6666 6666\n+52 33 7777 7777\n');
    expect(token).toMatchObject({ status: 'paused', pauseReason: 'token' });
    const waiting = await recipientsOf(api, token.id);
    expect(waiting.find((r) => r.phone === '+523366666666')).toMatchObject({ status: 'failed', reason: 'TOKEN_INVALID', metaCode: 190 });
    expect(m.graph.sends(phoneNumberId).filter((s) => (s.body as { to: string }).to === '523377777777').length).toBeLessThanOrEqual(1);
  });

  it('retries a pair-rate refusal (131056) for that person later and a throughput refusal (130429) slower', async () => {
    const { botId, api, phoneNumberId } = await whatsappBot(m.t);
    const to = (n: string) => (c: { path: string; body: unknown }) => c.path.endsWith('/messages') && (c.body as { to?: string }).to === n;
    m.graph.next(to('523381111111'), metaError(131056, 'Pair rate limit hit'));
    m.graph.next(to('523382222222'), metaError(130429, 'Rate limit hit'));
    const pre = await previewCsv(api, botId, 'telefono\n+52 33 8111 1111\n+52 33 8222 2222\n');
    const created = await api({ method: 'POST', url: '/api/campaigns', payload: { botId, name: 'Reintento', channel: 'whatsapp', audience: { kind: 'csv', uploadId: pre.json().uploadId }, message: template() } });
    const id = created.json().campaign.id as string;
    await api({ method: 'POST', url: `/api/campaigns/${id}/start` });
    const done = await until(() => campaignOf(api, id), (c) => c.status === 'completed', 40_000);
    expect(done.counts).toMatchObject({ sent: 2, failed: 0 });
    // Refused once, sent once: two calls each, one message each.
    expect(m.graph.sends(phoneNumberId).filter((s) => to('523381111111')(s))).toHaveLength(2);
    expect(m.graph.sends(phoneNumberId).filter((s) => to('523382222222')(s))).toHaveLength(2);
  }, 60_000);

  it('chooses CRM contacts by tag or by one of the bot\'s stages, leaves the opted-out out, and lets only the owner on a plan with the mass sender in', async () => {
    const { botId, api, owner } = await whatsappBot(m.t);
    for (const [name, phone, tags, consent] of [['Ana', '+52 33 1234 0001', ['vip'], true], ['Beto', '+52 33 1234 0002', ['vip'], false], ['Caro', '+52 33 1234 0003', [], true]] as const) {
      expect((await api({ method: 'POST', url: '/api/contacts', payload: { botId, name, phone, tags, marketingConsent: consent } })).statusCode).toBe(201);
    }
    const audience = { kind: 'crm', filters: { tags: ['vip'] } };
    const preview = await api({ method: 'POST', url: '/api/campaigns/audience/preview', payload: { botId, channel: 'whatsapp', audience } });
    expect(preview.statusCode, preview.body).toBe(200);
    expect(preview.json()).toMatchObject({ total: 2, recipients: 1, optedOut: 1, variables: ['nombre', 'nombre_completo', 'telefono'] });
    const created = await api({ method: 'POST', url: '/api/campaigns', payload: { botId, name: 'VIP', channel: 'whatsapp', audience, message: template(['{{nombre}}', 'hoy', '10:00']), scheduledAt: new Date(Date.now() + 3_600_000).toISOString() } });
    expect(created.statusCode, created.body).toBe(201);
    const campaign = created.json().campaign as Campaign;
    expect(campaign).toMatchObject({ status: 'scheduled', counts: { total: 1, queued: 1 }, audience });

    const past = await api({ method: 'POST', url: '/api/campaigns', payload: { botId, name: 'VIP', channel: 'whatsapp', audience, message: template(), scheduledAt: new Date(Date.now() - 60_000).toISOString() } });
    expect(past.statusCode).toBe(400);
    expect(past.json().error.fields.scheduledAt).toMatch(/fecha y hora futura/);

    // By stage: the bot's own first stage holds the three; a stage of another bot is said, not an audience of nobody.
    const stagesOf = async (who: typeof api, id: string) => ((await who({ method: 'GET', url: `/api/pipeline/${id}/stages` })).json() as { stages: { id: string }[] }).stages;
    const byStage = await api({ method: 'POST', url: '/api/campaigns/audience/preview', payload: { botId, channel: 'whatsapp', audience: { kind: 'crm', filters: { stageIds: [(await stagesOf(api, botId))[0]!.id] } } } });
    expect(byStage.json()).toMatchObject({ total: 3, recipients: 2, optedOut: 1 });
    const otherBot = await whatsappBot(m.t);
    const foreign = (await stagesOf(otherBot.api, otherBot.botId))[0]!.id;
    const wrongStage = await api({ method: 'POST', url: '/api/campaigns/audience/preview', payload: { botId, channel: 'whatsapp', audience: { kind: 'crm', filters: { stageIds: [foreign] } } } });
    expect(wrongStage.statusCode).toBe(400);
    expect(wrongStage.json().error.fields['audience.filters.stageIds']).toBe('Esa etapa no es de este asistente. Elige una etapa de su embudo.');

    const other = as(m.t, otherBot.owner);
    for (const req of [
      { method: 'GET' as const, url: `/api/campaigns/${campaign.id}` },
      { method: 'GET' as const, url: `/api/campaigns/${campaign.id}/recipients` },
      { method: 'GET' as const, url: `/api/campaigns?botId=${botId}` },
      { method: 'POST' as const, url: `/api/campaigns/${campaign.id}/start` },
      { method: 'POST' as const, url: `/api/campaigns/${campaign.id}/test`, payload: { phone: '+52 33 9999 0000' } },
      { method: 'POST' as const, url: '/api/campaigns/audience/preview', payload: { botId, channel: 'whatsapp', audience } },
    ]) {
      const res = await other(req);
      expect(res.statusCode, `${req.method} ${req.url}`).toBe(404);
    }
    expect((await api({ method: 'POST', url: `/api/campaigns/${campaign.id}/resume` })).json().error.code).toBe('CAMPAIGN_STATE_CONFLICT');
    const cancelled = await api({ method: 'POST', url: `/api/campaigns/${campaign.id}/cancel` });
    expect(cancelled.json().campaign).toMatchObject({ status: 'cancelled', counts: { skipped: 1, queued: 0 } });

    await m.t.database.db.update(users).set({ membershipType: 'Basic' }).where(eq(users.id, owner.userId));
    const gated = await api({ method: 'GET', url: `/api/campaigns?botId=${botId}` });
    expect(gated.statusCode).toBe(402);
    expect(gated.json().error.code).toBe('PLAN_REQUIRED');
    const basic = await signUp(m.t);
    const basicBot = await createBot(m.t, basic);
    const refused = await as(m.t, basic)({ method: 'POST', url: '/api/campaigns', payload: { botId: basicBot, name: 'X', channel: 'whatsapp', audience, message: template() } });
    expect(refused.statusCode).toBe(402);
  });

  it('refuses bad input with clear messages, never a 500', async () => {
    const { botId, api } = await whatsappBot(m.t);
    const noPhone = await previewCsv(api, botId, 'nombre,ciudad\nAna,GDL\n');
    expect(noPhone.statusCode).toBe(400);
    expect(noPhone.json().error.code).toBe('AUDIENCE_PHONE_COLUMN_MISSING');
    const big = await previewCsv(api, botId, `telefono\n${'+52 33 1234 5678\n'.repeat(330_000)}`);
    expect(big.statusCode).toBe(413);
    expect(big.json().error.code).toBe('AUDIENCE_TOO_LARGE');
    const expired = await api({ method: 'POST', url: '/api/campaigns', payload: { botId, name: 'X', channel: 'whatsapp', audience: { kind: 'csv', uploadId: '00000000-0000-4000-8000-000000000000' }, message: template() } });
    expect(expired.json().error.code).toBe('AUDIENCE_EXPIRED');
    const empty = await api({ method: 'POST', url: '/api/campaigns', payload: { botId, name: 'X', channel: 'whatsapp', audience: { kind: 'crm', filters: { tags: ['nadie'] } }, message: template() } });
    expect(empty.json().error.code).toBe('AUDIENCE_EMPTY');
    const cursor = await api({ method: 'GET', url: `/api/campaigns/00000000-0000-4000-8000-000000000000/recipients?cursor=x` });
    expect(cursor.statusCode).toBe(404);
    const noFile = csv('');
    const missing = await api({ method: 'POST', url: '/api/campaigns/audience/preview', payload: multipart({ botId, channel: 'whatsapp' }).payload, headers: noFile.headers });
    expect(missing.statusCode).toBeLessThan(500);
  });

  it('opts out a customer who writes BAJA: confirmed once in the bot’s tone, shown in the CRM and on the campaign, never in an audience again', async () => {
    const { botId, api, phoneNumberId } = await whatsappBot(m.t);
    const done = await runCampaign(api, botId, 'telefono,nombre\n+52 33 4321 0001,Rosa\n');
    expect(done.status).toBe('completed');
    await postWebhook(m.t, waTextPayload(phoneNumberId, '523343210001', 'BAJA'));
    const after = await until(() => campaignOf(api, done.id), (c) => c.counts.optedOut === 1);
    expect(after.counts).toMatchObject({ optedOut: 1, replied: 1 });
    const confirmation = await until(
      async () => m.graph.sends(phoneNumberId).filter((s) => (s.body as { type: string }).type === 'text'),
      (list) => list.length === 1,
    );
    expect((confirmation[0]!.body as { text: { body: string } }).text.body).toMatch(/^Listo: ya no (te|le) enviaremos mensajes promocionales/);
    const contacts = await api({ method: 'GET', url: `/api/contacts?botId=${botId}&optedOut=true` });
    expect(contacts.json().items.map((c: { phone: string; marketingConsent: boolean }) => [c.phone, c.marketingConsent])).toEqual([['+523343210001', false]]);
    const preview = await api({ method: 'POST', url: '/api/campaigns/audience/preview', payload: { botId, channel: 'whatsapp', audience: { kind: 'crm', filters: {} } } });
    expect(preview.json()).toMatchObject({ recipients: 0, optedOut: 1 });
    const again = await previewCsv(api, botId, 'telefono\n+52 33 4321 0001\n');
    expect(again.json()).toMatchObject({ recipients: 0, optedOut: 1 });
    // A second BAJA is not confirmed again.
    await postWebhook(m.t, waTextPayload(phoneNumberId, '523343210001', 'BAJA'));
    await new Promise((r) => setTimeout(r, 1500));
    expect(m.graph.sends(phoneNumberId).filter((s) => ((s.body as { text?: { body: string } }).text?.body ?? '').startsWith('Listo'))).toHaveLength(1);
  });

  it('sends a test to the owner’s phone and answers why one failed', async () => {
    const { botId, api, phoneNumberId } = await whatsappBot(m.t);
    const pre = await previewCsv(api, botId, 'telefono,Nombre\n+52 33 1234 9999,Eva\n');
    const created = await api({ method: 'POST', url: '/api/campaigns', payload: { botId, name: 'Prueba', channel: 'whatsapp', audience: { kind: 'csv', uploadId: pre.json().uploadId }, message: template(['{{Nombre}}', 'mañana', '10:00']) } });
    const id = created.json().campaign.id as string;
    const test = await api({ method: 'POST', url: `/api/campaigns/${id}/test`, payload: { phone: '33 5555 0000' } });
    expect(test.statusCode, test.body).toBe(200);
    expect(test.json()).toMatchObject({ status: 'sent', preview: 'Eva · mañana · 10:00' });
    expect(m.graph.sends(phoneNumberId).map((s) => (s.body as { to: string }).to)).toEqual(['523355550000']);
    m.graph.next('/messages', metaError(131026, 'Message undeliverable'));
    const failed = await api({ method: 'POST', url: `/api/campaigns/${id}/test`, payload: { phone: '33 5555 0001' } });
    expect(failed.json()).toMatchObject({ status: 'failed', reason: 'NOT_ON_WHATSAPP', metaCode: 131026 });
    expect((await campaignOf(api, id)).status).toBe('draft');
  });

  it('refreshes the planner statistics of every table a campaign fills', async () => {
    const tables = ['contacts', 'contact_identities', 'conversations', 'messages', 'campaign_recipients'];
    const analysed = async () => (await queryRows<{ relname: string; n: number }>(m.t.database.db, sql`select relname, analyze_count::int as n from pg_stat_user_tables`));
    const before = new Map((await analysed()).map((r) => [r.relname, r.n]));
    await campaignsRepository(m.t.database.db).refreshStatistics();
    const after = new Map((await analysed()).map((r) => [r.relname, r.n]));
    for (const name of tables) expect(after.get(name) ?? 0, name).toBeGreaterThan(before.get(name) ?? 0);
  });
});
