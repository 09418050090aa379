import path from 'node:path';
import { fileURLToPath } from 'node:url';

export const repoRoot = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../../..');
/** The evaluation datasets beside the repository (shared/eval); EVAL_DIR overrides it. */
export const evalDir = process.env.EVAL_DIR ?? path.resolve(repoRoot, '../shared/eval');
/** The businesses written as customers write (shared/eval-customers); EVAL_CUSTOMERS_DIR overrides it. */
export const customersEvalDir = process.env.EVAL_CUSTOMERS_DIR ?? path.resolve(evalDir, '../eval-customers');
/** The businesses kept in the repository for the evaluation: `tuning` (played by CI) and `held-out` (read apart). */
export const repoEvalDir = path.resolve(repoRoot, 'apps/server/src/eval/datasets');
