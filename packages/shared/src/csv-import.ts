import { z } from 'zod';

/** A multipart field holding JSON: parsed, then checked with its own schema. */
export const jsonField = <T extends z.ZodType>(schema: T) =>
  z
    .string()
    .max(64 * 1024)
    .transform((text, ctx) => {
      try {
        return JSON.parse(text) as unknown;
      } catch {
        ctx.addIssue({ code: 'custom', message: 'json' });
        return z.NEVER;
      }
    })
    .pipe(schema);

/** What a CSV import's preview answers: the columns, its first rows and a suggested mapping. */
export const importPreviewResponse = z.object({
  columns: z.array(z.string()),
  sample: z.array(z.record(z.string(), z.string())),
  total_rows: z.number().int(),
  /** Column → the field it is suggested to fill (each import names its own fields). */
  mapping: z.record(z.string(), z.string()),
});
export type ImportPreview = z.infer<typeof importPreviewResponse>;

/** What a CSV import did: rows created, rows that updated an existing record, bad rows with why. */
export const importResultResponse = z.object({
  created: z.number().int(),
  updated: z.number().int(),
  skipped: z.number().int(),
  /** At most the first 100 bad rows; `row` counts the header as row 1. */
  errors: z.array(z.object({ row: z.number().int(), message: z.string() })),
});
export type ImportResult = z.infer<typeof importResultResponse>;

/** Lower case, no accents, trimmed: how column names are compared. */
export const foldHeader = (s: string) => s.normalize('NFD').replace(/\p{M}/gu, '').toLowerCase().trim();

/**
 * A column mapping guessed from the column names: each target's pattern is tried on the folded
 * name, a target is given to one column only, and a column no pattern names gets `fallback`.
 */
export function suggestColumns<T extends string, F extends string>(columns: string[], hints: readonly (readonly [T, RegExp])[], fallback: F): Record<string, T | F> {
  const used = new Set<T>();
  return Object.fromEntries(
    columns.map((c) => {
      const found = hints.find(([target, pattern]) => !used.has(target) && pattern.test(foldHeader(c)));
      if (found) used.add(found[0]);
      return [c, found ? found[0] : fallback];
    }),
  );
}
