import Papa from 'papaparse';
import { decodeBytes, type TextEncodingName } from './decode-bytes.ts';
import { ExtractError } from './extract-error.ts';

export type CsvDelimiter = ',' | ';' | '\t' | '|';

export interface ExtractedCsv {
  /** Header names, trimmed and unique ("columna 3" for a blank one, "precio (2)" for a repeat). */
  columns: string[];
  /** One record per data row; every column is present ('' when the row has no value). */
  rows: Record<string, string>[];
  delimiter: CsvDelimiter;
  encoding: TextEncodingName;
}

export interface ExtractCsvOptions {
  /** More data rows than this is CSV_TOO_MANY_ROWS. Default 50,000. */
  maxRows?: number;
}

export const DEFAULT_MAX_CSV_ROWS = 50_000;

const candidates: CsvDelimiter[] = [',', ';', '\t', '|'];

/**
 * A CSV file as columns and rows. Encoding: UTF-8 (with or without BOM), UTF-16 with BOM,
 * else windows-1252 (Excel in Mexico). Delimiter: an Excel "sep=" line, else whichever of
 * , ; tab | splits the first records most consistently. Blank lines are skipped.
 *
 * Large files are parsed row by row and parsing stops at the first row past `maxRows`, so a
 * file over the limit is refused after reading at most `maxRows` rows, keeping at most that
 * many in memory (the decoded text of the file is held once).
 */
export function extractCsv(bytes: Uint8Array, options: ExtractCsvOptions = {}): ExtractedCsv {
  const maxRows = options.maxRows ?? DEFAULT_MAX_CSV_ROWS;
  if (bytes.byteLength === 0) throw new ExtractError('CSV_EMPTY');
  refuseOtherFormats(bytes);

  const decoded = decodeBytes(bytes);
  let text = decoded.text.normalize('NFC');
  if (looksBinary(text)) throw new ExtractError('CSV_MALFORMED');
  text = text.replace(/[\u0000-\u0008\u000B\u000C\u000E-\u001F\u007F]/g, '');

  let delimiter: CsvDelimiter | undefined;
  const sep = /^\s*"?sep=(.)"?[^\S\n]*\r?\n/i.exec(text);
  if (sep && candidates.includes(sep[1] as CsvDelimiter)) {
    delimiter = sep[1] as CsvDelimiter;
    text = text.slice(sep[0].length);
  }
  delimiter ??= detectDelimiter(text);

  let header: string[] | undefined;
  const records: string[][] = [];
  let tooMany = false;
  let record = 0;
  let unclosedQuoteAt: number | undefined;
  Papa.parse<string[]>(text, {
    delimiter,
    skipEmptyLines: 'greedy',
    step(result, parser) {
      record++;
      if (result.errors.some((e) => e.code === 'MissingQuotes')) unclosedQuoteAt ??= record;
      const cells = result.data.map(cleanCell);
      if (header === undefined) {
        header = cells;
        return;
      }
      if (cells.every((cell) => cell === '')) return;
      if (records.length >= maxRows) {
        tooMany = true;
        parser.abort();
        return;
      }
      records.push(cells);
    },
  });

  if (unclosedQuoteAt !== undefined) {
    throw new ExtractError('CSV_MALFORMED', {
      row: unclosedQuoteAt,
      hint: {
        es: `El CSV tiene comillas sin cerrar (fila ${unclosedQuoteAt}).`,
        en: `The CSV has an unclosed quote (row ${unclosedQuoteAt}).`,
      },
    });
  }
  if (tooMany) throw new ExtractError('CSV_TOO_MANY_ROWS', { limit: maxRows });
  if (header === undefined || records.length === 0) throw new ExtractError('CSV_EMPTY');

  let width = header.length;
  for (const cells of records) width = Math.max(width, lastFilled(cells) + 1);
  const columns = uniqueNames(Array.from({ length: width }, (_, i) => header?.[i] ?? ''));
  const rows = records.map((cells) => {
    const row: Record<string, string> = {};
    columns.forEach((column, i) => {
      row[column] = cells[i] ?? '';
    });
    return row;
  });
  return { columns, rows, delimiter, encoding: decoded.encoding };
}

