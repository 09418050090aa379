import { and, eq, isNull, sql } from 'drizzle-orm';
import { queryRows, type Db } from '../../db/client.ts';
import { rateLimits, refreshTokens, sessions, users } from './auth.table.ts';

export type UserRow = typeof users.$inferSelect;
export type NewUser = typeof users.$inferInsert;

/** The only code that reads and writes accounts, sessions, refresh tokens and counters. */
export function authRepository(db: Db) {
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

    async createSession(userId: string, userAgent: string | undefined, ip: string): Promise<string> {
      const [row] = await db
        .insert(sessions)
        .values({ userId, userAgent: userAgent?.slice(0, 300), ip })
        .returning({ id: sessions.id });
      return row!.id;
    },

    /** The user behind an access token, if its session is still alive. One indexed query. */
    async findSessionUser(userId: string, sessionId: string): Promise<UserRow | undefined> {
      const [row] = await db
        .select({ user: users })
        .from(sessions)
        .innerJoin(users, eq(users.id, sessions.userId))
        .where(and(eq(sessions.id, sessionId), eq(sessions.userId, userId), isNull(sessions.revokedAt)))
        .limit(1);
      return row?.user;
    },

    async insertRefreshToken(tokenHash: string, sessionId: string, expiresAt: Date): Promise<void> {
      await db.insert(refreshTokens).values({ tokenHash, sessionId, expiresAt });
    },

    /**
     * Marks a refresh token used, atomically: only one caller can win a given token.
     * Answers its live session, or undefined when the token is unknown, used, expired or revoked.
     */
    async consumeRefreshToken(tokenHash: string): Promise<{ sessionId: string; userId: string } | undefined> {
      const [row] = await queryRows<{ session_id: string; user_id: string }>(db, sql`
        update ${refreshTokens} rt set used_at = now()
        from ${sessions} s
        where rt.token_hash = ${tokenHash} and rt.used_at is null and rt.expires_at > now()
          and s.id = rt.session_id and s.revoked_at is null
        returning rt.session_id, s.user_id`);
      return row ? { sessionId: row.session_id, userId: row.user_id } : undefined;
    },

    async findRefreshToken(tokenHash: string) {
      const [row] = await db
        .select({ sessionId: refreshTokens.sessionId, usedAt: refreshTokens.usedAt, userId: sessions.userId, revokedAt: sessions.revokedAt })
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
