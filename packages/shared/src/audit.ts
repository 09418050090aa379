import { z } from 'zod';

/**
 * What the audit log records: a code per kind of action. The readers word each code in their
 * own language (the web app's `audit` namespace); rows keep the code, never a sentence.
 */
export const auditActions = [
  'auth.sign_in',
  'bot.settings_changed',
  'bot.deleted',
  'conversation.taken_over',
  'conversation.assigned',
  'conversation.unassigned',
  'contacts.exported',
  'contact.deleted',
  'document.deleted',
  'product.deleted',
  'seat.invited',
  'seat.invitation_resent',
  'seat.joined',
  'seat.updated',
  'seat.deactivated',
  'seat.reactivated',
  'seat.deleted',
  'admin.plan_set',
  'admin.bot_locked',
  'admin.bot_unlocked',
  'admin.account_suspended',
  'admin.account_restored',
] as const;
export type AuditAction = (typeof auditActions)[number];

/** What an entry is about, when it is about one thing. */
export const auditTargetTypes = ['account', 'bot', 'conversation', 'contact', 'seat', 'document', 'product'] as const;
export type AuditTargetType = (typeof auditTargetTypes)[number];

/** Values an entry's words need (a bot's name, a plan): short strings, numbers or flags; never a secret. */
export const auditDetails = z.record(z.string(), z.union([z.string(), z.number(), z.boolean(), z.null()]));
export type AuditDetails = z.infer<typeof auditDetails>;

export const auditEntry = z.object({
  id: z.string(),
  account_id: z.string().nullable(),
  actor_id: z.string().nullable(),
  actor_email: z.string().nullable(),
  actor_name: z.string().nullable(),
  action: z.enum(auditActions),
  target_type: z.enum(auditTargetTypes).nullable(),
  target_id: z.string().nullable(),
  details: auditDetails,
  ip: z.string().nullable(),
  created_at: z.string(),
});
export type AuditEntry = z.infer<typeof auditEntry>;

/** An opaque page marker: the last entry's time and id, as the previous page answered it. */
export const auditCursor = z.string().regex(/^[A-Za-z0-9_-]{1,200}$/, { error: 'cursor' });

export const auditQuery = z.strictObject({
  cursor: auditCursor.optional(),
  limit: z.coerce.number().int().min(1).max(100).default(30),
});
export type AuditQuery = z.infer<typeof auditQuery>;

export const auditPage = z.object({ entries: z.array(auditEntry), next_cursor: z.string().nullable() });
export type AuditPage = z.infer<typeof auditPage>;
