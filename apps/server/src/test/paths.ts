import path from 'node:path';
import { fileURLToPath } from 'node:url';

export const repoRoot = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../../..');
/** The evaluation datasets beside the repository (shared/eval); EVAL_DIR overrides it. */
export const evalDir = process.env.EVAL_DIR ?? path.resolve(repoRoot, '../shared/eval');
