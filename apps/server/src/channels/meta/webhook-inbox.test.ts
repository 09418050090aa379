import type { FastifyBaseLogger } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { engines } from '../../test/harness.ts';
import { scriptedEngine } from '../../test/scripted-engine.ts';
import { webhookInbox } from './meta.table.ts';
import { createWebhookInbox } from './webhook-inbox.ts';
import { botMessages, metaTestApp, postWebhook, waTextPayload, whatsappBot, type MetaTestApp } from './test-support/meta-test-app.ts';

describe.each(engines)('the webhook inbox on %s', (dbEngine) => {
  let m: MetaTestApp;
  const engine = scriptedEngine();

  beforeAll(async () => {
    m = await metaTestApp(dbEngine, {}, engine);
    await m.t.app.ready();
  });
  afterAll(() => m?.close());

  const readyz = async () => (await m.t.app.inject('/readyz')).json().webhookBacklog as { waiting: number; oldestSeconds: number; failed: number };

  it('acknowledges a delivery once it is stored, before it is applied; /readyz shows the backlog until the reader takes it', async () => {
    const { botId, phoneNumberId } = await whatsappBot(m.t);
    await m.t.app.webhookInbox.stop();
    try {
      const res = await postWebhook(m.t, waTextPayload(phoneNumberId, '5213311110001', 'Hola, ¿tienen citas hoy?'), { drained: false });
      expect(res.statusCode).toBe(200);
      expect(await botMessages(m.t, botId)).toEqual([]);
      await new Promise((r) => setTimeout(r, 1100));
      const backlog = await readyz();
      expect(backlog.waiting).toBe(1);
      expect(backlog.oldestSeconds).toBeGreaterThanOrEqual(1);
    } finally {
      m.t.app.webhookInbox.start();
    }
    await m.t.app.webhookInbox.drained();
    const rows = await botMessages(m.t, botId);
    expect(rows.filter((r) => r.direction === 'in').map((r) => r.text)).toEqual(['Hola, ¿tienen citas hoy?']);
    expect(await readyz()).toEqual({ waiting: 0, oldestSeconds: 0, failed: 0 });
    expect(await m.t.database.db.select().from(webhookInbox)).toEqual([]);
  });

  it("applies each customer's messages in the order they were acknowledged, customers side by side, each once", async () => {
    const { botId, phoneNumberId } = await whatsappBot(m.t);
    const customers = ['5213311110011', '5213311110012', '5213311110013'];
    await m.t.app.webhookInbox.stop();
    const sent = new Map<string, string[]>(customers.map((c) => [c, []]));
    try {
      // Concurrent deliveries, eight per customer, acknowledged in whatever order they land.
      await Promise.all(
        customers.flatMap((from) =>
          Array.from({ length: 8 }, async (_, i) => {
            const res = await postWebhook(m.t, waTextPayload(phoneNumberId, from, `${from.slice(-2)}-${i}`), { drained: false });
            expect(res.statusCode).toBe(200);
          }),
        ),
      );
      // The order of acknowledgement is the order of the inbox.
      const appended = await m.t.database.db.select().from(webhookInbox).orderBy(webhookInbox.id);
      for (const row of appended) {
        const message = (JSON.parse(row.body) as { entry: { changes: { value: { messages: { from: string; text: { body: string } }[] } }[] }[] }).entry[0]!.changes[0]!.value.messages[0]!;
        sent.get(message.from)!.push(message.text.body);
      }
    } finally {
      m.t.app.webhookInbox.start();
    }
    await m.t.app.webhookInbox.drained();
    // In the order they were stored (channels give times to the second).
    const rows = (await botMessages(m.t, botId)).filter((r) => r.direction === 'in').sort((a, b) => a.seq - b.seq);
    expect(rows).toHaveLength(24);
    for (const from of customers) {
      const texts = rows.filter((r) => r.text.startsWith(from.slice(-2))).map((r) => r.text);
      expect(texts).toEqual(sent.get(from));
    }
  });

  it('keeps a delivery it cannot apply and reads it again; the others of that read are done at once', async () => {
    await m.t.app.webhookInbox.stop();
    const seen: number[][] = [];
    const quiet = { info: () => undefined, warn: () => undefined, error: () => undefined } as unknown as FastifyBaseLogger;
    const inbox = createWebhookInbox({
      db: m.t.database.db,
      log: quiet,
      leaseMs: 3000,
      pollMs: 10,
      async apply(rows) {
        seen.push(rows.map((r) => JSON.parse(r.body).n as number));
        const failing = seen.length === 1 ? rows.find((r) => JSON.parse(r.body).n === 2) : undefined;
        return { failed: new Map(failing ? [[failing.id, 'the database went away']] : []), deferred: new Set() };
      },
    });
    try {
      await Promise.all([1, 2, 3].map((n) => inbox.append(JSON.stringify({ n }))));
      inbox.start();
      await inbox.drained();
      expect(seen).toEqual([[1, 2, 3], [2]]);
      expect(await inbox.backlog()).toEqual({ waiting: 0, oldestSeconds: 0, failed: 0 });
    } finally {
      await inbox.stop();
      m.t.app.webhookInbox.start();
    }
  });
});
