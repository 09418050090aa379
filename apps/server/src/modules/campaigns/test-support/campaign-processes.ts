import { randomBytes } from 'node:crypto';
import { eq, sql } from 'drizzle-orm';
import { fakeGraph, type FakeGraph } from '../../../channels/meta/test-support/fake-graph.ts';
import { queryRows } from '../../../db/client.ts';
import { createTestDatabase, newUser } from '../../../test/harness.ts';
import { multipart } from '../../../test/multipart.ts';
import { metaProcessEnv, startServerProcess, type ServerProcess } from '../../../test/server-process.ts';
import { users } from '../../auth/auth.table.ts';

/** The `i`-th phone of a made-up audience (Guadalajara numbers). */
export const audiencePhone = (i: number) => {
  const n = String(2000_0000 + i);
  return `+52 33 ${n.slice(0, 4)} ${n.slice(4)}`;
};

/**
 * A WhatsApp campaign of `recipients` people sent by real server processes (`src/main.ts`) on one
 * fresh PostgreSQL database (TEST_DATABASE_URL), against a local Graph API whose messages webhook
 * (the statuses of accepted sends, signed, redelivered until taken) points at the live process: a
 * process can be killed with SIGKILL and another started, as after a crash.
 */
export async function campaignOnProcesses(opts: { recipients: number; ratePerSecond: number; confirmWindowMs?: number }) {
  const graph: FakeGraph = await fakeGraph();
  const db = await createTestDatabase('postgres');
  const processes: ServerProcess[] = [];
  const metaAppSecret = randomBytes(16).toString('hex');
  const env = {
    ...metaProcessEnv(graph.url, metaAppSecret),
    DATABASE_URL: db.url!,
    META_TIMEOUT_MS: '1000',
    // A send whose call a killed process never heard back from waits this long for Meta's status naming it.
    META_CONFIRM_WINDOW_MS: String(opts.confirmWindowMs ?? 5_000),
    WHATSAPP_RATE_PER_SECOND: String(opts.ratePerSecond),
  };
  /** A server process; once it is ready, Meta's webhook (the fake's statuses) points at it. */
  const start = () => {
    const p = startServerProcess(env, 90_000);
    processes.push(p);
    void p.ready.then((port) => graph.webhooks({ url: `http://127.0.0.1:${port}/webhooks/meta`, appSecret: metaAppSecret }), () => undefined);
    return p;
  };
  const first = start();
  const base = `http://127.0.0.1:${await first.ready}`;
  let cookie = '';
  const call = async (method: string, path: string, body?: unknown, headers: Record<string, string> = {}) => {
    const isBuffer = Buffer.isBuffer(body);
    const res = await fetch(`${base}${path}`, {
      method,
      headers: { origin: 'http://127.0.0.1', cookie, ...(body !== undefined && !isBuffer ? { 'content-type': 'application/json' } : {}), ...headers },
      body: body === undefined ? undefined : isBuffer ? new Uint8Array(body) : JSON.stringify(body),
    });
    const set = res.headers.getSetCookie();
    if (set.length) cookie = set.map((c) => c.split(';')[0]).join('; ');
    const text = await res.text();
    if (res.status >= 300) throw new Error(`${method} ${path} answered ${res.status}: ${text}`);
    return text ? JSON.parse(text) : undefined;
  };
  const owner = newUser();
  await call('POST', '/client/signup', owner);
  await db.database.db.update(users).set({ membershipType: 'Enterprise' }).where(eq(users.email, owner.email));
  const bot = await call('POST', '/bot/new-bot', {
    bot_name: 'Sofía', bot_objective: 'doctor_appointment', business_name: 'Clínica Sonrisa', business_desc: '', business_url: '',
    user_email: owner.email, business_phone: '', welcome_message: '', about_bot: '', language: 'es',
  });
  const botId = bot.bot.id as string;
  const phoneNumberId = `1${String(Math.floor(Math.random() * 1e14)).padStart(14, '0')}`;
  await call('PATCH', `/bot/${botId}/meta-credentials`, { access_token: `EAAG${randomBytes(20).toString('hex')}`, phone_number_id: phoneNumberId, waba_id: '102290129340398' });
  const csv = `telefono,nombre\n${Array.from({ length: opts.recipients }, (_, i) => `${audiencePhone(i)},Cliente ${i}`).join('\n')}\n`;
  const form = multipart({ botId, channel: 'whatsapp' }, { field: 'file', name: 'clientes.csv', type: 'text/csv', bytes: Buffer.from(csv) });
  const preview = await call('POST', '/api/campaigns/audience/preview', form.payload, form.headers);
  const created = await call('POST', '/api/campaigns', {
    botId, name: 'Reactivación', channel: 'whatsapp', audience: { kind: 'csv', uploadId: preview.uploadId },
    message: { kind: 'template', name: 'recordatorio_cita', language: 'es_MX', bodyVariables: ['{{nombre}}', 'hoy', '10:00'] },
  });
  const campaignId = created.campaign.id as string;

  const status = async () => (await queryRows<{ status: string }>(db.database.db, sql`select status from campaigns where id = ${campaignId}`))[0]?.status;
  return {
    graph,
    phoneNumberId,
    campaignId,
    first,
    /** Starts the campaign through the API. */
    start: () => call('POST', `/api/campaigns/${campaignId}/start`),
    /** Another server process on the same database. */
    startProcess: start,
    /** Waits until the campaign is completed (or `ms` passed); answers its status. */
    async waitDone(ms: number) {
      for (const end = Date.now() + ms; (await status()) !== 'completed' && Date.now() < end; ) await new Promise((r) => setTimeout(r, 250));
      return status();
    },
    /** Messages the Graph API received per recipient (digits of the phone). */
    perPhone() {
      const counts = new Map<string, number>();
      for (const s of graph.sends(phoneNumberId)) {
        const to = (s.body as { to: string }).to;
        counts.set(to, (counts.get(to) ?? 0) + 1);
      }
      return counts;
    },
    recipients: () => queryRows<{ address: string; status: string; reason: string | null }>(db.database.db, sql`select address, status, reason from campaign_recipients where campaign_id = ${campaignId}`),
    /** Messages the Graph API accepted per recipient (digits of the phone): a refused call (130429) is no message. */
    acceptedPerPhone() {
      const counts = new Map<string, number>();
      for (const s of graph.sends(phoneNumberId)) {
        if (s.status !== undefined && s.status !== 200) continue;
        const to = (s.body as { to: string }).to;
        counts.set(to, (counts.get(to) ?? 0) + 1);
      }
      return counts;
    },
    async close() {
      for (const p of processes) p.kill();
      await Promise.all(processes.map((p) => p.exited));
      await graph.close();
      await db.drop();
    },
  };
}
