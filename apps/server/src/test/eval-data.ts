import { existsSync } from 'node:fs';
import path from 'node:path';
import { evalDir } from './paths.ts';

/**
 * Whether the evaluation datasets (or one file or folder of them) are at `evalDir`. Tests that
 * read them skip when they are not: under CI (`CI` set) their absence is an error that fails the
 * run, elsewhere the skip and its reason are printed so it is never silent.
 */
export function evalDataPresent(part = '.', env: NodeJS.ProcessEnv = process.env): boolean {
  const where = path.resolve(evalDir, part);
  if (existsSync(where)) return true;
  const reason = `the evaluation datasets are missing (${where}); set EVAL_DIR to where they are`;
  if (env.CI) throw new Error(`${reason}. CI runs every test that reads them.`);
  console.warn(`skipped: tests that read ${reason}`);
  return false;
}
