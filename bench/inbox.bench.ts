// The inbox over real HTTP on loopback:
// 1. GET /api/conversations (the first page, newest activity first) for a bot with 10,000
//    conversations and 200,000 messages, on PostgreSQL (target p95 < 30 ms) and on the embedded
//    database (reported); also the next page by cursor, a status tab and a text search;
// 2. a signed WhatsApp webhook → the owner's socket receives conversationMessage (p95 < 200 ms).
import { randomBytes } from 'node:crypto';
import { sql } from 'drizzle-orm';
import { io as connect, type Socket } from 'socket.io-client';
import type { BenchResult, Figure } from './lib/bench-result.ts';
import { keepAliveClient } from './lib/http-client.ts';
import { ms, summarize } from './lib/stats.ts';
import { createBot, postgresAvailable, signUpOwner, startApp, type Engine, type TestApp } from './lib/test-app.ts';
import { signBody } from '../apps/server/src/channels/meta/signature.ts';
import { waTextPayload } from '../apps/server/src/channels/meta/test-support/meta-test-app.ts';
import { fakeGraph } from '../apps/server/src/channels/meta/test-support/fake-graph.ts';

const CONVERSATIONS = 10_000;
const MESSAGES_EACH = 20;
const REQUESTS = 300;
const WEBHOOKS = 100;
const maxListP95Ms = 30;
const maxSocketP95Ms = 200;
const SECRET = 'bench-inbox-app-secret';

/** 10,000 customers, each with a WhatsApp conversation of 20 messages, written straight into the tables. */
async function seed(t: TestApp, botId: string) {
  const db = t.database.db;
  await db.execute(sql`
    with c as (
      insert into contacts (bot_id, name, phone)
      select ${botId}, 'Cliente ' || g, '+52133' || lpad(g::text, 8, '0') from generate_series(1, ${CONVERSATIONS}) g
      returning id
    )
    insert into conversations (bot_id, contact_id, channel, status, last_inbound_at, last_message_at, unread_count)
    select ${botId}, id, 'whatsapp', (array['bot', 'bot', 'bot', 'human', 'closed'])[1 + floor(random() * 5)::int],
      now() - random() * interval '30 days', now() - random() * interval '30 days', floor(random() * 3)::int
    from c`);
  await db.execute(sql`
    insert into messages (conversation_id, bot_id, channel, direction, author, text, status, created_at)
    select c.id, c.bot_id, 'whatsapp', case when g % 2 = 1 then 'in' else 'out' end, case when g % 2 = 1 then 'customer' else 'bot' end,
      'Mensaje ' || g || ' sobre precios, horarios y entregas a domicilio', 'processed', c.last_message_at - (${MESSAGES_EACH} - g) * interval '1 minute'
    from conversations c cross join generate_series(1, ${MESSAGES_EACH}) g
    where c.bot_id = ${botId}`);
  if (t.database.kind === 'postgres') await db.execute(sql`analyze`);
}

async function listFigures(engine: Engine): Promise<{ figures: Figure[]; p95: number }> {
  const t = await startApp(engine);
  const client = keepAliveClient();
  try {
    const owner = await signUpOwner(t, 'Enterprise');
    const botId = await createBot(t, owner);
    const seeding = performance.now();
    await seed(t, botId);
    const seedSeconds = (performance.now() - seeding) / 1000;
    const base = await t.app.listen({ port: 0, host: '127.0.0.1' });
    const url = (q: string) => `${base}/api/conversations?botId=${botId}${q}`;
    const first = await client.latencies(url(''), { cookie: owner.cookie }, REQUESTS, 0);
    const page = JSON.parse(first.last) as { items: unknown[]; nextCursor: string };
    if (page.items.length !== 30 || !page.nextCursor) throw new Error(`first page: ${first.last.slice(0, 300)}`);
    const second = await client.latencies(url(`&cursor=${page.nextCursor}`), { cookie: owner.cookie }, REQUESTS / 3, 0);
    const human = await client.latencies(url('&status=human'), { cookie: owner.cookie }, REQUESTS / 3, 0);
    const search = await client.latencies(url('&q=Cliente%204242'), { cookie: owner.cookie }, 20, 0);
    const s = summarize(first.ms);
    return {
      p95: s.p95,
      figures: [
        { name: `${engine}: first page p50`, value: ms(s.p50), unit: 'ms' },
        { name: `${engine}: first page p95`, value: ms(s.p95), unit: 'ms' },
        { name: `${engine}: next page (cursor) p95`, value: ms(summarize(second.ms).p95), unit: 'ms' },
        { name: `${engine}: status tab p95`, value: ms(summarize(human.ms).p95), unit: 'ms' },
        { name: `${engine}: search by name p95`, value: ms(summarize(search.ms).p95), unit: 'ms' },
        { name: `${engine}: seeding 10,000 conversations and 200,000 messages`, value: Math.round(seedSeconds * 10) / 10, unit: 's' },
      ],
    };
  } finally {
    await t.close();
  }
}

