// Citas:
// 1. the calendar's week view: GET /api/appointments for a week holding 2,000 appointments, on the
//    embedded database (PGlite, as `npm start` runs it) and on PostgreSQL, over real HTTP on loopback;
// 2. 10,000 reminders falling due in the same minute (10,000 businesses, one appointment each at the
//    same time, WhatsApp Cloud): every one sent to a local server that answers like Meta's Graph API
//    within 60 s of falling due, none twice. On PostgreSQL (TEST_DATABASE_URL, else the local one),
//    as a production server runs. BENCH_REMINDERS=0 measures the week view alone.
import { sql } from 'drizzle-orm';
import type { BenchResult } from './lib/bench-result.ts';
import { keepAliveClient } from './lib/http-client.ts';
import { profiled } from './lib/profile.ts';
import { ms, summarize } from './lib/stats.ts';
import { createBot, postgresAvailable, signUpOwner, startApp, type TestApp } from './lib/test-app.ts';
import { fakeGraph } from '../apps/server/src/channels/meta/test-support/fake-graph.ts';
import { queryRows } from '../apps/server/src/db/client.ts';

const WEEK_APPOINTMENTS = 2000;
const REQUESTS = 300;
const maxWeekP95Ms = 30;
const REMINDERS = Number(process.env.BENCH_REMINDERS ?? 10_000);
const maxAllSentSeconds = 60;

async function weekView(engine: 'pglite' | 'postgres'): Promise<{ p50: number; p95: number; items: number }> {
  const t = await startApp(engine);
  const client = keepAliveClient();
  try {
    const base = await t.app.listen({ port: 0, host: '127.0.0.1' });
    const owner = await signUpOwner(t, 'Enterprise');
    const botId = await createBot(t, owner);
    // A week of a busy business: 2,000 appointments of five minutes, Monday to Sunday, one contact each.
    const monday = new Date('2030-03-04T06:00:00Z');
    await t.database.db.execute(sql`
      insert into contacts (bot_id, name, phone)
      select ${botId}::uuid, 'Cliente ' || i, '+52 33 ' || lpad(i::text, 8, '0') from generate_series(1, ${WEEK_APPOINTMENTS}) i`);
    await t.database.db.execute(sql`
      insert into appointments (bot_id, contact_id, start_at, end_at, service, status, source, reminders_synced_at, updated_at)
      select ${botId}::uuid, c.id, ${monday.toISOString()}::timestamptz + (c.n - 1) * interval '5 minutes',
             ${monday.toISOString()}::timestamptz + c.n * interval '5 minutes', 'Consulta', case when c.n % 3 = 0 then 'confirmed' else 'booked' end, 'bot',
             '2030-01-01T00:00:00Z', '2030-01-01T00:00:00Z'
      from (select id, row_number() over (order by id) as n from contacts where bot_id = ${botId}::uuid) c`);
    const url = `${base}/api/appointments?botId=${botId}&from=${encodeURIComponent(monday.toISOString())}&to=${encodeURIComponent(new Date(monday.getTime() + 7 * 86_400_000).toISOString())}`;
    const check = await client.request('GET', url, { cookie: owner.cookie });
    const items = (JSON.parse(check.body.toString()) as { items: unknown[] }).items.length;
    if (check.status !== 200 || items !== WEEK_APPOINTMENTS) throw new Error(`week view answered ${check.status} with ${items} items`);
    const lat: number[] = [];
    await profiled(`appointments-week-${engine}`, async () => {
      for (let i = 0; i < REQUESTS + 20; i++) {
        const started = performance.now();
        const res = await client.request('GET', url, { cookie: owner.cookie });
        if (res.status !== 200) throw new Error(`week view answered ${res.status}`);
        if (i >= 20) lat.push(performance.now() - started);
      }
    });
    const s = summarize(lat);
    return { p50: s.p50, p95: s.p95, items };
  } finally {
    client.close();
    await t.close();
  }
}

