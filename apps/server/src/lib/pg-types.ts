import { customType } from 'drizzle-orm/pg-core';

/** A tsvector column; written with to_tsvector() in SQL, never read by the app. */
export const tsvector = customType<{ data: string }>({ dataType: () => 'tsvector' });