/** Signed webhooks one after another; the time until the owner's socket gets each message. */
async function socketFigures(): Promise<{ figures: Figure[]; p95: number }> {
  const graph = await fakeGraph();
  const t = await startApp('pglite', { META_APP_SECRET: SECRET, META_VERIFY_TOKEN: 'bench-verify-token', META_GRAPH_URL: graph.url, META_RECIPIENT_GAP_MS: '0' });
  let socket: Socket | undefined;
  try {
    const owner = await signUpOwner(t, 'Enterprise');
    const botId = await createBot(t, owner);
    const phoneNumberId = `1${String(Math.floor(Math.random() * 1e14)).padStart(14, '0')}`;
    const creds = await t.app.inject({
      method: 'PATCH',
      url: `/bot/${botId}/meta-credentials`,
      headers: { cookie: owner.cookie },
      payload: { access_token: `EAAG${randomBytes(20).toString('hex')}`, phone_number_id: phoneNumberId, waba_id: '102290129340398' },
    });
    if (creds.statusCode !== 200) throw new Error(`meta-credentials answered ${creds.statusCode}`);
    const base = await t.app.listen({ port: 0, host: '127.0.0.1' });
    const waiting = new Map<string, (at: number) => void>();
    socket = connect(base, { transports: ['websocket'], auth: { userId: owner.userId }, extraHeaders: { cookie: owner.cookie, origin: base } });
    socket.on('conversationMessage', (event: { message: { text: string; direction: string } }) => {
      if (event.message.direction === 'in') waiting.get(event.message.text)?.(performance.now());
    });
    await new Promise<void>((resolve, reject) => {
      socket!.once('connect', () => resolve());
      socket!.once('connect_error', reject);
    });
    const joined = await socket.timeout(5000).emitWithAck('joinRoom', `bot:${botId}`);
    if (!(joined as { ok: boolean }).ok) throw new Error(`joinRoom: ${JSON.stringify(joined)}`);
    const client = keepAliveClient();
    const times: number[] = [];
    for (let i = 0; i < WEBHOOKS; i++) {
      const text = `¿Tienen entregas hoy? #${i}`;
      const body = JSON.stringify(waTextPayload(phoneNumberId, `52133${String(i % 25).padStart(8, '0')}`, text, { name: 'Cliente Bench' }));
      const arrived = new Promise<number>((resolve) => waiting.set(text, resolve));
      const start = performance.now();
      const res = await client.request('POST', `${base}/webhooks/meta`, { 'content-type': 'application/json', 'x-hub-signature-256': signBody(body, SECRET) }, body);
      if (res.status !== 200) throw new Error(`webhook answered ${res.status}`);
      const at = await Promise.race([arrived, new Promise<number>((_, reject) => setTimeout(() => reject(new Error(`no conversationMessage for #${i}`)), 10_000))]);
      times.push(at - start);
      waiting.delete(text);
    }
    const s = summarize(times);
    return {
      p95: s.p95,
      figures: [
        { name: 'webhook → socket conversationMessage p50', value: ms(s.p50), unit: 'ms' },
        { name: 'webhook → socket conversationMessage p95', value: ms(s.p95), unit: 'ms' },
      ],
    };
  } finally {
    socket?.disconnect();
    await t.close();
    await graph.close();
  }
}

export default async function inbox(): Promise<BenchResult> {
  const notes: string[] = [];
  const figures: Figure[] = [];
  const embedded = await listFigures('pglite');
  figures.push(...embedded.figures);
  const postgres = await postgresAvailable();
  let pgP95 = Number.NaN;
  if (postgres === true) {
    const pgFigures = await listFigures('postgres');
    figures.push(...pgFigures.figures);
    pgP95 = pgFigures.p95;
  } else notes.push(`PostgreSQL not reachable (${postgres}): its figures are missing`);
  const live = await socketFigures();
  figures.push(...live.figures);
  return {
    figures,
    target: `PostgreSQL first page p95 < ${maxListP95Ms} ms; webhook → socket p95 < ${maxSocketP95Ms} ms`,
    pass: pgP95 < maxListP95Ms && live.p95 < maxSocketP95Ms,
    notes,
  };
}
