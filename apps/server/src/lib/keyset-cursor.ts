import { AppError } from './errors.ts';

/** An instant as the API writes it (drivers hand timestamps back as Date or as text). */
export const iso = (d: Date | string): string => (d instanceof Date ? d : new Date(d)).toISOString();

/** The opaque cursor of a keyset page: the last row's sort instant and id. */
export const encodeCursor = (at: Date | string, id: string): string => Buffer.from(JSON.stringify([at, id])).toString('base64url');

/** The cursor's instant and id; anything else is a 400 on the `cursor` field. */
export function decodeCursor(cursor: string): { at: string; id: string } {
  try {
    const [at, id] = JSON.parse(Buffer.from(cursor, 'base64url').toString('utf8')) as unknown[];
    if (typeof at === 'string' && !Number.isNaN(Date.parse(at)) && typeof id === 'string' && /^[0-9a-f-]{36}$/i.test(id)) return { at, id };
  } catch {
    // falls through to the error below
  }
  throw new AppError('VALIDATION_FAILED', { cursor: 'VALIDATION_FAILED' });
}
