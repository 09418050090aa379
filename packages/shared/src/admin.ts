import { z } from 'zod';
import { planLevels } from './plans.ts';
import { isStorableText } from './text.ts';

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

const planLevelValues = planLevels;

/** GET /api/admin/overview: the service's figures. */
export const adminOverviewResponse = z.object({
  accounts: z.number().int(),
  paying_accounts: z.number().int(),
  suspended_accounts: z.number().int(),
  active_bots: z.number().int(),
  messages_today: z.number().int(),
  messages_month: z.number().int(),
  accounts_by_plan: z.array(z.object({ plan: z.enum(planLevelValues), accounts: z.number().int() })),
});
export type AdminOverviewResponse = z.infer<typeof adminOverviewResponse>;

/** A page marker of the accounts list: opaque. */
const pageCursor = z.string().regex(/^[A-Za-z0-9_-]{1,200}$/, { error: 'cursor' });

export const adminAccountsQuery = z.strictObject({
  q: z.string().trim().max(200).optional(),
  plan: z.enum(planLevelValues).optional(),
  cursor: pageCursor.optional(),
  limit: z.coerce.number().int().min(1).max(100).default(25),
});
export type AdminAccountsQuery = z.infer<typeof adminAccountsQuery>;

export const adminAccountSummary = z.object({
  id: z.string(),
  name: z.string(),
  email: z.string(),
  plan: z.enum(planLevelValues),
  role: z.enum(['owner', 'admin']),
  created_at: z.string(),
  last_seen_at: z.string().nullable(),
  bots: z.number().int(),
  messages_month: z.number().int(),
  /** The plan's monthly messages; null when it has no limit. */
  messages_limit: z.number().int().nullable(),
  suspended: z.boolean(),
  suspended_reason: z.string().nullable(),
});
export type AdminAccountSummary = z.infer<typeof adminAccountSummary>;

export const adminAccountsResponse = z.object({ accounts: z.array(adminAccountSummary), next_cursor: z.string().nullable() });
export type AdminAccountsResponse = z.infer<typeof adminAccountsResponse>;

export const adminBot = z.object({
  id: z.string(),
  name: z.string(),
  business_name: z.string(),
  enabled: z.boolean(),
  locked: z.boolean(),
  locked_reason: z.string().nullable(),
  switched_off_for_plan: z.boolean(),
  channels: z.array(z.string()),
});
export type AdminBot = z.infer<typeof adminBot>;

export const adminAccountResponse = z.object({ account: adminAccountSummary, bots: z.array(adminBot) });
export type AdminAccountResponse = z.infer<typeof adminAccountResponse>;

export const adminBotParams = z.strictObject({ botId: z.uuid() });
export const adminUserParams = z.strictObject({ userId: z.uuid() });

const reasonText = z.string().trim().min(1).max(500).refine(isStorableText, { error: 'text' });

/** PATCH /api/admin/bots/{botId}: lock (a reason is required) or unlock a bot. */
export const adminBotLockBody = z
  .strictObject({ locked: z.boolean(), lockedReason: reasonText.optional() })
  .refine((b) => !b.locked || Boolean(b.lockedReason), { error: 'required', path: ['lockedReason'] });
export type AdminBotLockBody = z.infer<typeof adminBotLockBody>;
export const adminBotLockResponse = adminBot;

export const adminSuspendBody = z.strictObject({ reason: reasonText });
export type AdminSuspendBody = z.infer<typeof adminSuspendBody>;
