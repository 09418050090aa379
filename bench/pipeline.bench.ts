// Reply latency and throughput of the conversation pipeline with the offline engine over a bot
// whose knowledge is 10,000 chunks of Spanish business text: a message goes in through
// modules.pipeline.receive and is timed until its reply is stored (the turn's commit, seen
// as the outbound 'queued' conversationMessage event). Sequential questions on the embedded
// database (target) and on PostgreSQL (reported), then 200 concurrent customers of three
// messages each on both.
import { count, eq } from 'drizzle-orm';
import type { ConversationMessage } from '@charla/shared';
import type { BenchResult, Figure } from './lib/bench-result.ts';
import { SpanishText } from './lib/spanish-text.ts';
import { spanishQuestions, type Question, type QuestionKind } from './lib/spanish-questions.ts';
import { profiled } from './lib/profile.ts';
import { ms, summarize, type Summary } from './lib/stats.ts';
import { postgresAdminUrl, postgresAvailable, type Engine, type TestApp } from './lib/test-app.ts';
import { createTestApp } from '../apps/server/src/test/harness.ts';
import { insertBot, setPlan } from '../apps/server/src/test/fixtures.ts';
import { offlineEngine } from '../apps/server/src/engine/offline/offline-engine.ts';
import { trainingRepository, type ChunkInput } from '../apps/server/src/modules/training/training.repository.ts';
import { messages } from '../apps/server/src/modules/conversations/conversations.table.ts';

const CHUNKS = 10_000;
const DOCUMENTS = 5;
const SEQUENTIAL = 200;
const CUSTOMERS = 200;
const WARMUP = 5;
/** A reply not stored within this long counts as lost. */
const REPLY_TIMEOUT_MS = 30_000;
/** Wall-clock allowed per phase; past it no new message is sent (BENCH_PIPELINE_BUDGET seconds overrides all). */
const budgetOverride = Number(process.env.BENCH_PIPELINE_BUDGET) * 1000;
const budget = (fallback: number) => (budgetOverride > 0 ? budgetOverride : fallback);
const sequentialBudgetMs: Record<Engine, number> = { pglite: budget(30_000), postgres: budget(15_000) };
const concurrentBudgetMs: Record<Engine, number> = { pglite: budget(30_000), postgres: budget(30_000) };
const maxP95Ms = 50;

const followUps = [
  '¿Y cuánto cuesta?',
  '¿Lo tienen en otro color?',
  '¿Hacen envíos a Guadalajara?',
  '¿Hasta qué hora abren hoy?',
  '¿Aceptan tarjeta de crédito?',
  '¿Tiene garantía?',
  'ok, ¿y en la sucursal del centro?',
  '¿Cuánto tarda en llegar?',
];
const thanks = ['¡Gracias!', 'muchas gracias, eso era todo', 'ok gracias', 'Perfecto, gracias 👍', 'grax'];

function buildCorpus(): { name: string; chunks: ChunkInput[] }[] {
  const g = new SpanishText(2026);
  const names = ['Catálogo general', 'Sucursales y horarios', 'Servicios', 'Políticas y garantías', 'Preguntas frecuentes'];
  const documents = names.slice(0, DOCUMENTS).map((name) => ({ name, chunks: [] as ChunkInput[] }));
  for (let i = 0; i < CHUNKS; i++) documents[i % DOCUMENTS]!.chunks.push(g.passage());
  return documents;
}

/**
 * Times replies by the realtime events the pipeline emits: a turn emits its customer messages as
 * 'processed' and then its stored replies (one after the other, without awaiting in between), so
 * the first outbound 'queued' message after an inbound 'processed' one is that inbound's reply.
 */
function replyWatcher(app: TestApp['app']) {
  const realtime = app.realtime;
  const original = realtime.toRoom;
  const lastProcessed = new Map<string, string>();
  const answered = new Map<string, number>();
  const waiters = new Map<string, (at: number) => void>();
  realtime.toRoom = function (room: string, event: string, ...args: unknown[]) {
    if (event === 'conversationMessage') {
      const m = (args[0] as { message: ConversationMessage }).message;
      if (m.direction === 'in' && m.status === 'processed') lastProcessed.set(m.conversationId, m.id);
      else if (m.direction === 'out' && m.status === 'queued') {
        const inboundId = lastProcessed.get(m.conversationId);
        if (inboundId) {
          lastProcessed.delete(m.conversationId);
          const at = performance.now();
          const waiter = waiters.get(inboundId);
          if (waiter) waiter(at);
          else answered.set(inboundId, at);
        }
      }
    }
    (original as (...a: unknown[]) => void).call(realtime, room, event, ...args);
  } as typeof original;

  /** Milliseconds of the stored reply's arrival (performance.now()), or null after REPLY_TIMEOUT_MS. */
  const replyTo = (inboundId: string): Promise<number | null> => {
    const early = answered.get(inboundId);
    if (early !== undefined) {
      answered.delete(inboundId);
      return Promise.resolve(early);
    }
    return new Promise((resolve) => {
      const timer = setTimeout(() => {
        waiters.delete(inboundId);
        resolve(null);
      }, REPLY_TIMEOUT_MS);
      waiters.set(inboundId, (at) => {
        clearTimeout(timer);
        waiters.delete(inboundId);
        resolve(at);
      });
    });
  };
  return { replyTo, restore: () => (realtime.toRoom = original) };
}

