import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';

/** The evaluation datasets' folder (businesses with their knowledge files); EVAL_DIR overrides it. */
export const evalDir = process.env.EVAL_DIR ?? '/work/shared/eval';

/** Tests on the real knowledge files run where the datasets are. */
export const hasEvalFiles = existsSync(join(evalDir, 'inmobiliaria-horizonte', 'knowledge'));

/** A knowledge file, e.g. knowledgeFile('dental-sonrisa', 'precios.csv'). */
export function knowledgeFile(business: string, file: string): Buffer {
  return readFileSync(join(evalDir, business, 'knowledge', file));
}
