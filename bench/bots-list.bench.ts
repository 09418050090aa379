// Latency of GET /bot/{email} for an account with 50 bots (embedded database), over real HTTP on
// loopback, beside a bare Fastify GET / measured the same way in the same process.
import Fastify from 'fastify';
import type { BenchResult } from './lib/bench-result.ts';
import { keepAliveClient } from './lib/http-client.ts';
import { profiled } from './lib/profile.ts';
import { ms, summarize } from './lib/stats.ts';
import { newBotBody, ownerBody, startApp } from './lib/test-app.ts';
import { setPlan } from '../apps/server/src/test/fixtures.ts';

const BOTS = 50;
const REQUESTS = 2000;
const ROUNDS = 4;
const maxMedianMs = 5;

export default async function botsList(): Promise<BenchResult> {
  const t = await startApp('pglite');
  const bare = Fastify({ logger: false });
  bare.get('/', async () => ({ hello: 'world' }));
  const client = keepAliveClient();
  try {
    const base = await t.app.listen({ port: 0, host: '127.0.0.1' });
    const bareBase = await bare.listen({ port: 0, host: '127.0.0.1' });

    // The account, through the API over HTTP; the plan is raised in the database (Free allows 1 bot).
    const email = `owner.${Math.random().toString(36).slice(2, 10)}@bench.mx`;
    const json = { 'content-type': 'application/json' };
    const signup = await client.request('POST', `${base}/client/signup`, json, JSON.stringify(ownerBody(email)));
    if (signup.status !== 201) throw new Error(`signup answered ${signup.status}: ${signup.body.toString()}`);
    const setCookie = signup.headers['set-cookie'] ?? [];
    const cookie = setCookie.map((c) => c.split(';')[0] ?? '').filter((c) => !c.endsWith('=')).join('; ');
    const userId = (JSON.parse(signup.body.toString()) as { user: { id: string } }).user.id;
    await setPlan(t.database, userId, 'Enterprise');
    for (let i = 0; i < BOTS; i++) {
      const res = await client.request('POST', `${base}/bot/new-bot`, { ...json, cookie }, JSON.stringify(newBotBody(email, i)));
      if (res.status !== 201) throw new Error(`POST /bot/new-bot #${i + 1} answered ${res.status}: ${res.body.toString()}`);
    }

    const listUrl = `${base}/bot/${encodeURIComponent(email)}`;
    const check = await client.request('GET', listUrl, { cookie });
    const listed = (JSON.parse(check.body.toString()) as unknown[]).length;
    if (check.status !== 200 || listed !== BOTS) throw new Error(`GET /bot/{email} answered ${check.status} with ${listed} bots`);

    // Alternate the two routes in rounds so drift (GC, CPU frequency) falls on both alike.
    const bareMs: number[] = [];
    const listMs: number[] = [];
    let listBytes = 0;
    const perRound = REQUESTS / ROUNDS;
    await profiled('bots-list', async () => {
      for (let round = 0; round < ROUNDS; round++) {
        bareMs.push(...(await client.latencies(`${bareBase}/`, {}, perRound, round === 0 ? 200 : 20)).ms);
        const list = await client.latencies(listUrl, { cookie }, perRound, round === 0 ? 200 : 20);
        listMs.push(...list.ms);
        listBytes = list.bytes;
      }
    });
    const b = summarize(bareMs);
    const l = summarize(listMs);
    return {
      figures: [
        { name: 'bare Fastify GET / median', value: ms(b.p50), unit: 'ms' },
        { name: 'bare Fastify GET / p95', value: ms(b.p95), unit: 'ms' },
        { name: `GET /bot/{email} (${BOTS} bots) median`, value: ms(l.p50), unit: 'ms' },
        { name: `GET /bot/{email} (${BOTS} bots) p95`, value: ms(l.p95), unit: 'ms' },
        { name: 'GET /bot/{email} p99', value: ms(l.p99), unit: 'ms' },
        { name: 'GET /bot/{email} max', value: ms(l.max), unit: 'ms' },
        { name: 'median over bare median', value: Math.round((l.p50 / b.p50) * 10) / 10, unit: '×' },
        { name: 'response body', value: Math.round(listBytes / 102.4) / 10, unit: 'KB' },
        { name: 'requests measured per route', value: l.n, unit: '' },
      ],
      target: `GET /bot/{email} median < ${maxMedianMs} ms`,
      pass: l.p50 < maxMedianMs,
      notes: [
        'server built in this process from apps/server/src (createTestApp, in-memory PGlite, logging off), listening on 127.0.0.1',
        'requests sent one at a time over one keep-alive connection by a client in the same process (client time included in both routes)',
      ],
    };
  } finally {
    client.close();
    await bare.close();
    await t.close();
  }
}