type Ask = (contact: string, text: string) => Promise<number | null>;

async function setup(engine: Engine, corpus: ReturnType<typeof buildCorpus>) {
  if (engine === 'postgres' && !process.env.TEST_DATABASE_URL) process.env.TEST_DATABASE_URL = postgresAdminUrl;
  const t = await createTestApp(engine, {}, offlineEngine());
  const repo = trainingRepository(t.database.db);
  const { bot, user } = await insertBot(t.database, {
    language: 'es',
    botName: 'Sofía',
    businessName: 'Comercial Bench',
    businessDesc: 'Tienda departamental con sucursales en varias ciudades.',
    purpose: 'customer_service',
  });
  await setPlan(t.database, user.id, 'Enterprise');
  const started = performance.now();
  for (const d of corpus) {
    const doc = await repo.insertDocument({ botId: bot.id, documentName: d.name, mimeType: 'Text Training', trainingType: 'TEXT' });
    const content = d.chunks.map((c) => `${c.heading}\n${c.text}`).join('\n\n');
    if (!(await repo.indexDocument(doc, 'spanish', d.chunks, content))) throw new Error(`${d.name} was not indexed`);
  }
  const indexMs = performance.now() - started;
  const indexed = await repo.countChunks(bot.id);
  if (indexed !== CHUNKS) throw new Error(`${indexed} chunks indexed, ${CHUNKS} expected`);

  const watcher = replyWatcher(t.app);
  let n = 0;
  /** Sends one message and answers the milliseconds until its reply was stored (null: no reply in time). */
  const ask: Ask = async (contact, text) => {
    const t0 = performance.now();
    const stored = await t.modules.pipeline.receive({
      botId: bot.id,
      channel: 'playground',
      contactExternalId: contact,
      externalId: `bench-${engine}-${++n}`,
      text,
      at: new Date(),
    });
    if (stored === 'duplicate') throw new Error('a fresh message was taken for a duplicate');
    const at = await watcher.replyTo(stored.message.id);
    return at === null ? null : at - t0;
  };
  const outboundByStatus = async () => {
    const rows = await t.database.db
      .select({ status: messages.status, n: count() })
      .from(messages)
      .where(eq(messages.direction, 'out'))
      .groupBy(messages.status);
    return rows.map((r) => `${r.n} ${r.status}`).join(', ');
  };
  return {
    indexMs,
    ask,
    outboundByStatus,
    async close() {
      watcher.restore();
      await t.close();
    },
  };
}

interface Sequential {
  measured: number;
  lost: number;
  all: Summary;
  byKind: Map<QuestionKind, Summary>;
}

async function sequential(engine: Engine, ask: Ask, questions: Question[]): Promise<Sequential> {
  for (let i = 0; i < WARMUP; i++) await ask(`warmup-${i}`, questions[questions.length - 1 - i]!.text);
  const deadline = performance.now() + sequentialBudgetMs[engine];
  const samples: { kind: QuestionKind; ms: number }[] = [];
  let lost = 0;
  await profiled(`pipeline-sequential-${engine}`, async () => {
    for (const [i, q] of questions.slice(0, SEQUENTIAL).entries()) {
      if (performance.now() > deadline) break;
      const elapsed = await ask(`seq-${i}`, q.text);
      if (elapsed === null) lost++;
      else samples.push({ kind: q.kind, ms: elapsed });
    }
  });
  const byKind = new Map<QuestionKind, Summary>();
  for (const kind of new Set(samples.map((s) => s.kind))) byKind.set(kind, summarize(samples.filter((s) => s.kind === kind).map((s) => s.ms)));
  return { measured: samples.length, lost, all: summarize(samples.map((s) => s.ms)), byKind };
}

interface Concurrent {
  replies: number;
  lost: number;
  wallMs: number;
  perSec: number;
  all: Summary;
  customersDone: number;
}

async function concurrent(engine: Engine, ask: Ask, questions: Question[]): Promise<Concurrent> {
  const deadline = performance.now() + concurrentBudgetMs[engine];
  const samples: number[] = [];
  let lost = 0;
  let customersDone = 0;
  const started = performance.now();
  await profiled(`pipeline-concurrent-${engine}`, () =>
    Promise.all(
      Array.from({ length: CUSTOMERS }, async (_, c) => {
        const script = [questions[c % questions.length]!.text, followUps[c % followUps.length]!, thanks[c % thanks.length]!];
        for (const text of script) {
          if (performance.now() > deadline) return;
          const elapsed = await ask(`customer-${engine}-${c}`, text);
          if (elapsed === null) return void lost++;
          samples.push(elapsed);
        }
        customersDone++;
      }),
    ),
  );
  const wallMs = performance.now() - started;
  return { replies: samples.length, lost, wallMs, perSec: (samples.length / wallMs) * 1000, all: summarize(samples), customersDone };
}

