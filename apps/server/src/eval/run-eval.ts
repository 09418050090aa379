// npm run eval -- <dataset folder> [more folders] [--out DIR] [--floor FILE]
// Creates each business through the product's services, trains it through the real pipeline,
// plays every case, scores it, prints a line per case and "N passed, N failed", writes a JSON report.
import { mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { randomBytes } from 'node:crypto';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { buildServer } from '../app.ts';
import { loadConfig } from '../config.ts';
import { createDatabase } from '../db/client.ts';
import { createEngine } from '../engine/create-engine.ts';
import { deriveKeys } from '../lib/secrets.ts';
import { loadDataset } from './dataset.ts';
import { playCase } from './play-case.ts';
import { scoreCase } from '@charla/shared/reply-score';
import { setupDatasetBot } from './setup-bot.ts';

const args = process.argv.slice(2);
const option = (name: string) => {
  const i = args.indexOf(name);
  return i >= 0 ? args.splice(i, 2)[1] : undefined;
};
const outDir = path.resolve(option('--out') ?? 'eval-results');
const floorFile = option('--floor');
if (!args.length) {
  console.error('usage: npm run eval -- <dataset folder> [more folders] [--out DIR] [--floor FILE]');
  process.exit(2);
}

const config = loadConfig({
  ...process.env,
  // The evaluation runs on its own embedded database, whatever the shell points at.
  DATABASE_URL: undefined,
  NODE_ENV: 'test',
  LOG_LEVEL: process.env.LOG_LEVEL ?? 'error',
  TRAINING_ALLOW_PRIVATE_URLS: 'true',
  DATA_DIR: path.join(tmpdir(), `charla-eval-${randomBytes(4).toString('hex')}`),
});
const database = await createDatabase({});
await database.migrate();
const { app, modules } = await buildServer({ config, database, keys: deriveKeys(randomBytes(32).toString('hex')), engine: createEngine(config) });
await app.ready();

let passed = 0;
let failed = 0;
try {
  mkdirSync(outDir, { recursive: true });
  for (const dir of args) {
    const dataset = loadDataset(dir);
    const { bot } = await setupDatasetBot(modules, dataset);
    const report = [];
    for (const c of dataset.cases) {
      // A case that breaks (a turn never answered) fails alone; the others still play.
      const played = await playCase(modules, database, bot, c).catch((err: unknown) => ({ error: err instanceof Error ? err.message : String(err) }));
      if ('error' in played) {
        failed++;
        console.log(`FAIL ${c.id} (error): ${played.error}`);
        report.push({ id: c.id, type: c.type, pass: false, reason: played.error, turns: [], outcome: null });
        continue;
      }
      const { turns, outcome } = played;
      const { pass, reason } = scoreCase(c, outcome);
      if (pass) passed++;
      else failed++;
      console.log(pass ? `PASS ${c.id}` : `FAIL ${c.id} (${reason}): ${outcome.lastReply.replace(/\s+/g, ' ').slice(0, 300)}`);
      report.push({ id: c.id, type: c.type, pass, reason: reason ?? null, turns, outcome });
    }
    const file = path.join(outDir, `${dataset.name}.json`);
    writeFileSync(file, JSON.stringify({ dataset: dataset.name, engine: config.AI_PROVIDER, cases: report }, null, 2));
  }
} finally {
  await app.close();
  await database.close();
}
console.log(`${passed} passed, ${failed} failed`);
if (floorFile) {
  // A share of the cases, so the floor holds for any set of businesses played.
  const floor = (JSON.parse(readFileSync(floorFile, 'utf8')) as { pass_rate: number }).pass_rate;
  const rate = passed / Math.max(1, passed + failed);
  if (rate < floor) {
    console.error(`below the floor: ${passed} of ${passed + failed} passed (${(rate * 100).toFixed(1)}%), the floor is ${(floor * 100).toFixed(1)}%`);
    process.exit(1);
  }
}