function cleanCell(cell: string): string {
  return cell.replace(/\s+/g, ' ').trim();
}

function lastFilled(cells: string[]): number {
  for (let i = cells.length - 1; i >= 0; i--) if (cells[i] !== '') return i;
  return -1;
}

function uniqueNames(raw: string[]): string[] {
  const used = new Set<string>();
  return raw.map((name, i) => {
    const base = name === '' ? `columna ${i + 1}` : name;
    let candidate = base;
    for (let n = 2; used.has(candidate.toLowerCase()); n++) candidate = `${base} (${n})`;
    used.add(candidate.toLowerCase());
    return candidate;
  });
}

/** Spreadsheets and PDFs uploaded as CSV get a reason that says what to do. */
function refuseOtherFormats(bytes: Uint8Array): void {
  const starts = (...sig: number[]) => sig.every((b, i) => bytes[i] === b);
  if (starts(0x50, 0x4b, 0x03, 0x04) || starts(0xd0, 0xcf, 0x11, 0xe0)) {
    throw new ExtractError('CSV_MALFORMED', {
      hint: {
        es: 'Es un archivo de Excel, no un CSV: ábralo en Excel y guárdelo como "CSV (delimitado por comas)".',
        en: 'This is an Excel file, not a CSV: open it in Excel and save it as "CSV (comma delimited)".',
      },
    });
  }
  if (starts(0x25, 0x50, 0x44, 0x46, 0x2d)) {
    throw new ExtractError('CSV_MALFORMED', {
      hint: { es: 'Es un archivo PDF, no un CSV.', en: 'This is a PDF file, not a CSV.' },
    });
  }
}

/** NUL bytes or many control characters in the first 64 KiB: not text. */
function looksBinary(text: string): boolean {
  const sample = text.slice(0, 65_536);
  if (sample.includes('\u0000')) return true;
  const controls = sample.match(/[\u0001-\u0008\u000B\u000C\u000E-\u001F\u007F\uFFFD]/g)?.length ?? 0;
  return controls > Math.max(2, sample.length * 0.005);
}

/**
 * The candidate that splits the first records (quotes respected) into the same number of
 * fields as the header most often; ties go to more fields, then to the order , ; tab |.
 */
export function detectDelimiter(text: string): CsvDelimiter {
  const sample = text.slice(0, 65_536);
  let best: CsvDelimiter = ',';
  let bestScore = -1;
  let bestWidth = 0;
  for (const delimiter of candidates) {
    const counts = countPerRecord(sample, delimiter, 40);
    const first = counts[0] ?? 0;
    if (first === 0) continue;
    const score = counts.filter((c) => c === first).length / counts.length;
    if (score > bestScore || (score === bestScore && first > bestWidth)) {
      best = delimiter;
      bestScore = score;
      bestWidth = first;
    }
  }
  return best;
}

function countPerRecord(sample: string, delimiter: string, maxRecords: number): number[] {
  const counts: number[] = [];
  let count = 0;
  let inQuotes = false;
  let blank = true;
  for (let i = 0; i < sample.length && counts.length < maxRecords; i++) {
    const ch = sample[i];
    if (ch === '"') inQuotes = !inQuotes;
    else if (inQuotes) continue;
    else if (ch === delimiter) count++;
    else if (ch === '\n' || ch === '\r') {
      if (!blank) counts.push(count);
      count = 0;
      blank = true;
      continue;
    }
    if (ch !== ' ' && ch !== '\t' && ch !== delimiter) blank = false;
  }
  // the last line of a cut sample may be partial
  if (!blank && counts.length < maxRecords && sample.length < 65_536) counts.push(count);
  return counts;
}
