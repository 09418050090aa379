import type { z } from 'zod';

/**
 * Checks one enum column of the rows read: answers the value, typed, or throws naming the column
 * when a row holds a value the shared list does not know. A Set lookup, cheap enough for every
 * row of a hot path.
 */
export function enumColumn<const T extends readonly string[]>(values: T, column: string): (value: string) => T[number] {
  const known: ReadonlySet<string> = new Set(values);
  return (value) => {
    if (known.has(value)) return value as T[number];
    throw new Error(`${column} holds a value the application does not know: ${JSON.stringify(value).slice(0, 80)}`);
  };
}

/** Checks one json column of the rows read against its shared schema; a bad value throws naming the column. */
export function jsonColumn<T>(schema: z.ZodType<T>, column: string): (value: unknown) => T {
  return (value) => {
    const parsed = schema.safeParse(value);
    if (parsed.success) return parsed.data;
    throw new Error(`${column} holds a value of the wrong shape: ${parsed.error.issues.map((i) => `${i.path.join('.') || '(root)'} ${i.code}`).join(', ')}`);
  };
}
