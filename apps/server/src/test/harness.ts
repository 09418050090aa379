import { randomBytes } from 'node:crypto';
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import pg from 'pg';
import { buildServer, type App } from '../app.ts';
import { loadConfig, type Config } from '../config.ts';
import { createDatabase, type Database } from '../db/client.ts';
import { deriveKeys } from '../lib/secrets.ts';
import { migratedSnapshot } from './pglite-snapshot.ts';
import type { Engine as ConversationEngine } from '../engine/types.ts';
import type { ModuleFaces } from '../server-modules.ts';
import { scriptedEngine } from './scripted-engine.ts';

export type Engine = 'pglite' | 'postgres';

/** PGlite always; the machine's PostgreSQL too when TEST_DATABASE_URL is set. */
export const engines: Engine[] = process.env.TEST_DATABASE_URL ? ['pglite', 'postgres'] : ['pglite'];

export interface TestApp {
  app: App;
  /** The app's modules, as main.ts gets them. */
  modules: ModuleFaces;
  database: Database;
  config: Config;
  close(): Promise<void>;
}

/** A fresh database (in-memory PGlite, or a new PostgreSQL database) with migrations applied. */
export async function createTestDatabase(engine: Engine, opts: { migrationsFolder?: string } = {}): Promise<{ database: Database; url?: string; drop(): Promise<void> }> {
  if (engine === 'pglite') {
    // From the migrated snapshot unless the test brings migrations of its own.
    const database = await createDatabase(opts.migrationsFolder ? opts : { snapshot: await migratedSnapshot() });
    await database.migrate();
    return { database, drop: () => database.close() };
  }
  const adminUrl = process.env.TEST_DATABASE_URL!;
  const name = `charla_test_${randomBytes(6).toString('hex')}`;
  const admin = new pg.Client({ connectionString: adminUrl });
  await admin.connect();
  await admin.query(`create database ${name}`);
  await admin.end();
  const url = new URL(adminUrl);
  url.pathname = `/${name}`;
  const database = await createDatabase({ ...opts, url: url.toString() });
  await database.migrate();
  return {
    database,
    url: url.toString(),
    async drop() {
      await database.close();
      const c = new pg.Client({ connectionString: adminUrl });
      await c.connect();
      await c.query(`drop database if exists ${name} with (force)`);
      await c.end();
    },
  };
}

const testSecret = randomBytes(32).toString('hex');

export async function createTestApp(
  engine: Engine,
  env: Record<string, string> = {},
  conversationEngine?: ConversationEngine,
): Promise<TestApp & { url?: string }> {
  const { database, url, drop } = await createTestDatabase(engine);
  return { ...(await appOn(database, drop, env, conversationEngine)), url };
}

/** A second process on the same PostgreSQL database (as when several servers run). */
export async function createPeerApp(url: string, env: Record<string, string> = {}): Promise<TestApp> {
  const database = await createDatabase({ url });
  return appOn(database, () => database.close(), env);
}

/** The app on a database the caller opened (a PGlite data folder, say); `drop` runs on close. */
export async function appOn(database: Database, drop: () => Promise<void>, env: Record<string, string>, conversationEngine?: ConversationEngine): Promise<TestApp> {
  const config = loadConfig({
    NODE_ENV: 'test',
    LOG_LEVEL: 'silent',
    REFRESH_REUSE_GRACE: '0',
    DATA_DIR: mkdtempSync(path.join(tmpdir(), 'charla-test-')),
    ...env,
  });
  const { app, modules } = await buildServer({ config, database, keys: deriveKeys(testSecret), engine: conversationEngine ?? scriptedEngine() });
  await app.ready();
  return {
    app,
    modules,
    database,
    config,
    async close() {
      await app.close();
      await drop();
    },
  };
}

/** The cookies a response set, as a Cookie header for the next request. */
export function cookieHeader(res: { cookies: { name: string; value: string }[] }, previous = ''): string {
  const jar = new Map(previous.split('; ').filter(Boolean).map((c) => c.split('=') as [string, string]));
  for (const c of res.cookies) {
    if (c.value === '') jar.delete(c.name);
    else jar.set(c.name, c.value);
  }
  return [...jar].map(([k, v]) => `${k}=${v}`).join('; ');
}

export const newUser = (overrides: Partial<Record<string, string>> = {}) => ({
  name: 'Ana López',
  email: `ana.${randomBytes(4).toString('hex')}@clinica.mx`,
  phone_number: '+52 33 1234 5678',
  password: 'sonrisa-2026',
  ...overrides,
});
