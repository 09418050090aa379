import { createHash, randomBytes } from 'node:crypto';
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { Writable } from 'node:stream';
import { sql } from 'drizzle-orm';
import pino from 'pino';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp, type App } from '../app.ts';
import { loadConfig } from '../config.ts';
import { cookieHeader, createTestDatabase, engines, newUser } from '../test/harness.ts';
import { scriptedEngine } from '../test/scripted-engine.ts';
import { deriveKeys } from './secrets.ts';
import { loggerOptions, scrubText, serializeError } from './logger.ts';

/** A log that keeps every line written to it. */
function captured() {
  const lines: string[] = [];
  const stream = new Writable({
    write(chunk, _enc, done) {
      lines.push(String(chunk));
      done();
    },
  });
  return { stream, text: () => lines.join('') };
}

describe('log serializers', () => {
  it('drop the values a failed query carried, keep what tells the error apart', () => {
    const cause = Object.assign(new Error('duplicate key value violates unique constraint "users_email_unique"'), {
      code: '23505',
      constraint: 'users_email_unique',
      table: 'users',
      detail: 'Key (email)=(ana@clinica.mx) already exists.',
    });
    const failed = Object.assign(new Error('Failed query: insert into "users" ("email", "password_hash") values ($1, $2)\nparams: ana@clinica.mx,$argon2id$v=19$abc'), {
      query: 'insert into "users" ("email", "password_hash") values ($1, $2)',
      params: ['ana@clinica.mx', '$argon2id$v=19$abc'],
      cause,
    });
    const out = JSON.stringify(serializeError(failed));
    expect(out).not.toContain('ana@clinica.mx');
    expect(out).not.toContain('argon2id');
    expect(out).toContain('insert into \\"users\\"');
    expect(out).toContain('users_email_unique');
    expect(out).toContain('23505');
  });

  it('cut values out of database messages and URLs', () => {
    expect(scrubText('Failing row contains (1, ana@clinica.mx, null).')).toBe('Failing row contains (…).');
    expect(scrubText('invalid input syntax for type uuid: "EAAGsecreto"')).toBe('invalid input syntax for type uuid: "…"');
    expect(scrubText('GET /oauth/access_token?client_id=1&client_secret=abc&code=xyz')).toBe(
      'GET /oauth/access_token?client_id=1&client_secret=[redacted]&code=[redacted]',
    );
    expect(scrubText('/webhooks/meta?hub.mode=subscribe&hub.verify_token=v3rify&hub.challenge=1')).toBe(
      '/webhooks/meta?hub.mode=subscribe&hub.verify_token=[redacted]&hub.challenge=1',
    );
  });

  it('redact passwords, tokens, cookies and authorization headers wherever they are logged', () => {
    const log = captured();
    const logger = pino(loggerOptions({ LOG_LEVEL: 'info' }), log.stream);
    logger.info(
      {
        password: 'sonrisa-2026',
        body: { access_token: 'EAAGtoken123', app_secret: 'appsecret99', refresh_token: 'rt-abc' },
        req: { headers: { authorization: 'Bearer xyz789', cookie: 'charla_at=jwt456' } },
      },
      'hello',
    );
    const text = log.text();
    expect(text).toContain('hello');
    for (const secret of ['sonrisa-2026', 'EAAGtoken123', 'appsecret99', 'rt-abc', 'xyz789', 'jwt456']) expect(text).not.toContain(secret);
  });
});

