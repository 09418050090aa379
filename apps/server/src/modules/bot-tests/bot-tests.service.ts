import { botTest, type BotTest, type BotTestRunResponse } from '@charla/shared';
import { botTestLimits } from '@charla/shared/input-rules';
import { scoreCase } from '@charla/shared/reply-score';
import { AppError } from '../../lib/errors.ts';
import { jsonColumn } from '../../lib/row-parse.ts';
import type { AccessService } from '../access/access.module.ts';
import type { UserRow } from '../auth/index.ts';
import type { Rehearse } from '../conversations/index.ts';
import type { BotTestRow, BotTestsRepository } from './bot-tests.repository.ts';
import { testClock } from './test-clock.ts';

/** The longest reply kept as a test's latest outcome. */
const REPLY_CHARS = 4000;

const expectColumn = jsonColumn(botTest.shape.expect, 'bot_tests.expect');
const expectNotColumn = jsonColumn(botTest.shape.expectNot, 'bot_tests.expect_not');

export function toBotTest(row: BotTestRow): BotTest {
  return {
    id: row.id,
    question: row.question,
    expect: expectColumn(row.expect),
    expectNot: expectNotColumn(row.expectNot),
    createdAt: row.createdAt.toISOString(),
    ...(row.lastRunAt && row.lastPassed !== null && { lastRun: { passed: row.lastPassed, reply: row.lastReply ?? '', at: row.lastRunAt.toISOString() } }),
  };
}

const sameFacts = (a: string[][], b: string[][]) => JSON.stringify(a) === JSON.stringify(b);

/**
 * The owner's saved tests of a bot: kept, deleted, and played all at once through the engine the
 * bot answers with (a rehearsal: nothing is stored in the inbox or the CRM), each scored as the
 * conversation evaluation scores an answer case.
 */
export function botTestsService(deps: { repo: BotTestsRepository; access: AccessService; rehearse: Rehearse; now?: () => Date }) {
  const { repo, access } = deps;
  const now = deps.now ?? (() => new Date());

  /** A test of a bot the caller may change; another account's test is not found. */
  async function editable(caller: UserRow, id: string) {
    const row = await repo.find(id);
    if (!row) throw new AppError('NOT_FOUND');
    await access.requireWrite(caller, row.botId, 'settings', { hidden: true });
    return row;
  }

  return {
    async list(caller: UserRow, botId: string): Promise<BotTest[]> {
      await access.requireRead(caller, botId, 'settings');
      return (await repo.list(botId)).map(toBotTest);
    },

    /** Adds a test; the same test sent again answers the stored one (`created` false). */
    async create(caller: UserRow, body: { botId: string; question: string; expect: string[][]; expectNot: string[][] }): Promise<{ test: BotTest; created: boolean }> {
      await access.requireWrite(caller, body.botId, 'settings');
      const stored = await repo.insert({ botId: body.botId, question: body.question, expect: body.expect, expectNot: body.expectNot }, botTestLimits.perBot);
      if (stored === 'full') throw new AppError('BOT_TEST_LIMIT_REACHED');
      if (stored !== 'exists') return { test: toBotTest(stored), created: true };
      const existing = await repo.findByQuestion(body.botId, body.question);
      if (existing && sameFacts(existing.expect, body.expect) && sameFacts(existing.expectNot, body.expectNot)) return { test: toBotTest(existing), created: false };
      throw new AppError('BOT_TEST_EXISTS', { question: 'BOT_TEST_EXISTS' });
    },

    async remove(caller: UserRow, id: string): Promise<void> {
      await editable(caller, id);
      if (!(await repo.remove(id))) throw new AppError('NOT_FOUND');
    },

    /** Plays every test of the bot, one after the other, and keeps each outcome as its latest run. */
    async run(caller: UserRow, botId: string): Promise<BotTestRunResponse> {
      const bot = await access.requireWrite(caller, botId, 'settings');
      const tests = await repo.list(botId);
      const started = now();
      const clock = testClock(started, bot.timezone);
      const results: BotTestRunResponse['results'] = [];
      for (const test of tests) {
        const played = await deps.rehearse(bot, [test.question], clock);
        const reply = played.replies.join('\n');
        const { pass } = scoreCase(
          { type: 'answer', expect: test.expect, expect_not: test.expectNot },
          { lastReply: reply, handedOff: played.handedOff, contact: { name: '', email: '', phone: '' }, appointments: [] },
        );
        results.push({ id: test.id, passed: pass, reply: reply.slice(0, REPLY_CHARS) });
      }
      await repo.saveRuns(results, started);
      const passed = results.filter((r) => r.passed).length;
      return { passed, failed: results.length - passed, results };
    },
  };
}

export type BotTestsService = ReturnType<typeof botTestsService>;