const label = (engine: Engine) => (engine === 'pglite' ? 'PGlite' : 'PostgreSQL');

export default async function pipelineBench(): Promise<BenchResult> {
  const corpus = buildCorpus();
  const samples = corpus.flatMap((d) => d.chunks.slice(0, 100).map((c) => c.text));
  const questions = spanishQuestions(47, SEQUENTIAL + WARMUP, samples);
  const customerQuestions = spanishQuestions(53, CUSTOMERS, samples);
  const notes = [
    `offline engine; a bot with ${CHUNKS.toLocaleString('en-US')} chunks in ${DOCUMENTS} documents (trainingRepository.indexDocument), no opening hours; ` +
      'latency = pipeline.receive() called → the reply stored (the outbound conversationMessage event right after the turn commits)',
    `sequential: up to ${SEQUENTIAL} questions of every kind (prices, products, hours, places, deliveries, policies, services, typos, numbers, things not sold), ` +
      `each in a new conversation, after ${WARMUP} unmeasured ones`,
    `concurrent: ${CUSTOMERS} customers at once, each sending a question, a follow-up and thanks, each after the previous reply was stored`,
  ];
  const figures: Figure[] = [];
  let pass = false;

  const pgReady = await postgresAvailable();
  const engines: Engine[] = pgReady === true ? ['pglite', 'postgres'] : ['pglite'];
  if (pgReady !== true) notes.push(`PostgreSQL not measured: ${new URL(postgresAdminUrl).host} did not answer (${pgReady})`);

  for (const engine of engines) {
    const L = label(engine);
    const s = await setup(engine, corpus);
    try {
      const seq = await sequential(engine, s.ask, questions);
      const conc = await concurrent(engine, s.ask, customerQuestions);
      if (engine === 'pglite') pass = seq.lost === 0 && seq.measured > 0 && seq.all.p95 < maxP95Ms;
      figures.push(
        { name: `${L}: index 10,000 chunks`, value: Math.round(s.indexMs), unit: 'ms' },
        { name: `${L}: sequential replies measured`, value: seq.measured, unit: `of ${SEQUENTIAL}` },
        { name: `${L}: reply p50`, value: ms(seq.all.p50), unit: 'ms' },
        { name: `${L}: reply p95`, value: ms(seq.all.p95), unit: 'ms' },
        { name: `${L}: reply max`, value: ms(seq.all.max), unit: 'ms' },
        { name: `${L}: ${CUSTOMERS} customers, replies`, value: conc.replies, unit: `of ${CUSTOMERS * 3}` },
        { name: `${L}: ${CUSTOMERS} customers, throughput`, value: Math.round(conc.perSec * 10) / 10, unit: 'replies/s' },
        { name: `${L}: ${CUSTOMERS} customers, reply p50`, value: ms(conc.all.p50), unit: 'ms' },
        { name: `${L}: ${CUSTOMERS} customers, reply p95`, value: ms(conc.all.p95), unit: 'ms' },
      );
      notes.push(
        seq.measured + seq.lost < SEQUENTIAL
          ? `${L} sequential: stopped at the ${sequentialBudgetMs[engine] / 1000} s budget after ${seq.measured + seq.lost} of ${SEQUENTIAL} questions (BENCH_PIPELINE_BUDGET=<seconds> allows more)`
          : `${L} sequential: all ${SEQUENTIAL} questions sent`,
        `${L} sequential by kind (p50/p95 ms): ` + [...seq.byKind].map(([k, v]) => `${k} ${ms(v.p50)}/${ms(v.p95)}`).join(', '),
        `${L} concurrent: ${conc.replies} replies in ${(conc.wallMs / 1000).toFixed(1)} s, ${conc.customersDone} of ${CUSTOMERS} customers finished all 3 messages` +
          (conc.customersDone < CUSTOMERS ? ` (no new message after the ${concurrentBudgetMs[engine] / 1000} s budget)` : '') +
          `, max ${ms(conc.all.max)} ms`,
      );
      if (seq.lost + conc.lost > 0) notes.push(`${L}: ${seq.lost + conc.lost} replies not stored within ${REPLY_TIMEOUT_MS / 1000} s, left out of the figures (the outbound count below shows whether they came later)`);
      notes.push(`${L} outbound messages at the end: ${await s.outboundByStatus()}`);
    } finally {
      await s.close();
    }
  }

  return {
    figures,
    target: `PGlite sequential reply p95 < ${maxP95Ms} ms (throughput and PostgreSQL reported, no target)`,
    pass,
    notes,
  };
}
