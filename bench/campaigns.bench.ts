// The mass sender:
// 1. a 100,000-recipient WhatsApp Cloud campaign (CSV preview, create, start through the API)
//    against the local Graph API held to 1,000 messages a second (130429 past it), the server's
//    rate set to 1,000: sustained messages a second, duplicates, recipients lost, the heap while
//    sending; on PostgreSQL (TEST_DATABASE_URL, else the local one) and on PGlite;
// 2. a 10,000-recipient campaign on PostgreSQL whose server process is killed with SIGKILL a third
//    of the way, then another process resumes it (the fake Graph API sends the statuses of the
//    sends it accepted to the live process's webhook): duplicates and recipients lost.
import { randomBytes } from 'node:crypto';
import type { InjectOptions } from 'fastify';
import type { BenchResult, Figure } from './lib/bench-result.ts';
import { postgresAvailable, signUpOwner, createBot, startApp, type Engine, type TestApp } from './lib/test-app.ts';
import { multipart } from '../apps/server/src/test/multipart.ts';
import { graphProcess } from './lib/graph-process.ts';
import { audiencePhone, campaignOnProcesses } from '../apps/server/src/modules/campaigns/test-support/campaign-processes.ts';

/** BENCH_CAMPAIGN_RECIPIENTS makes a smaller run (a quick check); the figures are for 100,000. */
const RECIPIENTS = Number(process.env.BENCH_CAMPAIGN_RECIPIENTS) || 100_000;
const RATE = 1_000;
const KILL_RECIPIENTS = 10_000;
const minRate = 900;

interface Run {
  seconds: number;
  sustained: number;
  duplicates: number;
  lost: number;
  failed: number;
  heapStartMb: number;
  heapMaxMb: number;
  heapEndMb: number;
  /** The heap's peak while the first half of the recipients were reached, then the second. */
  heapHalvesMb: number[];
  setupSeconds: number;
  status: string;
  /** Calls the Graph API refused with 130429 (past its rate). */
  refused: number;
  /** Why the first failed recipients failed (reason → count). */
  reasons: Record<string, number>;
}

const mb = (bytes: number) => Math.round((bytes / 1024 / 1024) * 10) / 10;

