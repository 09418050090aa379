import { existsSync, readdirSync } from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../test/harness.ts';
import { evalDataPresent } from '../../test/eval-data.ts';
import { evalDir } from '../../test/paths.ts';
import { matchesGroup, normalizeForMatch } from '@charla/shared/reply-score';
import { loadDataset } from '../../eval/dataset.ts';
import { setupDatasetBot } from '../../eval/setup-bot.ts';

/**
 * A passage holds a group's fact when it holds one alternative as written or, for a table row
 * ("Duracion minutos: 90" for "90 minutos"), every number of that alternative.
 */
function holds(passage: string, group: string[]): boolean {
  if (matchesGroup(passage, group)) return true;
  const numbers = new Set(normalizeForMatch(passage).match(/\d+/g) ?? []);
  return group.some((alt) => {
    const wanted = normalizeForMatch(alt).match(/\d+/g);
    return wanted !== null && wanted.every((n) => numbers.has(n));
  });
}

const datasets = evalDataPresent()
  ? readdirSync(evalDir).filter((d) => existsSync(path.join(evalDir, d, 'cases.jsonl'))).map((d) => loadDataset(path.join(evalDir, d)))
  : [];

/** For each answer case of the datasets, the passage holding the expected facts is the first one found. */
describe.runIf(datasets.length > 0)('retrieval on the evaluation datasets', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp('pglite', { TRAINING_ALLOW_PRIVATE_URLS: 'true' });
  });
  afterAll(() => t?.close());

  it.each(datasets.map((d) => [d.name, d] as const))('%s: the right chunk ranks first', async (_name, dataset) => {
    const { bot } = await setupDatasetBot(t.modules, dataset);
    const misses: string[] = [];
    const answerCases = dataset.cases.filter((c) => c.type === 'answer' && c.expect?.length);
    for (const c of answerCases) {
      const question = c.turns.at(-1)!;
      const [top] = await t.modules.search(bot.id, bot.language, question, 5);
      if (!top || !c.expect!.every((g) => holds(`${top.heading}\n${top.text}`, g))) misses.push(`${c.id}: ${question} → ${top?.text.slice(0, 120) ?? '(nothing)'}`);
    }
    expect(misses, misses.join('\n')).toEqual([]);
  });
});
