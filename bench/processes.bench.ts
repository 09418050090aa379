// Replies per second with one server process, then two, on one PostgreSQL database (the
// deployment of docs/deploy.md, on one machine here): real server processes (`src/main.ts`, the
// offline engine), 200 WhatsApp customers writing at once, three messages each, every customer
// waiting for the reply before writing again; Meta's deliveries go to the processes in turn, as a
// load balancer sends them. Counted where the replies arrive (the local Graph API): replies a
// second over the whole run, and that no customer got a reply twice.
import { randomBytes } from 'node:crypto';
import http from 'node:http';
import os from 'node:os';
import { eq } from 'drizzle-orm';
import type { BenchResult } from './lib/bench-result.ts';
import { postgresAvailable } from './lib/test-app.ts';
import { fakeGraph } from '../apps/server/src/channels/meta/test-support/fake-graph.ts';
import { signBody } from '../apps/server/src/channels/meta/signature.ts';
import { waTextPayload } from '../apps/server/src/channels/meta/test-support/meta-test-app.ts';
import { users } from '../apps/server/src/modules/auth/auth.table.ts';
import type { Database } from '../apps/server/src/db/client.ts';
import { createTestDatabase, newUser } from '../apps/server/src/test/harness.ts';
import { metaProcessEnv, startServerProcess, type ServerProcess } from '../apps/server/src/test/server-process.ts';

const CUSTOMERS = 200;
const ROUNDS = 3;
const goal = 1.6;

function send(method: 'POST' | 'PATCH', agent: http.Agent, url: string, body: string, headers: Record<string, string> = {}): Promise<{ status: number; text: string; cookies: string[] }> {
  return new Promise((resolve, reject) => {
    const r = http.request(url, { method, agent, headers: { 'content-type': 'application/json', origin: 'http://127.0.0.1', ...headers } }, (res) => {
      const chunks: Buffer[] = [];
      res.on('data', (c: Buffer) => chunks.push(c));
      res.on('end', () => resolve({ status: res.statusCode ?? 0, text: Buffer.concat(chunks).toString(), cookies: res.headers['set-cookie'] ?? [] }));
    });
    r.on('error', reject);
    r.end(body);
  });
}

/** An owner on the Enterprise plan and their bot on WhatsApp, made through the server at `base`; answers the bot's phone number id. */
async function ownerWithBot(agent: http.Agent, base: string, database: Database): Promise<string> {
  let cookie = '';
  const call = async (path: string, body: unknown, method: 'POST' | 'PATCH' = 'POST') => {
    const res = await send(method, agent, `${base}${path}`, JSON.stringify(body), { cookie });
    if (res.cookies.length) cookie = res.cookies.map((c) => c.split(';')[0]).join('; ');
    if (res.status >= 300) throw new Error(`${path} answered ${res.status}: ${res.text}`);
    return JSON.parse(res.text);
  };
  const owner = newUser();
  await call('/client/signup', owner);
  await database.db.update(users).set({ membershipType: 'Enterprise' }).where(eq(users.email, owner.email));
  const bot = await call('/bot/new-bot', {
    bot_name: 'Sofía', bot_objective: 'doctor_appointment', business_name: 'Clínica Sonrisa', business_desc: '', business_url: '',
    user_email: owner.email, business_phone: '', welcome_message: '', about_bot: '', language: 'es',
  });
  const phoneNumberId = `1${String(Math.floor(Math.random() * 1e14)).padStart(14, '0')}`;
  await call(`/bot/${bot.bot.id}/meta-credentials`, { access_token: `EAAG${randomBytes(20).toString('hex')}`, phone_number_id: phoneNumberId, waba_id: '102290129340398' }, 'PATCH');
  return phoneNumberId;
}