async function bigCampaign(engine: Engine): Promise<Run> {
  // The Graph API in its own process, as Meta is: the server's process does its own work only.
  const graph = await graphProcess(RATE);
  let t: TestApp | undefined;
  try {
    // A long access token: on a busy machine the campaign may outlast the default 15 minutes, and the bench's reads would answer 401.
    t = await startApp(engine, { META_GRAPH_URL: graph.url, WHATSAPP_RATE_PER_SECOND: String(RATE), META_RECIPIENT_GAP_MS: '0', LOG_LEVEL: 'silent', ACCESS_TOKEN_TTL: '86400' });
    const setupStart = performance.now();
    const owner = await signUpOwner(t, 'Enterprise');
    const botId = await createBot(t, owner);
    const phoneNumberId = `1${String(Math.floor(Math.random() * 1e14)).padStart(14, '0')}`;
    const app = t.app;
    const api = (opts: InjectOptions) => app.inject({ ...opts, headers: { ...opts.headers, cookie: owner.cookie } });
    const creds = await api({ method: 'PATCH', url: `/bot/${botId}/meta-credentials`, payload: { access_token: `EAAG${randomBytes(20).toString('hex')}`, phone_number_id: phoneNumberId, waba_id: '102290129340398' } });
    if (creds.statusCode !== 200) throw new Error(`meta-credentials answered ${creds.statusCode}`);
    const csv = `telefono,nombre\n${Array.from({ length: RECIPIENTS }, (_, i) => `${audiencePhone(i)},Cliente ${i}`).join('\n')}\n`;
    const form = multipart({ botId, channel: 'whatsapp' }, { field: 'file', name: 'clientes.csv', type: 'text/csv', bytes: Buffer.from(csv) });
    const preview = await api({ method: 'POST', url: '/api/campaigns/audience/preview', payload: form.payload, headers: form.headers });
    if (preview.statusCode !== 200) throw new Error(`preview answered ${preview.statusCode}: ${preview.body}`);
    const created = await api({
      method: 'POST',
      url: '/api/campaigns',
      payload: { botId, name: 'Bench', channel: 'whatsapp', audience: { kind: 'csv', uploadId: preview.json().uploadId }, message: { kind: 'template', name: 'recordatorio_cita', language: 'es_MX', bodyVariables: ['{{nombre}}', 'hoy', '10:00'] } },
    });
    if (created.statusCode !== 201) throw new Error(`create answered ${created.statusCode}: ${created.body}`);
    const id = created.json().campaign.id as string;
    const setupSeconds = (performance.now() - setupStart) / 1000;

    // The fake's call log is drained into counts, so its memory does not grow with the campaign.
    const perPhone = new Map<string, number>();
    let firstAt = 0;
    let lastAt = 0;
    let refused = 0;
    const drain = async () => {
      const d = await graph.drain();
      refused += d.refused;
      for (const [to, n] of Object.entries(d.perPhone)) perPhone.set(to, (perPhone.get(to) ?? 0) + n);
      if (d.firstAt) firstAt ||= d.firstAt;
      if (d.lastAt) lastAt = d.lastAt;
    };
    global.gc?.();
    const heapStart = process.memoryUsage().heapUsed;
    let heapMax = heapStart;
    // The heap's peak over each half of the campaign (by recipients reached): flat when they match.
    const halves = [heapStart, heapStart];
    const started = performance.now();
    const start = await api({ method: 'POST', url: `/api/campaigns/${id}/start` });
    if (start.statusCode !== 200) throw new Error(`start answered ${start.statusCode}`);
    let status = 'running';
    let ticks = 0;
    while (status === 'running') {
      await new Promise((r) => setTimeout(r, 1000));
      await drain();
      const heap = process.memoryUsage().heapUsed;
      heapMax = Math.max(heapMax, heap);
      const half = perPhone.size < RECIPIENTS / 2 ? 0 : 1;
      halves[half] = Math.max(halves[half]!, heap);
      const now = (await api({ method: 'GET', url: `/api/campaigns/${id}` })).json().campaign;
      status = now.status;
      if (++ticks % 15 === 0) console.log(`  ${engine}: ${perPhone.size.toLocaleString('en-US')} recipients reached after ${Math.round((performance.now() - started) / 1000)} s, heap ${mb(heap)} MB, ${JSON.stringify(now.counts)}`);
      if (performance.now() - started > 30 * 60_000) throw new Error('campaign still running after 30 minutes');
    }
    await drain();
    const seconds = (performance.now() - started) / 1000;
    const done = (await api({ method: 'GET', url: `/api/campaigns/${id}` })).json().campaign;
    global.gc?.();
    const heapEnd = process.memoryUsage().heapUsed;
    const reasons: Record<string, number> = {};
    for (const r of (await api({ method: 'GET', url: `/api/campaigns/${id}/recipients?status=failed&limit=100` })).json().items as { reason: string }[]) reasons[r.reason] = (reasons[r.reason] ?? 0) + 1;
    let duplicates = 0;
    let reached = 0;
    for (const n of perPhone.values()) {
      reached++;
      if (n > 1) duplicates += n - 1;
    }
    return {
      seconds,
      sustained: Math.round((reached / Math.max((lastAt - firstAt) / 1000, 0.001)) * 10) / 10,
      duplicates,
      lost: RECIPIENTS - reached,
      failed: done.counts.failed as number,
      heapStartMb: mb(heapStart),
      heapMaxMb: mb(heapMax),
      heapEndMb: mb(heapEnd),
      heapHalvesMb: halves.map(mb),
      setupSeconds: Math.round(setupSeconds * 10) / 10,
      status: done.status as string,
      refused,
      reasons,
    };
  } finally {
    await t?.close();
    await graph.close();
  }
}

