// The CRM's contact list over real HTTP on loopback: GET /api/contacts for a bot with 100,000
// contacts (the first page, the next page by cursor, a stage filter, a search by name or phone, the
// list by name) and the 90-day summary (GET /api/crm/summary), on PostgreSQL (targets: search page
// p95 < 50 ms, summary p95 < 100 ms) and on the embedded database (reported).
import { sql } from 'drizzle-orm';
import type { BenchResult, Figure } from './lib/bench-result.ts';
import { keepAliveClient } from './lib/http-client.ts';
import { ms, summarize } from './lib/stats.ts';
import { createBot, postgresAvailable, signUpOwner, startApp, type Engine, type TestApp } from './lib/test-app.ts';

const CONTACTS = 100_000;
const REQUESTS = 200;
const maxSearchP95Ms = 50;
const maxSummaryP95Ms = 100;

/**
 * 100,000 customers over 70 days, a third of them with a WhatsApp conversation started when they
 * came (a fifth of those taken by a person), 5,000 appointments and 3,000 won, written straight
 * into the tables.
 */
async function seed(t: TestApp, botId: string) {
  const db = t.database.db;
  await db.execute(sql`
    insert into contacts (bot_id, name, phone, email, tags, created_at)
    select ${botId}, 'Cliente ' || g, '+52133' || lpad(g::text, 8, '0'), 'cliente' || g || '@example.mx',
      case when g % 7 = 0 then array['vip'] else '{}'::text[] end, now() - g * interval '1 minute'
    from generate_series(1, ${CONTACTS}) g`);
  await db.execute(sql`
    insert into conversations (bot_id, contact_id, channel, last_message_at)
    select ${botId}, id, 'whatsapp', now() - random() * interval '30 days' from contacts where bot_id = ${botId} and random() < 0.33`);
  await db.execute(sql`update conversations v set created_at = c.created_at, human_at = case when random() < 0.2 then c.created_at end
    from contacts c where c.id = v.contact_id and v.bot_id = ${botId}`);
  await db.execute(sql`
    insert into appointments (bot_id, contact_id, start_at, end_at, created_at)
    select ${botId}, id, now() + g * interval '1 hour', now() + g * interval '1 hour' + interval '30 minutes', created_at
    from (select id, created_at, row_number() over () as g from contacts where bot_id = ${botId} limit 5000) c`);
  await db.execute(sql`
    insert into contact_stage_changes (bot_id, contact_id, from_stage, to_stage, by, created_at)
    select ${botId}, id, 'Negociación', 'Ganado', 'person', created_at + interval '1 day' from contacts where bot_id = ${botId} and name like '%7' limit 3000`);
  if (t.database.kind === 'postgres') await db.execute(sql`analyze`);
}

