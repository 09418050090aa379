import { storableDeep } from '@charla/shared';
import { customType } from 'drizzle-orm/pg-core';

/** A tsvector column; written with to_tsvector() in SQL, never read by the app. */
export const tsvector = customType<{ data: string }>({ dataType: () => 'tsvector' });

/**
 * A jsonb column. Every row is written through here, with its strings made storable: jsonb
 * refuses a NUL and a lone UTF-16 half, and a value cut in the middle of an emoji (the engine's
 * state, a media caption) must not turn a write into an error. Contracts refuse such text from
 * owners before it gets this far; this is the floor under everything else.
 */
export const jsonb = customType<{ data: unknown; driverData: string }>({
  dataType: () => 'jsonb',
  toDriver: (value) => JSON.stringify(storableDeep(value)),
  fromDriver: (value) => {
    if (typeof value !== 'string') return value;
    try {
      return JSON.parse(value) as unknown;
    } catch {
      return value;
    }
  },
});
