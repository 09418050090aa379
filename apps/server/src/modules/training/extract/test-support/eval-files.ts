import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { evalDataPresent } from '../../../../test/eval-data.ts';
import { evalDir } from '../../../../test/paths.ts';

export { evalDir };

/** Tests on the real knowledge files run where the datasets are (and fail under CI when they are not). */
export const hasEvalFiles = evalDataPresent(join('inmobiliaria-horizonte', 'knowledge'));

/** A knowledge file, e.g. knowledgeFile('dental-sonrisa', 'precios.csv'). */
export function knowledgeFile(business: string, file: string): Buffer {
  return readFileSync(join(evalDir, business, 'knowledge', file));
}
