import { randomBytes } from 'node:crypto';
import { once } from 'node:events';
import net from 'node:net';
import pg from 'pg';
import { afterEach, describe, expect, it } from 'vitest';
import { createPeerApp, createTestApp, engines, type TestApp } from './test/harness.ts';
import { startServerProcess, type ServerProcess } from './test/server-process.ts';

const running: ServerProcess[] = [];
afterEach(() => {
  for (const p of running.splice(0)) p.kill();
});
function start(env: Record<string, string>) {
  const p = startServerProcess(env);
  running.push(p);
  return p;
}

/** Requests to `/healthz` from `workers` loops until `until` resolves; each gives up after 2 s. */
async function load(port: number, until: Promise<unknown>, workers = 8) {
  let done = false;
  void until.finally(() => (done = true));
  let answered = 0;
  await Promise.all(
    Array.from({ length: workers }, async () => {
      while (!done) {
        const res = await fetch(`http://127.0.0.1:${port}/healthz`, { signal: AbortSignal.timeout(2000) }).catch(() => undefined);
        if (res) {
          await res.arrayBuffer().catch(() => undefined);
          answered++;
        } else await new Promise((r) => setTimeout(r, 20));
      }
    }),
  );
  return answered;
}

describe('a clean stop', () => {
  const shutdownTimeout = 3000;

  it.each([
    ['nobody reads its stdout pipe', 'unread'],
    ['its stdout pipe is closed', 'closed'],
  ])('exits within SHUTDOWN_TIMEOUT under load when %s', async (_name, pipe) => {
    const server = start({ SHUTDOWN_TIMEOUT: String(shutdownTimeout) });
    const port = await server.ready;
    if (pipe === 'unread') server.child.stdout!.pause();
    else server.child.stdout!.destroy();
    server.child.stdout!.removeAllListeners('data');

    // Each request logs two lines: far more than a pipe holds (64 KB).
    let signalled = 0;
    const loaded = load(port, server.exited);
    await new Promise((r) => setTimeout(r, 2500));
    signalled = Date.now();
    server.child.kill('SIGTERM');
    const exit = await Promise.race([server.exited, new Promise<undefined>((r) => setTimeout(r, shutdownTimeout + 7000))]);
    expect(exit, `still running ${shutdownTimeout + 7000} ms after SIGTERM:\n${server.stderr()}`).toBeDefined();
    // The process's own deadline plus the time a loaded machine takes to tear a process down.
    expect(exit!.at - signalled).toBeLessThan(shutdownTimeout + 2000);
    expect(await loaded).toBeGreaterThan(0);
  }, 90_000);

  it('exits at once on a second SIGTERM while the first waits for a request', async () => {
    const server = start({ SHUTDOWN_TIMEOUT: '60000' });
    const port = await server.ready;
    // A request whose body never finishes keeps the server's close waiting.
    const socket = net.connect(port, '127.0.0.1');
    await once(socket, 'connect');
    socket.write(`POST /client/login HTTP/1.1\r\nHost: 127.0.0.1\r\nContent-Type: application/json\r\nContent-Length: 1000\r\n\r\n{"email":`);
    socket.on('error', () => undefined);
    await new Promise((r) => setTimeout(r, 300));
    server.child.kill('SIGTERM');
    await new Promise((r) => setTimeout(r, 1500));
    expect(server.child.exitCode).toBeNull();
    server.child.kill('SIGTERM');
    const exit = await Promise.race([server.exited, new Promise<undefined>((r) => setTimeout(r, 10_000))]);
    socket.destroy();
    expect(exit, 'still running 10 s after a second SIGTERM').toBeDefined();
    expect(exit!.code).toBe(1);
  }, 90_000);
});

describe.runIf(process.env.TEST_DATABASE_URL)('two processes started together on an empty PostgreSQL database', () => {
  it('both come up, and only the one that created the admin account shows its password', async () => {
    const adminUrl = process.env.TEST_DATABASE_URL!;
    const name = `charla_start_${randomBytes(6).toString('hex')}`;
    const admin = new pg.Client({ connectionString: adminUrl });
    await admin.connect();
    await admin.query(`create database ${name}`);
    try {
      const url = new URL(adminUrl);
      url.pathname = `/${name}`;
      const env = { DATABASE_URL: url.toString(), APP_SECRET: randomBytes(32).toString('hex') };
      const servers = [start(env), start(env)];
      const ports = await Promise.all(servers.map((s) => s.ready));
      for (const port of ports) expect((await fetch(`http://127.0.0.1:${port}/readyz`)).status).toBe(200);
      const banners = servers.map((s) => s.stdout().match(/Cuenta de administración creada: \S+ \/ (\S+)/)?.[1]);
      expect(banners.filter(Boolean)).toHaveLength(1);
      const password = banners.find(Boolean)!;
      const login = await fetch(`http://127.0.0.1:${ports[0]}/client/login`, {
        method: 'POST',
        headers: { 'content-type': 'application/json', origin: `http://127.0.0.1:${ports[0]}` },
        body: JSON.stringify({ email: 'admin@charla.local', password }),
      });
      expect(login.status).toBe(200);
      for (const s of servers) s.child.kill('SIGTERM');
      for (const s of servers) expect((await s.exited).code).toBe(0);
    } finally {
      await admin.query(`drop database if exists ${name} with (force)`);
      await admin.end();
    }
  }, 120_000);
});

describe.each(engines)('the admin account on %s', (engine) => {
  let t: TestApp;
  let peer: TestApp | undefined;
  afterEach(async () => {
    await peer?.close();
    await t?.close();
  });

  it('is created once when two starts race: only the winner answers a password, and it signs in', async () => {
    const created = await createTestApp(engine);
    t = created;
    peer = created.url ? await createPeerApp(created.url) : undefined;
    const [a, b] = await Promise.all([t.modules.auth.ensureAdmin('admin@charla.local', undefined), (peer ?? t).modules.auth.ensureAdmin('admin@charla.local', undefined)]);
    expect([a.created, b.created].filter(Boolean)).toHaveLength(1);
    const password = (a.password ?? b.password)!;
    expect([a.password, b.password].filter(Boolean)).toEqual([password]);
    const login = await t.app.inject({ method: 'POST', url: '/client/login', payload: { email: 'admin@charla.local', password } });
    expect(login.statusCode).toBe(200);
  });
});
