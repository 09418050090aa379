import type { TrainingType } from '@charla/shared';
import { isHttpUrl, trainingLimits, uploadTrainingType } from '@charla/shared/input-rules';
import { dateFormat, intlLocale, numberFormat } from '../../lib/intl.ts';

/** An upload's mime type (or file name) → PDF or CSV: the server's own rule (`@charla/shared/input-rules`, no schema code). */
export const uploadTypeOf = uploadTrainingType;

/** Files the picker offers. */
export const acceptedFiles = '.pdf,.csv,application/pdf,text/csv';

/** 20 MB, the server's limit for one file. */
export const maxUploadBytes = trainingLimits.fileBytes;
/** The server's limit for pasted text. */
export const maxTextChars = trainingLimits.textChars;

export type FileProblem = 'tooLarge' | 'unsupported' | 'empty';

/** What is wrong with a file before sending it, if anything: the server would refuse it anyway. */
export function fileProblem(file: { name: string; type: string; size: number }): FileProblem | null {
  if (file.size === 0) return 'empty';
  if (file.size > maxUploadBytes) return 'tooLarge';
  const looksPdf = file.type.toLowerCase() === 'application/pdf' || /\.pdf$/i.test(file.name);
  if (uploadTypeOf(file.type, file.name) === 'PDF' && !looksPdf) return 'unsupported';
  return null;
}

/** Every training type, in the order the page lists its labels. */
export const trainingTypeOrder: readonly TrainingType[] = ['PDF', 'CSV', 'TEXT', 'URL', 'YOUTUBE'];

/** Bytes in the units people read: "820 B", "14 KB", "3.2 MB". */
export function formatBytes(bytes: number, locale: string): string {
  const format = (value: number, digits: number) => numberFormat(locale, { maximumFractionDigits: digits }).format(value);
  if (bytes < 1024) return `${format(bytes, 0)} B`;
  if (bytes < 1024 * 1024) return `${format(bytes / 1024, bytes < 10 * 1024 ? 1 : 0)} KB`;
  return `${format(bytes / (1024 * 1024), 1)} MB`;
}

/** A date as Mexican users read it ("21 nov 2026, 12:07"), or in English for the English interface. */
export function formatDocumentDate(value: string, locale: string): string {
  const date = new Date(value);
  if (Number.isNaN(date.getTime())) return '';
  return dateFormat(intlLocale(locale), { dateStyle: 'medium', timeStyle: 'short' }).format(date);
}

/** A YouTube watch, short or shorts address. */
export function looksLikeYoutube(url: string): boolean {
  return /^https?:\/\/(www\.|m\.|music\.)?(youtube\.com|youtu\.be)\//i.test(url.trim());
}

/** An address the server accepts: http(s) and something after it. */
export const looksLikeHttpUrl = isHttpUrl;
