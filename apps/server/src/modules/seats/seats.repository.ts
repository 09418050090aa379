import { and, asc, desc, eq, gt, inArray, isNull, sql } from 'drizzle-orm';
import type { SeatRole } from '@charla/shared';
import type { Db } from '../../db/client.ts';
import { sessions, users } from '../auth/auth.table.ts';
import { bots } from '../bots/bots.table.ts';
import { seatInvitations, seats } from './seats.table.ts';

export type SeatRow = typeof seats.$inferSelect & { lastSeenAt: Date | null };

/** What an invitation link shows before it is accepted. */
export interface InvitationRow {
  seat: typeof seats.$inferSelect;
  expiresAt: Date;
  inviter: string | null;
  ownerName: string;
  business: string | null;
}

// Qualified by hand: inside the subquery an unqualified user_id would name the sessions' own column.
const lastSeen = sql<string | null>`(select max(s.created_at) from ${sessions} s where s.user_id = "seats"."user_id")`;

/** The only code that reads and writes the seats and their invitation links. */
export function seatsRepository(db: Db) {
  const withSeen = { seat: seats, lastSeenAt: lastSeen };
  const toRow = (r: { seat: typeof seats.$inferSelect; lastSeenAt: string | Date | null }): SeatRow => ({
    ...r.seat,
    lastSeenAt: r.lastSeenAt ? new Date(r.lastSeenAt) : null,
  });
  return {
    async list(accountId: string): Promise<SeatRow[]> {
      const rows = await db.select(withSeen).from(seats).where(eq(seats.accountId, accountId)).orderBy(asc(seats.createdAt), asc(seats.id));
      return rows.map(toRow);
    },

    async find(seatId: string): Promise<SeatRow | undefined> {
      const [row] = await db.select(withSeen).from(seats).where(eq(seats.id, seatId)).limit(1);
      return row ? toRow(row) : undefined;
    },

    /** The user's active admin seat on the account, if any. */
    async isActiveAdmin(accountId: string, userId: string): Promise<boolean> {
      const [row] = await db
        .select({ id: seats.id })
        .from(seats)
        .where(and(eq(seats.accountId, accountId), eq(seats.userId, userId), eq(seats.role, 'admin'), eq(seats.isActive, true), eq(seats.status, 'active')))
        .limit(1);
      return Boolean(row);
    },

    /** Of `botIds`, the live bots of the account. */
    async accountBots(accountId: string, botIds: string[]): Promise<string[]> {
      if (botIds.length === 0) return [];
      const rows = await db
        .select({ id: bots.id })
        .from(bots)
        .where(and(eq(bots.userId, accountId), isNull(bots.deletedAt), inArray(bots.id, botIds)));
      return rows.map((r) => r.id);
    },

    async ownsBots(userId: string): Promise<boolean> {
      const [row] = await db.select({ id: bots.id }).from(bots).where(and(eq(bots.userId, userId), isNull(bots.deletedAt))).limit(1);
      return Boolean(row);
    },

    async userById(id: string): Promise<{ id: string; name: string; email: string } | undefined> {
      const [row] = await db.select({ id: users.id, name: users.name, email: users.email }).from(users).where(eq(users.id, id)).limit(1);
      return row;
    },

    async userByEmail(email: string): Promise<{ id: string; name: string; email: string } | undefined> {
      const [row] = await db.select({ id: users.id, name: users.name, email: users.email }).from(users).where(eq(users.email, email)).limit(1);
      return row;
    },

    /** A new seat; undefined when the account already has one with that e-mail. */
    async insert(seat: { accountId: string; email: string; name: string; role: SeatRole; botIds: string[]; invitedBy: string }): Promise<SeatRow | undefined> {
      const [row] = await db.insert(seats).values(seat).onConflictDoNothing().returning();
      return row ? { ...row, lastSeenAt: null } : undefined;
    },

    async update(seatId: string, patch: Partial<Pick<typeof seats.$inferInsert, 'role' | 'botIds' | 'isActive' | 'status' | 'userId'>>): Promise<void> {
      await db
        .update(seats)
        .set({ ...patch, updatedAt: new Date() })
        .where(eq(seats.id, seatId));
    },

    async remove(seatId: string): Promise<void> {
      await db.delete(seats).where(eq(seats.id, seatId));
    },

    /** A new invitation link for the seat; the seat's earlier links die with it. */
    async newInvitation(seatId: string, tokenHash: string, expiresAt: Date, now: Date): Promise<void> {
      await db
        .update(seatInvitations)
        .set({ usedAt: now })
        .where(and(eq(seatInvitations.seatId, seatId), isNull(seatInvitations.usedAt)));
      await db.insert(seatInvitations).values({ tokenHash, seatId, expiresAt, createdAt: now });
    },

    /** A link still good at `now`: unused, not expired, its seat invited and on. */
    async invitation(tokenHash: string, now: Date): Promise<InvitationRow | undefined> {
      const inviters = sql<string | null>`(select u.name from ${users} u where u.id = "seats"."invited_by")`;
      const business = sql<string | null>`(select b.business_name from ${bots} b where b.user_id = "seats"."account_id" and b.deleted_at is null and b.business_name <> '' order by b.created_at limit 1)`;
      const [row] = await db
        .select({ seat: seats, expiresAt: seatInvitations.expiresAt, inviter: inviters, ownerName: users.name, business })
        .from(seatInvitations)
        .innerJoin(seats, eq(seats.id, seatInvitations.seatId))
        .innerJoin(users, eq(users.id, seats.accountId))
        .where(and(eq(seatInvitations.tokenHash, tokenHash), isNull(seatInvitations.usedAt), gt(seatInvitations.expiresAt, now), eq(seats.isActive, true), eq(seats.status, 'invited')))
        .orderBy(desc(seatInvitations.createdAt))
        .limit(1);
      return row;
    },

    /**
     * Marks the link used, atomically: only one caller wins a given link, and only while it is
     * good at `now` and its seat still waits. Answers the seat, or undefined.
     */
    async consume(tokenHash: string, now: Date): Promise<typeof seats.$inferSelect | undefined> {
      const [used] = await db
        .update(seatInvitations)
        .set({ usedAt: now })
        .where(and(eq(seatInvitations.tokenHash, tokenHash), isNull(seatInvitations.usedAt), gt(seatInvitations.expiresAt, now)))
        .returning({ seatId: seatInvitations.seatId });
      if (!used) return undefined;
      const [seat] = await db
        .select()
        .from(seats)
        .where(and(eq(seats.id, used.seatId), eq(seats.isActive, true), eq(seats.status, 'invited')))
        .for('update')
        .limit(1);
      return seat;
    },
  };
}

export type SeatsRepository = ReturnType<typeof seatsRepository>;