async function remindersDue(engine: 'pglite' | 'postgres'): Promise<{ seconds: number; sent: number; distinct: number; twice: number; stored: number; setupSeconds: number }> {
  const graph = await fakeGraph();
  let t: TestApp | undefined;
  try {
    t = await startApp(engine, { META_GRAPH_URL: graph.url, META_RECIPIENT_GAP_MS: '0', META_TIMEOUT_MS: '10000', LOG_LEVEL: 'silent' });
    const began = performance.now();
    const owner = await signUpOwner(t, 'Enterprise');
    // One business connected through the API: its sealed token is copied to the others.
    const first = await createBot(t, owner);
    const res = await t.app.inject({
      method: 'PATCH',
      url: `/bot/${first}/meta-credentials`,
      headers: { cookie: owner.cookie },
      payload: { access_token: `EAAG${'b'.repeat(40)}`, phone_number_id: '100000000000000', waba_id: '102290129340398' },
    });
    if (res.statusCode !== 200) throw new Error(`meta-credentials answered ${res.statusCode}`);
    const [{ sealed } = { sealed: '' }] = await queryRows<{ sealed: string }>(t.database.db, sql`select meta_credentials->0->>'access_token_sealed' as sealed from bots where id = ${first}`);
    await t.database.db.execute(sql`delete from bots where id = ${first}`);

    // 10,000 businesses, each with a customer who wrote an hour ago and an appointment at the same time.
    const start = new Date(Math.ceil((Date.now() + 5 * 60_000 + 120_000) / 60_000) * 60_000);
    const due = new Date(start.getTime() - 5 * 60_000);
    const reminder = JSON.stringify([{ enabled: true, minutes_before: 5, message: 'Hola {nombre}, te esperamos el {fecha} a las {hora}.' }]);
    await t.database.db.execute(sql`
      insert into bots (user_id, bot_name, bot_objective, business_name, purpose, timezone, reminders, meta_credentials)
      select ${owner.userId}::uuid, 'Asistente ' || i, 'doctor_appointment', 'Clínica ' || i, 'appointments', 'America/Mexico_City', ${reminder}::jsonb,
             jsonb_build_array(jsonb_build_object('phone_number_id', (200000000000000 + i)::text, 'waba_id', '102290129340398', 'access_token_sealed', ${sealed}::text))
      from generate_series(1, ${REMINDERS}) i`);
    await t.database.db.execute(sql`insert into contacts (bot_id, name, phone) select id, 'Lucía ' || bot_name, '5213300000000' from bots where user_id = ${owner.userId}::uuid`);
    await t.database.db.execute(sql`
      insert into contact_identities (bot_id, channel, external_id, contact_id)
      select bot_id, 'whatsapp', '52133' || lpad((row_number() over ())::text, 8, '0'), id from contacts where bot_id in (select id from bots where user_id = ${owner.userId}::uuid)`);
    await t.database.db.execute(sql`
      insert into conversations (bot_id, contact_id, channel, last_inbound_at)
      select bot_id, id, 'whatsapp', now() - interval '1 hour' from contacts where bot_id in (select id from bots where user_id = ${owner.userId}::uuid)`);
    await t.database.db.execute(sql`
      insert into appointments (bot_id, contact_id, conversation_id, start_at, end_at, service)
      select c.bot_id, c.contact_id, c.id, ${start.toISOString()}::timestamptz, ${start.toISOString()}::timestamptz + interval '30 minutes', 'Consulta'
      from conversations c where c.bot_id in (select id from bots where user_id = ${owner.userId}::uuid)`);
    // Their reminder jobs, set as a bot's bookings are after its turn.
    for (;;) {
      const [{ n } = { n: 0 }] = await queryRows<{ n: number }>(t.database.db, sql`select count(*)::int as n from appointments where reminders_synced_at is distinct from updated_at`);
      if (n === 0) break;
      await t.modules.appointments.afterBotTurn();
    }
    const setupSeconds = (performance.now() - began) / 1000;
    if (Date.now() > due.getTime()) throw new Error(`setting up took ${Math.round(setupSeconds)} s, past the reminders' minute`);

    const sends = () => graph.sends().filter((c) => c.path.startsWith('2'));
    while (Date.now() < due.getTime()) await new Promise((r) => setTimeout(r, 200));
    const deadline = due.getTime() + 180_000;
    while (sends().length < REMINDERS && Date.now() < deadline) await new Promise((r) => setTimeout(r, 100));
    const allSent = Date.now();
    // Anything sent twice would arrive a moment later: wait, then count.
    await new Promise((r) => setTimeout(r, 3000));
    const calls = sends();
    const perAccount = new Map<string, number>();
    for (const c of calls) perAccount.set(c.path, (perAccount.get(c.path) ?? 0) + 1);
    const [{ stored } = { stored: 0 }] = await queryRows<{ stored: number }>(t.database.db, sql`select count(*)::int as stored from messages where idempotency_key like 'reminder:%' and status = 'sent'`);
    return {
      seconds: (allSent - due.getTime()) / 1000,
      sent: calls.length,
      distinct: perAccount.size,
      twice: [...perAccount.values()].filter((n) => n > 1).length,
      stored,
      setupSeconds,
    };
  } finally {
    await t?.close();
    await graph.close();
  }
}

