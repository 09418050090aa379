import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { evalDir } from '../../../../test/paths.ts';

export { evalDir };

/** Tests on the real knowledge files run where the datasets are. */
export const hasEvalFiles = existsSync(join(evalDir, 'inmobiliaria-horizonte', 'knowledge'));

/** A knowledge file, e.g. knowledgeFile('dental-sonrisa', 'precios.csv'). */
export function knowledgeFile(business: string, file: string): Buffer {
  return readFileSync(join(evalDir, business, 'knowledge', file));
}
