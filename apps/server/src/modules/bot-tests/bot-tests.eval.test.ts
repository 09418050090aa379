import path from 'node:path';
import { scoreCase } from '@charla/shared/reply-score';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { offlineEngine } from '../../engine/offline/offline-engine.ts';
import { loadDataset, type EvalCase } from '../../eval/dataset.ts';
import { playCase } from '../../eval/play-case.ts';
import { setupDatasetBot } from '../../eval/setup-bot.ts';
import { as, signUp, type Account } from '../../test/accounts.ts';
import { evalDataPresent } from '../../test/eval-data.ts';
import { createTestApp, type TestApp } from '../../test/harness.ts';
import { evalDir } from '../../test/paths.ts';
import { authRepository } from '../auth/auth.repository.ts';

const DATASET = 'dental-sonrisa';

/**
 * The saved tests' pass or fail agrees with the evaluation on the same cases: the dataset's
 * answer cases (one question each), each also with a fact the knowledge does not hold and with
 * its own facts forbidden, are saved and run through the route, and played and scored as the eval
 * command does; every case gets the same verdict and the same reply.
 */
describe.runIf(evalDataPresent(DATASET))('saved tests agree with the evaluation', () => {
  let t: TestApp;
  let owner: Account;
  let bot: { id: string; timezone: string };
  const cases: EvalCase[] = [];

  beforeAll(async () => {
    t = await createTestApp('pglite', {}, offlineEngine());
    owner = await signUp(t);
    const dataset = loadDataset(path.join(evalDir, DATASET));
    const user = (await authRepository(t.database).findUserById(owner.userId))!;
    ({ bot } = await setupDatasetBot(t.modules, dataset, { owner: user }));
    for (const c of dataset.cases.filter((c) => c.type === 'answer' && c.turns.length === 1 && !c.expect_contact && !c.now)) {
      cases.push(
        c,
        { ...c, id: `${c.id}-absent`, turns: [`Perdón, ${c.turns[0]}`], expect: [...c.expect!, ['no-está-en-el-conocimiento']] },
        { ...c, id: `${c.id}-forbidden`, turns: [`Una pregunta: ${c.turns[0]}`], expect_not: [c.expect![0]!] },
      );
    }
  }, 120_000);
  afterAll(() => t?.close());

  it('gives every case the verdict and the reply of the eval', async () => {
    expect(cases.length).toBeGreaterThanOrEqual(30);
    const api = as(t, owner);
    const ids = new Map<string, EvalCase>();
    for (const c of cases) {
      const res = await api({ method: 'POST', url: '/api/bot-tests', payload: { botId: bot.id, question: c.turns[0], expect: c.expect, expectNot: c.expect_not ?? [] } });
      expect(res.statusCode).toBe(201);
      ids.set(res.json().test.id, c);
    }
    const run = await api({ method: 'POST', url: '/api/bot-tests/run', payload: { botId: bot.id } });
    expect(run.statusCode).toBe(200);
    const { results } = run.json() as { results: { id: string; passed: boolean; reply: string }[] };
    expect(results).toHaveLength(cases.length);

    const verdicts: string[] = [];
    for (const result of results) {
      const c = ids.get(result.id)!;
      const { outcome } = await playCase(t.modules, t.database, bot, c);
      const evalPass = scoreCase(c, outcome).pass;
      expect(result.reply, c.id).toBe(outcome.lastReply);
      expect(result.passed, c.id).toBe(evalPass);
      verdicts.push(`${c.id}:${evalPass ? 'pass' : 'fail'}`);
    }
    // Both verdicts are represented: the originals pass, their altered copies fail.
    expect(verdicts.filter((v) => v.endsWith('-absent:pass') || v.endsWith('-forbidden:pass'))).toEqual([]);
    expect(verdicts.filter((v) => v.endsWith(':pass')).length).toBeGreaterThanOrEqual(10);
  }, 240_000);
});
