import type { FastifyRequest } from 'fastify';
import type { z } from 'zod';
import type { ImportPreview } from '@charla/shared';
import { extractCsv, type ExtractedCsv } from '../modules/training/extract/extract-csv.ts';
import { isExtractError } from '../modules/training/extract/extract-error.ts';
import { AppError } from './errors.ts';
import { readUpload } from './multipart.ts';

/** Rows an import's preview shows. */
const SAMPLE_ROWS = 10;

/**
 * A CSV file of an import (catalog, contacts): encoding (UTF-8, UTF-16, windows-1252) and
 * delimiter detected; a file that is not a CSV, or has more than `maxRows` rows, is a 400 on `file`.
 */
export function readImportCsv(bytes: Buffer, maxRows: number): ExtractedCsv {
  try {
    return extractCsv(bytes, { maxRows });
  } catch (err) {
    if (isExtractError(err)) throw new AppError('VALIDATION_FAILED', { file: 'VALIDATION_FAILED' }, err.reason);
    throw err;
  }
}

/** What the import screen shows before importing: columns, the first rows, a suggested mapping. */
export function importPreview(csv: ExtractedCsv, mapping: Record<string, string>): ImportPreview {
  return { columns: csv.columns, sample: csv.rows.slice(0, SAMPLE_ROWS), total_rows: csv.rows.length, mapping };
}

/**
 * An import's multipart form: its text fields checked with `schema`, `assert` run with the bot id
 * sent before the file (so a caller without rights is refused before the file is read), and the file.
 */
export async function readImportForm<S extends z.ZodObject>(req: FastifyRequest, schema: S, assert: (botId: string) => Promise<unknown>): Promise<z.output<S> & { bytes: Buffer }> {
  const { fields, file } = await readUpload(req, 'file', schema, async (before) => {
    const botId = (before as { botId?: string }).botId;
    if (botId) await assert(botId);
  });
  if (!file) throw new AppError('FILE_MISSING', { file: 'FILE_MISSING' });
  return { ...fields, bytes: file.bytes };
}