async function run(count: number) {
  if (process.env.TEST_DATABASE_URL === undefined) process.env.TEST_DATABASE_URL = 'postgres://postgres@127.0.0.1:5432/test';
  const graph = await fakeGraph();
  const db = await createTestDatabase('postgres');
  const processes: ServerProcess[] = [];
  const agent = new http.Agent({ keepAlive: true, maxSockets: 64 });
  const metaAppSecret = randomBytes(16).toString('hex');
  try {
    const env = { ...metaProcessEnv(graph.url, metaAppSecret), DATABASE_URL: db.url!, WHATSAPP_RATE_PER_SECOND: '1000' };
    for (let i = 0; i < count; i++) processes.push(startServerProcess(env, 90_000));
    const bases = await Promise.all(processes.map(async (p) => `http://127.0.0.1:${await p.ready}`));
    // The owner and the bot through the first process.
    const phoneNumberId = await ownerWithBot(agent, bases[0]!, db.database);

    const repliesTo = new Map<string, number>();
    let seen = 0;
    const tally = () => {
      const sends = graph.sends(phoneNumberId);
      for (; seen < sends.length; seen++) {
        const to = (sends[seen]!.body as { to: string }).to;
        repliesTo.set(to, (repliesTo.get(to) ?? 0) + 1);
      }
    };
    let next = 0;
    const started = performance.now();
    await Promise.all(
      Array.from({ length: CUSTOMERS }, async (_, c) => {
        const phone = `52133${String(3000_0000 + c)}`;
        for (let round = 1; round <= ROUNDS; round++) {
          const body = JSON.stringify(waTextPayload(phoneNumberId, phone, round === 1 ? 'Hola, ¿qué horario tienen?' : '¿Y cuánto cuesta una limpieza?'));
          const base = bases[next++ % bases.length]!;
          const res = await send('POST', agent, `${base}/webhooks/meta`, body, { 'x-hub-signature-256': signBody(body, metaAppSecret) });
          if (res.status !== 200) throw new Error(`a delivery answered ${res.status}`);
          for (const end = Date.now() + 120_000; ; ) {
            tally();
            if ((repliesTo.get(phone) ?? 0) >= round) break;
            if (Date.now() > end) throw new Error(`no reply to ${phone} within 120 s`);
            await new Promise((r) => setTimeout(r, 20));
          }
        }
      }),
    );
    const seconds = (performance.now() - started) / 1000;
    await new Promise((r) => setTimeout(r, 1000));
    tally();
    const replies = [...repliesTo.values()].reduce((a, b) => a + b, 0);
    return { seconds, replies, perSecond: replies / seconds, twice: replies - CUSTOMERS * ROUNDS };
  } finally {
    agent.destroy();
    for (const p of processes) p.kill();
    await Promise.all(processes.map((p) => p.exited));
    await graph.close();
    await db.drop();
  }
}

/** Seconds each concurrency level of the acknowledgement measure runs. */
const ACK_LEVEL_SECONDS = 3;
const ACK_LEVELS = [1, 4, 8, 16, 32, 64];
const FAST_ACK_MS = 25;

interface AckLevel {
  connections: number;
  perSecond: number;
  p50: number;
  p95: number;
  failed: number;
}

/**
 * Meta's deliveries acknowledged by a `ROLE=api` process while a `ROLE=worker` process answers
 * them (docs/deploy.md): rising concurrency, each delivery a new customer's message, every one
 * appended before its 200 and answered by the worker in the background.
 */
