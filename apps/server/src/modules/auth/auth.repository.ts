import { and, eq, gt, isNull, ne, sql } from 'drizzle-orm';
import type { PlanLevel } from '@charla/shared';
import { queryRows, type Database, type Db } from '../../db/client.ts';
import { coalesce } from '../../lib/coalesce.ts';
import { passwordResets, rateLimits, refreshTokens, sessions, users } from './auth.table.ts';
import { isUuid } from '../../lib/uuid.ts';

export type UserRow = typeof users.$inferSelect;
export type NewUser = typeof users.$inferInsert;

/**
 * Every authenticated request runs this query: the users behind live sessions. Lookups that
 * arrive together share one query (see coalesce); the caller checks the user id.
 */
const sessionUsersSql = `select s.id as "sessionId", s.tenant as "sessionTenant", u.id, u.name, u.email, u.phone_number as "phoneNumber", u.password_hash as "passwordHash",
  u.role, u.is_partner as "isPartner", u.membership_type as "membershipType", u.referred_by_code as "referredByCode",
  u.logged_with as "loggedWith", u.suspended_at as "suspendedAt", u.suspended_reason as "suspendedReason",
  u.created_at as "createdAt", u.updated_at as "updatedAt"
  from sessions s join users u on u.id = s.user_id
  where s.id = any($1::uuid[]) and s.revoked_at is null and u.suspended_at is null`;
/** The only code that reads and writes accounts, sessions, refresh tokens and counters. */
export function authRepository(database: Database) {
  const db: Db = database.db;
  const sessionUser = coalesce(async (keys) => {
    const sessionIds = keys.map((key) => key.slice(0, 36));
    const rows = await database.prepared<UserRow & { sessionId: string; sessionTenant: string }>('auth_session_users', sessionUsersSql, [`{${sessionIds.join(',')}}`]);
    return new Map(
      rows.map(({ sessionId, ...user }) => [
        `${sessionId}:${user.id}`,
        {
          ...user,
          suspendedAt: user.suspendedAt ? new Date(user.suspendedAt) : null,
          createdAt: new Date(user.createdAt),
          updatedAt: new Date(user.updatedAt),
        },
      ]),
    );
  });
  return {
    async findUserByEmail(email: string): Promise<UserRow | undefined> {
      const [row] = await db.select().from(users).where(eq(users.email, email)).limit(1);
      return row;
    },

    async findUserById(id: string): Promise<UserRow | undefined> {
      const [row] = await db.select().from(users).where(eq(users.id, id)).limit(1);
      return row;
    },

    async countUsers(role?: 'owner' | 'admin'): Promise<number> {
      const [row] = await db
        .select({ n: sql<number>`count(*)::int` })
        .from(users)
        .where(role ? eq(users.role, role) : undefined);
      return Number(row?.n ?? 0);
    },

    /** Inserts unless the e-mail exists; answers undefined when it does (race-safe). */
    async insertUser(user: NewUser): Promise<UserRow | undefined> {
      const [row] = await db.insert(users).values(user).onConflictDoNothing({ target: users.email }).returning();
      return row;
    },

    async updateUser(id: string, patch: Pick<NewUser, 'name' | 'email' | 'phoneNumber'>): Promise<UserRow | undefined> {
      const [row] = await db
        .update(users)
        .set({ ...patch, updatedAt: new Date() })
        .where(eq(users.id, id))
        .returning();
      return row;
    },

    async createSession(userId: string, userAgent: string | undefined, ip: string, tenant = ''): Promise<string> {
      const [row] = await db
        .insert(sessions)
        .values({ userId, userAgent: userAgent?.slice(0, 300), ip, tenant })
        .returning({ id: sessions.id });
      return row!.id;
    },

    /** The user behind an access token, if its session is still alive, and where the session was opened: an indexed, prepared query. */
    async findSessionUser(userId: string, sessionId: string): Promise<(UserRow & { sessionTenant: string }) | undefined> {
      if (!isUuid(userId) || !isUuid(sessionId)) return undefined;
      return sessionUser(`${sessionId.toLowerCase()}:${userId.toLowerCase()}`);
    },

    async insertRefreshToken(tokenHash: string, sessionId: string, expiresAt: Date): Promise<void> {
      await db.insert(refreshTokens).values({ tokenHash, sessionId, expiresAt });
    },

    /**
     * Marks a refresh token used, atomically: only one caller can win a given token.
     * Answers its live session, or undefined when the token is unknown, used, expired or revoked.
     */
    async consumeRefreshToken(tokenHash: string, tenant: string): Promise<{ sessionId: string; userId: string } | undefined> {
      const [row] = await queryRows<{ session_id: string; user_id: string }>(db, sql`
        update ${refreshTokens} rt set used_at = now()
        from ${sessions} s
        where rt.token_hash = ${tokenHash} and rt.used_at is null and rt.expires_at > now()
          and s.id = rt.session_id and s.revoked_at is null and s.tenant = ${tenant}
        returning rt.session_id, s.user_id`);
      return row ? { sessionId: row.session_id, userId: row.user_id } : undefined;
    },

    async findRefreshToken(tokenHash: string) {
      const [row] = await db
        .select({ sessionId: refreshTokens.sessionId, usedAt: refreshTokens.usedAt, userId: sessions.userId, revokedAt: sessions.revokedAt, tenant: sessions.tenant })
        .from(refreshTokens)
        .innerJoin(sessions, eq(sessions.id, refreshTokens.sessionId))
        .where(eq(refreshTokens.tokenHash, tokenHash))
        .limit(1);
      return row;
    },

    async revokeSession(sessionId: string, reason: string): Promise<void> {
      await db
        .update(sessions)
        .set({ revokedAt: new Date(), revokedReason: reason })
        .where(and(eq(sessions.id, sessionId), isNull(sessions.revokedAt)));
    },

    /** Signs the user out everywhere (a team seat turned off or removed). */
    async revokeUserSessions(userId: string, reason: string): Promise<void> {
      await db
        .update(sessions)
        .set({ revokedAt: new Date(), revokedReason: reason })
        .where(and(eq(sessions.userId, userId), isNull(sessions.revokedAt)));
    },

    async insertPasswordReset(tokenHash: string, userId: string, expiresAt: Date): Promise<void> {
      await db.insert(passwordResets).values({ tokenHash, userId, expiresAt });
    },

    /**
     * A new password through a reset link, in one transaction: the link is marked used (only one
     * caller can win it, and only before it expires at `now`), the password replaced and every
     * session of the user revoked. Answers the user's id, or undefined for an unknown, used or
     * expired link.
     */
    async resetPassword(tokenHash: string, passwordHash: string, now: Date): Promise<string | undefined> {
      return db.transaction(async (tx) => {
        const [reset] = await tx
          .update(passwordResets)
          .set({ usedAt: now })
          .where(and(eq(passwordResets.tokenHash, tokenHash), isNull(passwordResets.usedAt), gt(passwordResets.expiresAt, now)))
          .returning({ userId: passwordResets.userId });
        if (!reset) return undefined;
        await tx.update(users).set({ passwordHash, updatedAt: now }).where(eq(users.id, reset.userId));
        await tx
          .update(sessions)
          .set({ revokedAt: now, revokedReason: 'password-reset' })
          .where(and(eq(sessions.userId, reset.userId), isNull(sessions.revokedAt)));
        // Other links asked for before this one die with it.
        await tx
          .update(passwordResets)
          .set({ usedAt: now })
          .where(and(eq(passwordResets.userId, reset.userId), isNull(passwordResets.usedAt)));
        return reset.userId;
      });
    },

    /** A new password chosen while signed in: every other session is revoked, `keepSessionId` stays. */
    async changePassword(userId: string, passwordHash: string, keepSessionId: string): Promise<void> {
      await db.transaction(async (tx) => {
        await tx.update(users).set({ passwordHash, updatedAt: new Date() }).where(eq(users.id, userId));
        await tx
          .update(sessions)
          .set({ revokedAt: new Date(), revokedReason: 'password-change' })
          .where(and(eq(sessions.userId, userId), isNull(sessions.revokedAt), ne(sessions.id, keepSessionId)));
      });
    },

    /** Counts one hit in a fixed window; answers the count so far in the current window. */
    async hit(key: string, windowSeconds: number): Promise<number> {
      const [row] = await db
        .insert(rateLimits)
        .values({ key, windowStart: new Date(), count: 1 })
        .onConflictDoUpdate({
          target: rateLimits.key,
          set: {
            count: sql`case when ${rateLimits.windowStart} < now() - make_interval(secs => ${windowSeconds}) then 1 else ${rateLimits.count} + 1 end`,
            windowStart: sql`case when ${rateLimits.windowStart} < now() - make_interval(secs => ${windowSeconds}) then now() else ${rateLimits.windowStart} end`,
          },
        })
        .returning({ count: rateLimits.count });
      return row?.count ?? 1;
    },

    async clearHits(key: string): Promise<void> {
      await db.delete(rateLimits).where(eq(rateLimits.key, key));
    },
  };
}

