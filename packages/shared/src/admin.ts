import { z } from 'zod';

/**
 * How the language model behind the engine has been doing since the process started: unknown
 * (not called yet), ok (its last call answered) or failing (its last call failed and the offline
 * engine answered instead). Shown by /readyz and by the admin console.
 */
export const modelStatus = z.object({
  state: z.enum(['unknown', 'ok', 'failing']),
  model: z.string(),
  failures: z.number().int(),
  consecutive_failures: z.number().int(),
  last_failure_at: z.string().nullable(),
  last_reason: z.string().nullable(),
  last_success_at: z.string().nullable(),
});
export type ModelStatus = z.infer<typeof modelStatus>;

/** GET /api/admin/status: the service as the main admin account sees it. */
export const adminStatusResponse = z.object({
  database: z.object({ engine: z.enum(['pglite', 'postgres']), migrations: z.enum(['applied', 'pending']) }),
  /** The engine answering customers: a language model (with the offline engine behind it) or the offline engine alone. */
  engine: z.object({ name: z.string(), model: modelStatus.nullable() }),
  started_at: z.string(),
  checked_at: z.string(),
});
export type AdminStatusResponse = z.infer<typeof adminStatusResponse>;