async function acksApart(): Promise<AckLevel[]> {
  const graph = await fakeGraph();
  const db = await createTestDatabase('postgres');
  const processes: ServerProcess[] = [];
  const metaAppSecret = randomBytes(16).toString('hex');
  try {
    const env = { ...metaProcessEnv(graph.url, metaAppSecret), DATABASE_URL: db.url!, WHATSAPP_RATE_PER_SECOND: '1000' };
    const api = startServerProcess({ ...env, ROLE: 'api' }, 90_000);
    processes.push(api);
    const base = `http://127.0.0.1:${await api.ready}`;
    processes.push(startServerProcess({ ...env, ROLE: 'worker' }, 90_000));
    await processes[1]!.ready;
    const setup = new http.Agent({ keepAlive: true, maxSockets: 1 });
    const phoneNumberId = await ownerWithBot(setup, base, db.database);
    setup.destroy();

    let customer = 0;
    const levels: AckLevel[] = [];
    for (const connections of ACK_LEVELS) {
      const agent = new http.Agent({ keepAlive: true, maxSockets: connections });
      const lat: number[] = [];
      let failed = 0;
      const end = performance.now() + ACK_LEVEL_SECONDS * 1000;
      await Promise.all(
        Array.from({ length: connections }, async () => {
          while (performance.now() < end) {
            const body = JSON.stringify(waTextPayload(phoneNumberId, `52155${String(1000_0000 + customer++)}`, 'Hola, ¿qué horario tienen?'));
            const started = performance.now();
            const res = await send('POST', agent, `${base}/webhooks/meta`, body, { 'x-hub-signature-256': signBody(body, metaAppSecret) }).catch(() => undefined);
            if (res?.status === 200) lat.push(performance.now() - started);
            else failed++;
          }
        }),
      );
      agent.destroy();
      lat.sort((a, b) => a - b);
      const at = (q: number) => lat[Math.min(lat.length - 1, Math.floor(q * lat.length))] ?? NaN;
      levels.push({ connections, perSecond: lat.length / ACK_LEVEL_SECONDS, p50: at(0.5), p95: at(0.95), failed });
    }
    return levels;
  } finally {
    for (const p of processes) p.kill();
    await Promise.all(processes.map((p) => p.exited));
    await graph.close();
    await db.drop();
  }
}

export default async function processes(): Promise<BenchResult> {
  const pg = await postgresAvailable();
  if (pg !== true) return { figures: [], notes: [`PostgreSQL not reachable (${pg}): nothing measured`], target: 'PostgreSQL needed', pass: true };
  const one = await run(1);
  const two = await run(2);
  const ratio = Math.round((two.perSecond / one.perSecond) * 100) / 100;
  const acks = await acksApart();
  const fast = acks.filter((l) => l.failed === 0 && l.p50 <= FAST_ACK_MS).reduce<AckLevel | undefined>((x, y) => (!x || y.perSecond > x.perSecond ? y : x), undefined);
  return {
    figures: [
      {
        name: `api and worker apart: highest rate with ack median ≤ ${FAST_ACK_MS} ms (${fast?.connections ?? 0} connections)`,
        value: Math.round(fast?.perSecond ?? 0),
        unit: 'deliveries/s',
      },
      { name: `one process: replies a second (${CUSTOMERS} customers × ${ROUNDS})`, value: Math.round(one.perSecond * 10) / 10, unit: 'replies/s' },
      { name: 'two processes: replies a second', value: Math.round(two.perSecond * 10) / 10, unit: 'replies/s' },
      { name: 'two over one', value: ratio, unit: '×' },
      { name: 'replies beyond one per message (both runs)', value: one.twice + two.twice, unit: 'replies' },
    ],
    notes: [
      `${os.cpus().length} cores shared by the server processes, PostgreSQL, the load generator and the Graph API`,
      `one process: ${one.replies} replies in ${one.seconds.toFixed(1)} s; two: ${two.replies} in ${two.seconds.toFixed(1)} s`,
      `api and worker apart (ROLE=api acknowledges, ROLE=worker answers in the background; connections: deliveries/s, median and p95 ack): ${acks.map((l) => `${l.connections}: ${Math.round(l.perSecond)}/s, ${l.p50.toFixed(1)}/${l.p95.toFixed(1)} ms${l.failed ? `, ${l.failed} failed` : ''}`).join('; ')}`,
    ],
    target: `two processes ≥ ${goal}× one, no reply twice (reported; a machine with cores to spare is needed for the ratio)`,
    pass: one.twice + two.twice === 0,
  };
}
