import { sql } from 'drizzle-orm';
import { auditActions, auditTargetTypes, type AuditDetails } from '@charla/shared';
import { index, pgTable, text, timestamp, uuid } from 'drizzle-orm/pg-core';
import { jsonb } from '../../lib/pg-types.ts';

/**
 * Who did what, when, to which account: append-only (nothing updates or deletes a row). The
 * account concerned is null for service-wide entries; the actor's e-mail is kept as it was, so
 * an entry still names someone whose account changed or went away.
 */
export const auditLog = pgTable(
  'audit_log',
  {
    id: uuid('id').primaryKey().default(sql`gen_random_uuid()`),
    accountId: uuid('account_id'),
    actorId: uuid('actor_id'),
    actorEmail: text('actor_email'),
    actorName: text('actor_name'),
    action: text('action', { enum: auditActions }).notNull(),
    targetType: text('target_type', { enum: auditTargetTypes }),
    targetId: text('target_id'),
    details: jsonb('details').$type<AuditDetails>().notNull().default({}),
    ip: text('ip'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index('audit_log_account_idx').on(t.accountId, t.createdAt.desc(), t.id.desc()),
    index('audit_log_admin_idx').on(t.createdAt.desc(), t.id.desc()).where(sql`action like 'admin.%'`),
  ],
);
