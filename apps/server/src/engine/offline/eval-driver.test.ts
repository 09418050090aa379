import { existsSync, readdirSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadDataset, type Dataset, type EvalCase } from '../../eval/dataset.ts';
import { scoreCase, type CaseOutcome } from '@charla/shared/reply-score';
import { setupDatasetBot } from '../../eval/setup-bot.ts';
import { createTestApp, type TestApp } from '../../test/harness.ts';
import { evalDataPresent } from '../../test/eval-data.ts';
import { customersEvalDir, evalDir, repoEvalDir } from '../../test/paths.ts';
import { localParts, zonedTimeToUtc } from '@charla/shared/dates';
import type { ContactAppointment, EngineBot, EngineContact, EngineTools, HistoryMessage } from '../types.ts';
import { offlineEngine } from './offline-engine.ts';
import { memoryTools } from './test-support/memory-tools.ts';

/** Cases passed on the development datasets (shared/eval; 47 of 47 when written); the engine must not fall below it. */
const FLOOR = 45;
/** Cases passed on the businesses in test-support/datasets (219 of 231 with the kinds lexicon, 222 now). */
const MORE_FLOOR = 217;
/**
 * Share of the cases passed on the businesses written as customers write (shared/eval-customers
 * and the repository's tuning set: 88 of 111 by the eval command when written, 104 of 111 now).
 * The held-out set is not played here: it is read apart, to judge the method.
 */
const CUSTOMERS_FLOOR = 0.75;

const datasetsIn = (dir: string): Dataset[] =>
  existsSync(dir)
    ? readdirSync(dir)
        .filter((d) => existsSync(path.join(dir, d, 'cases.jsonl')))
        .sort()
        .map((d) => loadDataset(path.join(dir, d)))
    : [];

const development = evalDataPresent() ? datasetsIn(evalDir) : [];
/** The businesses written as customers write, beside the repository and in it (tuning). */
const customers = [...(development.length ? datasetsIn(customersEvalDir) : []), ...datasetsIn(path.join(repoEvalDir, 'tuning'))];
const more = datasetsIn(path.join(path.dirname(fileURLToPath(import.meta.url)), 'test-support', 'datasets'));

const pad = (n: number) => String(n).padStart(2, '0');
const localIso = (d: Date, tz: string) => {
  const l = localParts(d, tz);
  return `${l.year}-${pad(l.month)}-${pad(l.day)}T${pad(l.hour)}:${pad(l.minute)}`;
};

function engineBot(id: string, dataset: Dataset): EngineBot {
  const b = dataset.bot;
  return {
    id,
    botName: b.bot_name,
    businessName: b.company,
    businessDesc: b.business_description,
    template: b.speciality,
    purpose: b.purpose,
    tone: b.tone,
    personality: b.personality,
    identity: b.identity,
    responseLength: b.response_length,
    language: b.language,
    timezone: b.timezone,
    redirectionEnabled: b.handoff !== false,
    redirectionPhone: b.handoff !== false ? '+52 33 0000 0000' : '',
    appointmentMinutes: b.scheduling.slot_minutes,
  };
}

interface Booked extends ContactAppointment {
  contactName: string;
}

/**
 * One case as a conversation: each turn a minute after the last, the engine's state, history and
 * contact carried over, its book/cancel/reschedule/update_contact actions applied in memory, and
 * no more answers once it hands the conversation to a person.
 */