describe.each(engines)('the log of database errors on %s', (engine) => {
  let app: App;
  let drop: () => Promise<void>;
  let database: Awaited<ReturnType<typeof createTestDatabase>>['database'];
  const log = captured();

  beforeAll(async () => {
    ({ database, drop } = await createTestDatabase(engine));
    const config = loadConfig({ NODE_ENV: 'test', LOG_LEVEL: 'info', DATA_DIR: mkdtempSync(path.join(tmpdir(), 'charla-test-')) });
    app = await buildApp({ config, database, keys: deriveKeys(randomBytes(32).toString('hex')), engine: scriptedEngine(), logStream: log.stream });
    await app.ready();
  });
  afterAll(async () => {
    await app?.close();
    await drop?.();
  });

  /** Makes every write of `table` fail inside the database, as a broken constraint or a full disk would. */
  async function refuseWrites(table: string) {
    await database.db.execute(
      sql.raw(`create or replace function refuse_write() returns trigger language plpgsql as $$
        begin raise exception 'writes refused for this test'; end $$`),
    );
    await database.db.execute(sql.raw(`create trigger refuse_write before insert or update on ${table} for each row execute function refuse_write()`));
  }

  it('holds neither the password nor the token of requests whose queries failed', async () => {
    // A session to refresh, before writes fail.
    const account = newUser();
    const signedUp = await app.inject({ method: 'POST', url: '/client/signup', payload: account });
    expect(signedUp.statusCode).toBe(201);
    const refreshToken = signedUp.cookies.find((c) => c.name === 'charla_rt')!.value;

    await refuseWrites('refresh_tokens');
    await refuseWrites('users');
    const other = newUser({ password: 'clave-secreta-9876', phone_number: '+52 55 9876 5432' });
    const failedSignup = await app.inject({ method: 'POST', url: '/client/signup', payload: other });
    expect(failedSignup.statusCode).toBe(500);
    const failedRefresh = await app.inject({ method: 'POST', url: '/client/refresh-token', headers: { cookie: cookieHeader(signedUp) } });
    expect(failedRefresh.statusCode).toBe(500);
    // A value the database quotes in its own message.
    const token = `EAAG${randomBytes(12).toString('hex')}`;
    await database.db.execute(sql`select ${token}::uuid`).catch((err: unknown) => app.log.error({ err }, 'lookup failed'));

    const text = log.text();
    expect(text.match(/request failed/g)?.length).toBe(2);
    expect(text).toContain('lookup failed');
    for (const secret of [other.password, other.email, '9876 5432', '98765432', '$argon2id', refreshToken, createHash('sha256').update(refreshToken).digest('hex'), token]) {
      expect(text).not.toContain(secret);
    }
  });
});

describe('the request log', () => {
  async function appLogging(env: Record<string, string>) {
    const { database, drop } = await createTestDatabase('pglite');
    const log = captured();
    const config = loadConfig({ DATA_DIR: mkdtempSync(path.join(tmpdir(), 'charla-test-')), SEED_DEMO: 'false', ...env });
    const app = await buildApp({ config, database, keys: deriveKeys(randomBytes(32).toString('hex')), engine: scriptedEngine(), logStream: log.stream });
    await app.ready();
    const res = await app.inject('/healthz?probe=1');
    expect(res.statusCode).toBe(200);
    await app.close();
    await drop();
    return log.text();
  }

  it('is one short line per request at debug in development, so the start banner stays in view', async () => {
    const atInfo = await appLogging({ NODE_ENV: 'development', LOG_LEVEL: 'info' });
    expect(atInfo).not.toContain('/healthz');
    const atDebug = await appLogging({ NODE_ENV: 'development', LOG_LEVEL: 'debug' });
    const lines = atDebug.split('\n').filter((l) => l.includes('/healthz'));
    expect(lines).toHaveLength(1);
    expect(JSON.parse(lines[0]!).msg).toMatch(/^GET \/healthz 200 \d+ ms$/);
  });

  it('stays JSON, a line as the request comes and one as it ends, in production', async () => {
    const text = await appLogging({ NODE_ENV: 'production', LOG_LEVEL: 'info' });
    const lines = text.split('\n').filter(Boolean).map((l) => JSON.parse(l) as { msg: string });
    expect(lines.map((l) => l.msg)).toEqual(expect.arrayContaining(['incoming request', 'request completed']));
  });
});
