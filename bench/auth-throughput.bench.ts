// Throughput of the authenticated hot path (JWT cookie + session lookup on the embedded
// database) against a bare Fastify hello-world, and sign-in throughput (argon2id).
import { startBareFastify } from './lib/bare-fastify.ts';
import type { BenchResult } from './lib/bench-result.ts';
import { startCharla } from './lib/charla-server.ts';
import { load, type LoadFigures } from './lib/load.ts';

const minRatio = 0.2;
/** Signed-in owners the load cycles through, so concurrent requests carry different sessions. */
const ACCOUNTS = 25;
const account = (i: number) => ({
  name: `Bench Owner ${i}`,
  email: `bench${i}@example.com`,
  phone_number: '+52 33 1234 5678',
  password: 'bench-password-123',
});

async function signUp(baseUrl: string, i: number): Promise<{ userId: string; cookie: string }> {
  const res = await fetch(`${baseUrl}/client/signup`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify(account(i)),
  });
  if (res.status !== 201) throw new Error(`signup answered ${res.status}: ${await res.text()}`);
  const { user } = (await res.json()) as { user: { id: string } };
  const cookie = res.headers.getSetCookie().map((c) => c.split(';')[0] ?? '').find((c) => c.startsWith('charla_at='));
  if (!cookie) throw new Error('signup set no charla_at cookie');
  return { userId: user.id, cookie };
}

export default async function authThroughput(): Promise<BenchResult> {
  const bare = await startBareFastify();
  let hello: LoadFigures;
  try {
    hello = await load({ url: `${bare.baseUrl}/` });
  } finally {
    await bare.stop();
  }

  const charla = await startCharla();
  let info: LoadFigures;
  let login: LoadFigures;
  try {
    const owners = [];
    for (let i = 0; i < ACCOUNTS; i++) owners.push(await signUp(charla.baseUrl, i));
    const requests = owners.map(({ userId, cookie }) => ({ path: `/client/info/${userId}`, headers: { cookie } }));
    for (const { path, headers } of requests) {
      const check = await fetch(charla.baseUrl + path, { headers });
      if (check.status !== 200) throw new Error(`GET /client/info answered ${check.status}: ${await check.text()}`);
    }
    info = await load({ url: charla.baseUrl, requests });
    const { email, password } = account(0);
    login = await load({
      url: `${charla.baseUrl}/client/login`,
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ email, password }),
    });
  } finally {
    await charla.stop();
  }

  const ratio = info.reqPerSec / hello.reqPerSec;
  const notes = Object.entries({ 'bare Fastify GET /': hello, 'GET /client/info': info, 'POST /client/login': login })
    .filter(([, f]) => f.failed > 0)
    .map(([label, f]) => `${label}: ${f.failed} failed requests (non-2xx or errors) beside ${f.ok} successful`);
  return {
    figures: [
      { name: 'bare Fastify GET /', value: hello.reqPerSec, unit: 'req/s' },
      { name: 'bare Fastify p50', value: hello.p50Ms, unit: 'ms' },
      { name: 'bare Fastify p99', value: hello.p99Ms, unit: 'ms' },
      { name: `GET /client/info (authenticated, ${ACCOUNTS} sessions)`, value: info.reqPerSec, unit: 'req/s' },
      { name: 'GET /client/info p50', value: info.p50Ms, unit: 'ms' },
      { name: 'GET /client/info p99', value: info.p99Ms, unit: 'ms' },
      { name: 'ratio info / bare', value: ratio, unit: '' },
      { name: 'POST /client/login (argon2id)', value: login.reqPerSec, unit: 'req/s' },
      { name: 'POST /client/login p50', value: login.p50Ms, unit: 'ms' },
      { name: 'POST /client/login p99', value: login.p99Ms, unit: 'ms' },
    ],
    target: `ratio info / bare ≥ ${minRatio.toFixed(2)}, no failed requests`,
    pass: ratio >= minRatio && notes.length === 0,
    notes,
  };
}