async function killAndResume() {
  const run = await campaignOnProcesses({ recipients: KILL_RECIPIENTS, ratePerSecond: RATE, confirmWindowMs: 5_000 });
  try {
    const started = performance.now();
    await run.start();
    for (const end = Date.now() + 120_000; run.graph.sends(run.phoneNumberId).length < KILL_RECIPIENTS / 3 && Date.now() < end; ) await new Promise((r) => setTimeout(r, 5));
    run.first.child.kill('SIGKILL');
    await run.first.exited;
    const atKill = run.graph.sends(run.phoneNumberId).length;
    await run.startProcess().ready;
    const status = await run.waitDone(10 * 60_000);
    const perPhone = run.acceptedPerPhone();
    const rows = await run.recipients();
    const sent = (r: { status: string }) => r.status === 'sent' || r.status === 'delivered' || r.status === 'read';
    return {
      status,
      seconds: (performance.now() - started) / 1000,
      atKill,
      duplicates: [...perPhone.values()].reduce((a, n) => a + Math.max(0, n - 1), 0),
      sentOnce: rows.filter((r) => sent(r) && perPhone.get(r.address.replace('+', '')) === 1).length,
      lost: rows.filter((r) => !perPhone.has(r.address.replace('+', ''))).length,
      notSent: rows.filter((r) => !sent(r)).length,
    };
  } finally {
    await run.close();
  }
}

export default async function bench(): Promise<BenchResult> {
  const pg = await postgresAvailable();
  const figures: Figure[] = [];
  const notes: string[] = [];
  let pass = true;
  /** BENCH_CAMPAIGN_ENGINES=pglite (or postgres) runs one engine only, and no kill-and-resume run (a quick check). */
  const only = process.env.BENCH_CAMPAIGN_ENGINES?.split(',') as Engine[] | undefined;
  const engines: Engine[] = only ?? (pg === true ? ['postgres', 'pglite'] : ['pglite']);
  if (pg !== true) notes.push(`PostgreSQL not reachable (${pg}): PGlite only, and no kill-and-resume run`);
  for (const engine of engines) {
    const r = await bigCampaign(engine);
    figures.push(
      { name: `${engine}: sustained (${RECIPIENTS.toLocaleString('en-US')} recipients, Graph held to 1,000/s)`, value: r.sustained, unit: 'msg/s' },
      { name: `${engine}: whole campaign`, value: Math.round(r.seconds * 10) / 10, unit: 's' },
      { name: `${engine}: duplicates`, value: r.duplicates, unit: 'messages' },
      { name: `${engine}: lost`, value: r.lost, unit: 'recipients' },
      { name: `${engine}: failed`, value: r.failed, unit: 'recipients' },
      { name: `${engine}: calls refused past the rate (130429), sent again`, value: r.refused, unit: 'calls' },
      { name: `${engine}: heap before / peak / after`, value: r.heapStartMb, unit: `MB / ${r.heapMaxMb} MB / ${r.heapEndMb} MB` },
      { name: `${engine}: CSV preview and create`, value: r.setupSeconds, unit: 's' },
    );
    notes.push(`${engine}: heap peak while the first half was sent ${r.heapHalvesMb[0]} MB, the second half ${r.heapHalvesMb[1]} MB`);
    notes.push(`${engine}: campaign ${r.status}${Object.keys(r.reasons).length ? `; first failures: ${JSON.stringify(r.reasons)}` : ''}`);
    if (r.duplicates || r.lost) pass = false;
    if (engine === 'postgres' && r.sustained < minRate) pass = false;
  }
  if (pg === true && !only) {
    const k = await killAndResume();
    figures.push(
      { name: 'kill -9 (10,000 recipients): messages before the kill', value: k.atKill, unit: 'messages' },
      { name: 'kill -9: duplicates', value: k.duplicates, unit: 'messages' },
      { name: 'kill -9: sent exactly once', value: k.sentOnce, unit: 'recipients' },
      { name: 'kill -9: lost (never reached the Graph API)', value: k.lost, unit: 'recipients' },
      { name: 'kill -9: not recorded as sent', value: k.notSent, unit: 'recipients' },
      { name: 'kill -9: campaign time, restart included', value: Math.round(k.seconds * 10) / 10, unit: 's' },
    );
    if (k.status !== 'completed' || k.duplicates || k.lost || k.notSent) pass = false;
  }
  return { figures, notes, target: `PostgreSQL ≥ ${minRate} msg/s, 0 duplicates, 0 lost; kill -9: 0 duplicates, 0 lost`, pass };
}