async function listFigures(engine: Engine): Promise<{ figures: Figure[]; p95: number; summaryP95: number }> {
  const t = await startApp(engine);
  const client = keepAliveClient();
  try {
    const owner = await signUpOwner(t, 'Enterprise');
    const botId = await createBot(t, owner);
    await seed(t, botId);
    const base = await t.app.listen({ port: 0, host: '127.0.0.1' });
    const url = (q: string) => `${base}/api/contacts?botId=${botId}${q}`;
    // The first read creates the stages (contacts without a stage are in the first one).
    const firstRead = await client.latencies(url(''), { cookie: owner.cookie }, 1, 0);
    const stages = JSON.parse((await client.request('GET', `${base}/api/pipeline/${botId}/stages`, { cookie: owner.cookie })).body.toString()) as { stages: { id: string }[] };
    await t.database.db.execute(sql`update contacts set stage_id = ${stages.stages[1]!.id} where bot_id = ${botId} and name like '%3'`);
    // The summary first: the session's access token lasts 15 minutes, and a loaded machine is slow.
    const summary = await client.latencies(`${base}/api/crm/summary?botId=${botId}&days=90`, { cookie: owner.cookie }, REQUESTS / 4, 3);
    const totals = (JSON.parse(summary.last) as { totals: { contacts: number; won: number; appointments: number } }).totals;
    if (totals.contacts !== CONTACTS || totals.won === 0 || totals.appointments !== 5000) throw new Error(`summary: ${summary.last.slice(0, 300)}`);
    const summaryP95 = summarize(summary.ms).p95;
    const first = await client.latencies(url(''), { cookie: owner.cookie }, REQUESTS, 0);
    const page = JSON.parse(first.last) as { items: unknown[]; nextCursor: string };
    if (page.items.length !== 50 || !page.nextCursor) throw new Error(`first page: ${first.last.slice(0, 300)}`);
    const next = await client.latencies(url(`&cursor=${page.nextCursor}`), { cookie: owner.cookie }, REQUESTS / 2, 0);
    const stage = await client.latencies(url(`&stageId=${stages.stages[1]!.id}`), { cookie: owner.cookie }, REQUESTS / 2, 0);
    const byName = await client.latencies(url('&q=Cliente%2042424'), { cookie: owner.cookie }, REQUESTS / 4, 0);
    const byPhone = await client.latencies(url('&q=55512'), { cookie: owner.cookie }, REQUESTS / 4, 0);
    if ((JSON.parse(byName.last) as { items: unknown[] }).items.length !== 1) throw new Error(`search: ${byName.last.slice(0, 300)}`);
    const search = summarize([...byName.ms, ...byPhone.ms]);
    const sorted = await client.latencies(url('&sort=name'), { cookie: owner.cookie }, REQUESTS / 4, 0);
    const sortedNext = await client.latencies(url(`&sort=name&cursor=${(JSON.parse(sorted.last) as { nextCursor: string }).nextCursor}`), { cookie: owner.cookie }, REQUESTS / 4, 0);
    return {
      p95: search.p95,
      summaryP95,
      figures: [
        { name: `${engine}: first read (creates the stages)`, value: ms(firstRead.ms[0]!), unit: 'ms' },
        { name: `${engine}: first page p95`, value: ms(summarize(first.ms).p95), unit: 'ms' },
        { name: `${engine}: next page (cursor) p95`, value: ms(summarize(next.ms).p95), unit: 'ms' },
        { name: `${engine}: stage filter p95`, value: ms(summarize(stage.ms).p95), unit: 'ms' },
        { name: `${engine}: search page (name or phone) p50`, value: ms(search.p50), unit: 'ms' },
        { name: `${engine}: search page (name or phone) p95`, value: ms(search.p95), unit: 'ms' },
        { name: `${engine}: by name, first page p95`, value: ms(summarize(sorted.ms).p95), unit: 'ms' },
        { name: `${engine}: by name, next page p95`, value: ms(summarize(sortedNext.ms).p95), unit: 'ms' },
        { name: `${engine}: summary of 90 days p50`, value: ms(summarize(summary.ms).p50), unit: 'ms' },
        { name: `${engine}: summary of 90 days p95`, value: ms(summaryP95), unit: 'ms' },
      ],
    };
  } finally {
    await t.close();
  }
}

export default async function crm(): Promise<BenchResult> {
  const notes: string[] = [];
  const figures: Figure[] = [];
  const embedded = await listFigures('pglite');
  figures.push(...embedded.figures);
  const postgres = await postgresAvailable();
  let pgP95 = Number.NaN;
  let pgSummaryP95 = Number.NaN;
  if (postgres === true) {
    const pg = await listFigures('postgres');
    figures.push(...pg.figures);
    pgP95 = pg.p95;
    pgSummaryP95 = pg.summaryP95;
  } else notes.push(`PostgreSQL not reachable (${postgres}): its figures are missing`);
  if (embedded.summaryP95 >= maxSummaryP95Ms) notes.push(`embedded database: the 90-day summary p95 is ${ms(embedded.summaryP95)} ms`);
  return {
    figures,
    target: `PostgreSQL search page p95 < ${maxSearchP95Ms} ms and 90-day summary p95 < ${maxSummaryP95Ms} ms (100,000 contacts)`,
    pass: pgP95 < maxSearchP95Ms && pgSummaryP95 < maxSummaryP95Ms,
    notes,
  };
}
