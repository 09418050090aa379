import { randomBytes } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { createTestDatabase, engines, newUser } from '../../test/harness.ts';
import { metaProcessEnv, startServerProcess, type ServerProcess } from '../../test/server-process.ts';
import { signBody } from './signature.ts';
import { fakeGraph, type FakeGraph } from './test-support/fake-graph.ts';
import { metaId, waTextPayload } from './test-support/meta-test-app.ts';

const CUSTOMERS = 150;
const ADMIN_EMAIL = 'admin@clinica-sonrisa.mx';
const ADMIN_PASSWORD = 'charla-admin-2026';

/**
 * Server processes (`src/main.ts`) on one database, Meta's deliveries sent to them over HTTP: the
 * first is killed with SIGKILL while deliveries arrive and are applied, the next goes on (on the
 * embedded database, a process started on the same data folder once the first is gone).
 */
describe.each(engines)('webhook deliveries across a kill -9 on %s', (engine) => {
  const processes: ServerProcess[] = [];
  let graph: FakeGraph | undefined;
  let drop: (() => Promise<void>) | undefined;
  afterEach(async () => {
    for (const p of processes.splice(0)) p.kill();
    await graph?.close();
    await drop?.().catch(() => undefined);
  });

  it('answers every acknowledged message exactly once', async () => {
    graph = await fakeGraph();
    const metaAppSecret = randomBytes(16).toString('hex');
    let database: Record<string, string>;
    if (engine === 'postgres') {
      const db = await createTestDatabase('postgres');
      drop = db.drop;
      database = { DATABASE_URL: db.url! };
    } else {
      const dir = mkdtempSync(path.join(tmpdir(), 'charla-kill-'));
      drop = async () => rmSync(dir, { recursive: true, force: true });
      database = { DATA_DIR: dir };
    }
    // A reply whose Graph call the kill cut off is settled by Meta's statuses (sent again only when
    // none names it within the window), so the window is short here.
    const env = { ...metaProcessEnv(graph.url, metaAppSecret), ...database, META_TIMEOUT_MS: '1000', META_CONFIRM_WINDOW_MS: '2000', JOB_LEASE_MS: '3000', ADMIN_EMAIL, ADMIN_PASSWORD };
    const start = () => {
      const p = startServerProcess(env, 90_000);
      processes.push(p);
      return p;
    };
    const first = start();
    let base = `http://127.0.0.1:${await first.ready}`;
    // Meta's statuses of the sends it accepted go to the process that is up.
    const statusesTo = () => graph!.webhooks({ url: `${base}/webhooks/meta`, appSecret: metaAppSecret });
    statusesTo();
    /** Calls as one person (their cookies kept). */
    const session = () => {
      let cookie = '';
      return async (method: string, route: string, body?: unknown) => {
        const res = await fetch(`${base}${route}`, { method, headers: { origin: 'http://127.0.0.1', cookie, 'content-type': 'application/json' }, body: JSON.stringify(body) });
        const set = res.headers.getSetCookie();
        if (set.length) cookie = set.map((c) => c.split(';')[0]).join('; ');
        expect(res.status, await res.clone().text()).toBeLessThan(300);
        return res.json();
      };
    };
    const call = session();
    const owner = newUser();
    const { user } = await call('POST', '/client/signup', owner);
    // On a plan whose monthly replies cover every customer, set by the main admin.
    const admin = session();
    await admin('POST', '/client/login', { email: ADMIN_EMAIL, password: ADMIN_PASSWORD });
    await admin('PATCH', `/api/admin/accounts/${user.id}`, { plan: 'Enterprise' });
    const bot = await call('POST', '/bot/new-bot', {
      bot_name: 'Sofía', bot_objective: 'doctor_appointment', business_name: 'Clínica Sonrisa', business_desc: '', business_url: '',
      user_email: owner.email, business_phone: '', welcome_message: '', about_bot: '', language: 'es',
    });
    const phoneNumberId = metaId();
    await call('PATCH', `/bot/${bot.bot.id}/meta-credentials`, { access_token: `EAAG${randomBytes(20).toString('hex')}`, phone_number_id: phoneNumberId, waba_id: metaId() });

    // One message from each customer, twenty at a time; the first process is killed a third of the way.
    const phone = (i: number) => `52133${String(1000_0000 + i)}`;
    const acknowledged = new Set<string>();
    // A redelivery is the same delivery (the same message id).
    const bodies = Array.from({ length: CUSTOMERS }, (_, i) => JSON.stringify(waTextPayload(phoneNumberId, phone(i), 'Hola, ¿qué horario tienen?')));
    const post = async (i: number) => {
      const raw = bodies[i]!;
      const res = await fetch(`${base}/webhooks/meta`, { method: 'POST', headers: { 'content-type': 'application/json', 'x-hub-signature-256': signBody(raw, metaAppSecret) }, body: raw }).catch(() => undefined);
      if (res?.status === 200) acknowledged.add(phone(i));
    };
    const wave = async (todo: number[]) => {
      await Promise.all(
        Array.from({ length: 20 }, async () => {
          for (let i = todo.shift(); i !== undefined; i = todo.shift()) {
            await post(i);
            if (acknowledged.size >= CUSTOMERS / 3) first.kill();
          }
        }),
      );
    };
    await wave(Array.from({ length: CUSTOMERS }, (_, i) => i));
    await first.exited;
    base = `http://127.0.0.1:${await start().ready}`;
    statusesTo();
    // Meta sends again what was not acknowledged, to the process that is up.
    await wave(Array.from({ length: CUSTOMERS }, (_, i) => i).filter((i) => !acknowledged.has(phone(i))));
    expect(acknowledged.size).toBe(CUSTOMERS);

    // Every customer answered, each with the same replies (one turn), each reply sent once.
    const sendsTo = () => {
      const counts = new Map<string, number>();
      for (const s of graph!.sends(phoneNumberId)) {
        const to = (s.body as { to: string }).to;
        counts.set(to, (counts.get(to) ?? 0) + 1);
      }
      return counts;
    };
    const until = Date.now() + 90_000;
    while (sendsTo().size < CUSTOMERS && Date.now() < until) await new Promise((r) => setTimeout(r, 250));
    await new Promise((r) => setTimeout(r, 3000));
    const counts = sendsTo();
    expect(counts.size).toBe(CUSTOMERS);
    expect(new Set(counts.values())).toEqual(new Set([counts.get(phone(0))]));
    const ids = graph.sends(phoneNumberId).map((s) => (s.body as { biz_opaque_callback_data?: string }).biz_opaque_callback_data);
    expect(new Set(ids).size).toBe(ids.length);
  }, 240_000);
});