export type AuthRepository = ReturnType<typeof authRepository>;

/** Sets the account's plan (users.membership_type), inside the caller's transaction; false when no such account. */
export async function setPlan(accountId: string, plan: PlanLevel, tx: Db): Promise<boolean> {
  const rows = await tx.update(users).set({ membershipType: plan, updatedAt: new Date() }).where(eq(users.id, accountId)).returning({ id: users.id });
  return rows.length > 0;
}

/**
 * Suspends an account (a reason) or restores it (null), inside the caller's transaction: a
 * suspension revokes every live session of the account at once. Answers false when no such
 * account; the main admin account is never suspended (answers false too).
 */
export async function setSuspended(accountId: string, reason: string | null, tx: Db, now = new Date()): Promise<boolean> {
  const rows = await tx
    .update(users)
    .set(reason === null ? { suspendedAt: null, suspendedReason: null, updatedAt: now } : { suspendedAt: now, suspendedReason: reason, updatedAt: now })
    .where(and(eq(users.id, accountId), ne(users.role, 'admin')))
    .returning({ id: users.id });
  if (!rows.length) return false;
  if (reason !== null) {
    await tx
      .update(sessions)
      .set({ revokedAt: now, revokedReason: 'account-suspended' })
      .where(and(eq(sessions.userId, accountId), isNull(sessions.revokedAt)));
  }
  return true;
}

/** A new account inside the caller's transaction (an accepted team invitation); undefined when the e-mail is taken. */
export async function insertUserIn(tx: Db, user: NewUser): Promise<UserRow | undefined> {
  const [row] = await tx.insert(users).values(user).onConflictDoNothing({ target: users.email }).returning();
  return row;
}

/** Marks the account as a partner's owner (users.is_partner), inside the caller's transaction. */
export async function markPartner(userId: string, tx: Db): Promise<void> {
  await tx.update(users).set({ isPartner: true, updatedAt: new Date() }).where(eq(users.id, userId));
}
