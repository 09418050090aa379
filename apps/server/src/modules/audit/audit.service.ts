import type { AuditAction, AuditDetails, AuditPage, AuditTargetType, SeatRole } from '@charla/shared';
import type { FastifyBaseLogger } from 'fastify';
import type { Db } from '../../db/client.ts';
import { AppError } from '../../lib/errors.ts';
import type { UserRow } from '../auth/index.ts';
import { decodeCursor, type AuditRepository } from './audit.repository.ts';

/** Who did it: a signed-in user (the id, e-mail and name are kept as they were), or null for the service itself. */
export type AuditActor = Pick<UserRow, 'id' | 'email' | 'name'> | null;

/** One thing to remember. `details` holds the values the entry's words need, never a secret. */
export interface AuditRecord {
  /** The account concerned; null for a service-wide entry. */
  accountId: string | null;
  actor: AuditActor;
  action: AuditAction;
  target?: { type: AuditTargetType; id: string };
  details?: AuditDetails;
  ip?: string;
}

/** The account a user works in as a team member, and their role there (null: they work in their own). */
export type Membership = (userId: string) => Promise<{ accountId: string; role: SeatRole } | null>;

export function auditService(repo: AuditRepository, log: FastifyBaseLogger, membership?: Membership) {
  function after(cursor: string | undefined) {
    if (cursor === undefined) return undefined;
    const at = decodeCursor(cursor);
    if (!at) throw new AppError('VALIDATION_FAILED', { cursor: 'VALIDATION_FAILED' });
    return at;
  }

  /**
   * The one place that says whose entries a caller may read: an account's owner reads their own
   * account's, an admin of a team the account's; an agent none (FORBIDDEN).
   */
  async function readableAccount(caller: Pick<UserRow, 'id'>): Promise<string> {
    const seat = membership ? await membership(caller.id) : null;
    if (!seat) return caller.id;
    if (seat.role !== 'admin') throw new AppError('FORBIDDEN');
    return seat.accountId;
  }

  return {
    /**
     * Records one entry. Never fails the caller: an error is logged and the work goes on. Inside
     * the caller's transaction (`tx`) it is written in a savepoint, so a failed insert does not
     * spoil the transaction either.
     */
    async record(entry: AuditRecord, tx?: Db): Promise<void> {
      const row = {
        accountId: entry.accountId,
        actorId: entry.actor?.id ?? null,
        actorEmail: entry.actor?.email ?? null,
        actorName: entry.actor?.name ?? null,
        action: entry.action,
        targetType: entry.target?.type ?? null,
        targetId: entry.target?.id ?? null,
        details: entry.details ?? {},
        ip: entry.ip ?? null,
      };
      try {
        if (tx) await tx.transaction((sp) => repo.insert(row, sp));
        else await repo.insert(row);
      } catch (err) {
        log.error({ err, action: entry.action }, 'audit entry not recorded');
      }
    },

    /** The caller's account's entries, newest first. */
    async list(caller: Pick<UserRow, 'id'>, cursor: string | undefined, limit: number): Promise<AuditPage> {
      return repo.forAccount(await readableAccount(caller), after(cursor), limit);
    },

    /** The main admin's own actions, newest first (the caller is checked by the admin module). */
    async adminTrail(cursor: string | undefined, limit: number): Promise<AuditPage> {
      return repo.adminActions(after(cursor), limit);
    },
  };
}

export type AuditService = ReturnType<typeof auditService>;