export default async function appointments(): Promise<BenchResult> {
  const pg = await postgresAvailable();
  const engine = pg === true ? 'postgres' : 'pglite';
  const week = await weekView('pglite');
  const weekPg = pg === true ? await weekView('postgres') : undefined;
  const due = REMINDERS > 0 ? await remindersDue(engine) : undefined;
  const allSent = !due || (due.sent === REMINDERS && due.distinct === REMINDERS && due.twice === 0 && due.stored === REMINDERS);
  return {
    figures: [
      { name: `week view (${WEEK_APPOINTMENTS} appointments) median`, value: ms(week.p50), unit: 'ms' },
      { name: `week view (${WEEK_APPOINTMENTS} appointments) p95`, value: ms(week.p95), unit: 'ms' },
      ...(weekPg
        ? [
            { name: 'week view on PostgreSQL median', value: ms(weekPg.p50), unit: 'ms' },
            { name: 'week view on PostgreSQL p95', value: ms(weekPg.p95), unit: 'ms' },
          ]
        : []),
      ...(due
        ? [
            { name: `reminders due in the same minute (${engine})`, value: REMINDERS, unit: '' },
            { name: 'seconds from falling due to the last one sent', value: Math.round(due.seconds * 10) / 10, unit: 's' },
            { name: 'Graph API sends', value: due.sent, unit: '' },
            { name: 'numbers that got more than one', value: due.twice, unit: '' },
            { name: 'reminder messages stored as sent', value: due.stored, unit: '' },
          ]
        : []),
    ],
    target: `week view p95 < ${maxWeekP95Ms} ms (PGlite and PostgreSQL); ${REMINDERS.toLocaleString('en-US')} reminders all sent within ${maxAllSentSeconds} s, none twice`,
    pass: week.p95 < maxWeekP95Ms && (!weekPg || weekPg.p95 < maxWeekP95Ms) && allSent && (!due || due.seconds <= maxAllSentSeconds),
    notes: [
      `week view: ${REQUESTS} sequential GET /api/appointments over HTTP on loopback (no compression asked), PGlite in memory and a fresh PostgreSQL database, server built in this process from apps/server/src`,
      ...(due
        ? [`reminders: ${REMINDERS} businesses with one WhatsApp number each (window open, plain text), one appointment each at the same minute, reminder 5 minutes before; jobs set through the service as after a bot's booking (setup ${Math.round(due.setupSeconds)} s); one server process with its default workers`]
        : ['reminders: not run (BENCH_REMINDERS=0)']),
      ...(pg === true ? [] : [`PostgreSQL not reachable (${pg}): the week view ran on PGlite only${due ? ' and the reminders on PGlite' : ''}`]),
    ],
  };
}
