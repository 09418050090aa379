import { and, desc, eq, like, lt, or, type SQL } from 'drizzle-orm';
import { auditActions, auditDetails, auditTargetTypes, type AuditEntry } from '@charla/shared';
import type { Db } from '../../db/client.ts';
import { enumColumn, jsonColumn } from '../../lib/row-parse.ts';
import { auditLog } from './audit.table.ts';

export type NewAuditRow = typeof auditLog.$inferInsert;
type AuditRow = typeof auditLog.$inferSelect;

const columns = {
  action: enumColumn(auditActions, 'audit_log.action'),
  targetType: enumColumn(auditTargetTypes, 'audit_log.target_type'),
  details: jsonColumn(auditDetails, 'audit_log.details'),
};

/** A page marker: the last entry's time (ms) and id, base64url. */
export function encodeCursor(row: { createdAt: Date; id: string }): string {
  return Buffer.from(`${row.createdAt.getTime()}.${row.id}`).toString('base64url');
}

/** The time and id a cursor names, or undefined when it is not one this module made. */
export function decodeCursor(cursor: string): { createdAt: Date; id: string } | undefined {
  const match = /^(\d{1,15})\.([0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12})$/.exec(Buffer.from(cursor, 'base64url').toString());
  if (!match) return undefined;
  return { createdAt: new Date(Number(match[1])), id: match[2]! };
}

export function toAuditEntry(row: AuditRow): AuditEntry {
  return {
    id: row.id,
    account_id: row.accountId,
    actor_id: row.actorId,
    actor_email: row.actorEmail,
    actor_name: row.actorName,
    action: columns.action(row.action),
    target_type: row.targetType === null ? null : columns.targetType(row.targetType),
    target_id: row.targetId,
    details: columns.details(row.details),
    ip: row.ip,
    created_at: row.createdAt.toISOString(),
  };
}

/** The only code that writes the audit log: inserts, never updates or deletes. */
export function auditRepository(db: Db) {
  async function page(where: SQL | undefined, after: { createdAt: Date; id: string } | undefined, limit: number) {
    const before = after
      ? or(lt(auditLog.createdAt, after.createdAt), and(eq(auditLog.createdAt, after.createdAt), lt(auditLog.id, after.id)))
      : undefined;
    const rows = await db
      .select()
      .from(auditLog)
      .where(and(where, before))
      .orderBy(desc(auditLog.createdAt), desc(auditLog.id))
      .limit(limit + 1);
    const more = rows.length > limit;
    const shown = rows.slice(0, limit);
    return { entries: shown.map(toAuditEntry), next_cursor: more && shown.length ? encodeCursor(shown.at(-1)!) : null };
  }

  return {
    async insert(row: NewAuditRow, tx: Db = db): Promise<void> {
      await tx.insert(auditLog).values(row);
    },
    /** One account's entries, newest first. */
    forAccount: (accountId: string, after: { createdAt: Date; id: string } | undefined, limit: number) =>
      page(eq(auditLog.accountId, accountId), after, limit),
    /** The main admin's actions, newest first. */
    adminActions: (after: { createdAt: Date; id: string } | undefined, limit: number) => page(like(auditLog.action, 'admin.%'), after, limit),
  };
}

export type AuditRepository = ReturnType<typeof auditRepository>;
