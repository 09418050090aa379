import fs from 'node:fs';
import { mkdtemp, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import type { FastifyBaseLogger } from 'fastify';
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { createDatabase, type Database } from '../../db/client.ts';
import { appOn } from '../../test/harness.ts';
import { scriptedEngine } from '../../test/scripted-engine.ts';
import { openInboxJournal } from './inbox-journal.ts';
import { webhookInbox } from './meta.table.ts';
import { fakeGraph } from './test-support/fake-graph.ts';
import { APP_SECRET, botMessages, postWebhook, waTextPayload, whatsappBot } from './test-support/meta-test-app.ts';

const warned: string[] = [];
const log = { warn: (_o: unknown, msg: string) => warned.push(msg), info: () => undefined, error: () => undefined } as unknown as FastifyBaseLogger;

describe('the webhook journal (the embedded database)', () => {
  let database: Database;
  let dir: string;
  beforeAll(async () => {
    database = await createDatabase({});
    await database.migrate();
  });
  afterAll(() => database?.close());
  beforeEach(async () => {
    dir = await mkdtemp(path.join(os.tmpdir(), 'charla-journal-'));
    await database.db.delete(webhookInbox);
    warned.length = 0;
  });
  afterEach(() => rm(dir, { recursive: true, force: true }));
  const bodies = async () => (await database.db.select().from(webhookInbox).orderBy(webhookInbox.id)).map((r) => r.body);

  it('keeps what it acknowledged across a crash, moves each record once, and cuts off a record torn by the crash', async () => {
    const first = openInboxJournal(dir, database.db, log);
    first.write(['{"n":1}', '{"n":2,"texto":"¿Tienen citas mañana?"}']);
    first.write(['{"n":3}']);
    expect(first.waiting).toBe(3);
    expect(await first.move()).toBe(3);
    first.write(['{"n":4}']);
    // The process dies here: record 4 written (acknowledged) but not moved, and half of a fifth written, never acknowledged.
    fs.appendFileSync(path.join(dir, 'journal'), Buffer.from([0, 0, 1, 0, 9, 9]));

    const second = openInboxJournal(dir, database.db, log);
    expect(warned).toEqual(['webhook journal: a record torn by a crash (never acknowledged) is cut off']);
    expect(second.waiting).toBe(1);
    expect(await second.move()).toBe(1);
    expect(await second.move()).toBe(0);
    second.write(['{"n":5}']);
    expect(await second.move()).toBe(1);
    expect(await bodies()).toEqual(['{"n":1}', '{"n":2,"texto":"¿Tienen citas mañana?"}', '{"n":3}', '{"n":4}', '{"n":5}']);
    await second.close();
    await first.close();
  });

  it('starts again empty once everything in a long journal has moved', async () => {
    const journal = openInboxJournal(dir, database.db, log);
    const big = JSON.stringify({ texto: 'x'.repeat(300_000) });
    for (let i = 0; i < 15; i++) journal.write([big]);
    expect(fs.statSync(path.join(dir, 'journal')).size).toBeGreaterThan(4 * 1024 * 1024);
    expect(await journal.move()).toBe(15);
    expect(fs.statSync(path.join(dir, 'journal')).size).toBe(0);
    journal.write(['{"after":true}']);
    await journal.close();
    const reopened = openInboxJournal(dir, database.db, log);
    expect(await reopened.move()).toBe(1);
    expect((await bodies()).at(-1)).toBe('{"after":true}');
    expect(await bodies()).toHaveLength(16);
    await reopened.close();
  });
});

describe('a WhatsApp delivery on the embedded database in a data folder', () => {
  it('is answered from the journal by the server that starts after a crash', async () => {
    const dir = await mkdtemp(path.join(os.tmpdir(), 'charla-journal-app-'));
    const graph = await fakeGraph();
    // The same key in both lives of the server, as the data folder keeps it for `npm start`.
    const env = { META_APP_SECRET: APP_SECRET, META_GRAPH_URL: graph.url, APP_SECRET: 'journal-test-app-secret-0123456789abcdef' };
    try {
      let database = await createDatabase({ dataDir: dir });
      await database.migrate();
      let t = await appOn(database, () => database.close(), env, scriptedEngine());
      await t.app.ready();
      const { botId, phoneNumberId } = await whatsappBot(t);
      const res = await postWebhook(t, waTextPayload(phoneNumberId, '5213311112222', 'Hola, ¿abren el sábado?'));
      expect(res.statusCode).toBe(200);
      expect((await botMessages(t, botId)).map((r) => r.text)).toContain('Hola, ¿abren el sábado?');

      // A delivery the journal holds but that never reached the table: the process died after the acknowledgement.
      await t.close();
      const crashed = openInboxJournal(path.join(dir, 'webhook-inbox'), undefined as never, log);
      crashed.write([JSON.stringify(waTextPayload(phoneNumberId, '5213311112222', '¿Y a qué hora?'))]);
      await crashed.close();

      database = await createDatabase({ dataDir: dir });
      t = await appOn(database, () => database.close(), env, scriptedEngine());
      await t.app.ready();
      await t.app.webhookInbox.drained();
      const texts = (await botMessages(t, botId)).filter((r) => r.direction === 'in').map((r) => r.text);
      expect(texts.sort()).toEqual(['Hola, ¿abren el sábado?', '¿Y a qué hora?'].sort());
      await t.close();
    } finally {
      await graph.close();
      await rm(dir, { recursive: true, force: true });
    }
  }, 60_000);
});