async function play(c: EvalCase, bot: EngineBot, dataset: Dataset, taken: { start: Date; end: Date }[], search: EngineTools['search']): Promise<CaseOutcome> {
  const engine = offlineEngine();
  const start = c.now ? new Date(c.now) : zonedTimeToUtc({ year: 2026, month: 3, day: 2, hour: 10, minute: 0 }, bot.timezone);
  let contact: EngineContact = { name: '', email: '', phone: '' };
  let state: Record<string, unknown> = {};
  const history: HistoryMessage[] = [];
  const booked: Booked[] = [];
  let handedOff = false;
  let lastReply = '';
  for (const [i, text] of c.turns.entries()) {
    if (handedOff) {
      lastReply = '';
      continue;
    }
    const now = new Date(start.getTime() + i * 60_000);
    const tools = memoryTools({ now, hours: dataset.bot.scheduling, timeZone: bot.timezone, slotMinutes: bot.appointmentMinutes, taken, upcoming: () => booked, search });
    const result = await engine.respond({ bot, now, contact, history: history.slice(-20), incoming: [text], state, tools });
    for (const a of result.actions) {
      if (a.type === 'update_contact') contact = { ...contact, ...Object.fromEntries(Object.entries(a).filter(([k, v]) => k !== 'type' && v)) };
    }
    for (const a of result.actions) {
      if (a.type === 'book') {
        booked.push({ id: `${c.id}-${booked.length}`, start: a.start, end: a.end, service: a.service, contactName: contact.name });
        taken.push({ start: a.start, end: a.end });
      } else if (a.type === 'cancel') {
        const at = booked.findIndex((b) => b.id === a.appointmentId);
        if (at >= 0) booked.splice(at, 1);
      } else if (a.type === 'reschedule') {
        const b = booked.find((x) => x.id === a.appointmentId);
        if (b) Object.assign(b, { start: a.start, end: a.end });
      }
    }
    handedOff = result.handoff || result.actions.some((a) => a.type === 'handoff');
    state = result.state;
    history.push({ direction: 'in', text }, ...result.replies.map((r) => ({ direction: 'out' as const, text: r })));
    lastReply = result.replies.join('\n');
    if (process.env.EVAL_VERBOSE) process.stdout.write(`  ${c.id} > ${text}\n  ${c.id} < ${lastReply.replace(/\n/g, ' / ')}\n`);
  }
  return {
    lastReply,
    handedOff,
    contact,
    appointments: booked.map((b) => ({ localStart: localIso(b.start, bot.timezone), contactName: b.contactName })),
  };
}

/**
 * Plays every case of the evaluation datasets through the offline engine with the real training
 * and retrieval (PGlite), availability from the bot's weekly hours in memory, and scores each
 * case as the datasets' README says. Prints PASS/FAIL per case and "N passed, N failed".
 */
describe.runIf(development.length > 0 || more.length > 0)('offline engine on the evaluation datasets', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp('pglite', { TRAINING_ALLOW_PRIVATE_URLS: 'true' });
  }, 120_000);
  afterAll(() => t?.close());

  async function playAll(datasets: Dataset[]): Promise<number> {
    const lines: string[] = [];
    const perDataset: string[] = [];
    let passed = 0;
    let failed = 0;
    for (const dataset of datasets) {
      const { bot } = await setupDatasetBot(t.modules, dataset);
      const ebot = engineBot(bot.id, dataset);
      const taken: { start: Date; end: Date }[] = [];
      let ok = 0;
      for (const c of dataset.cases) {
        const outcome = await play(c, ebot, dataset, taken, (q, k, also) => t.modules.search(bot.id, bot.language, q, k, also));
        const { pass, reason } = scoreCase(c, outcome);
        if (pass) ok++;
        lines.push(pass ? `PASS ${c.id}` : `FAIL ${c.id} (${reason}): ${outcome.lastReply.replace(/\s+/g, ' ').slice(0, 400)}`);
      }
      passed += ok;
      failed += dataset.cases.length - ok;
      perDataset.push(`${dataset.name}: ${ok}/${dataset.cases.length}`);
    }
    process.stdout.write(`${lines.join('\n')}\n${perDataset.join('\n')}\n${passed} passed, ${failed} failed\n`);
    return passed;
  }

  it.runIf(development.length > 0)('passes at least the floor on the development datasets', async () => {
    expect(await playAll(development)).toBeGreaterThanOrEqual(FLOOR);
  }, 300_000);

  it.runIf(more.length > 0)('passes at least the floor on more businesses', async () => {
    expect(await playAll(more)).toBeGreaterThanOrEqual(MORE_FLOOR);
  }, 300_000);

  it.runIf(customers.length > 0)('passes at least the floor on businesses written as customers write', async () => {
    const cases = customers.reduce((n, d) => n + d.cases.length, 0);
    expect(await playAll(customers)).toBeGreaterThanOrEqual(Math.ceil(CUSTOMERS_FLOOR * cases));
  }, 300_000);
});
