import { and, asc, eq, inArray, isNotNull, isNull, sql } from 'drizzle-orm';
import { identities, locales, personalities, purposeCodes, responseLengths, templateKeys, tones } from '@charla/shared';
import type { Db } from '../../db/client.ts';
import { enumColumn } from '../../lib/row-parse.ts';
import { bots } from './bots.table.ts';
import { AccountTaken, releaseAccounts, setAccounts, type AccountClaims } from './channel-accounts.repository.ts';

export type BotRow = typeof bots.$inferSelect;

/** A bot's settings held as text, checked against the shared lists when read: a value none of them knows fails loudly. */
export const botColumns = {
  template: enumColumn(templateKeys, 'bots.bot_objective'),
  language: enumColumn(locales, 'bots.language'),
  purpose: enumColumn(purposeCodes, 'bots.purpose'),
  tone: enumColumn(tones, 'bots.tone'),
  personality: enumColumn(personalities, 'bots.personality'),
  identity: enumColumn(identities, 'bots.identity'),
  responseLength: enumColumn(responseLengths, 'bots.response_length'),
};
export type NewBot = typeof bots.$inferInsert;
export type BotPatch = Partial<Omit<NewBot, 'id' | 'userId' | 'createdAt'>>;

const live = isNull(bots.deletedAt);

/** The only code that reads and writes bots. */
export function botsRepository(db: Db) {
  return {
    async findLive(id: string): Promise<BotRow | undefined> {
      const [row] = await db.select().from(bots).where(and(eq(bots.id, id), live)).limit(1);
      return row;
    },

    async listByOwner(userId: string): Promise<BotRow[]> {
      return db.select().from(bots).where(and(eq(bots.userId, userId), live)).orderBy(asc(bots.createdAt));
    },

    /**
     * Inserts a bot when `allowed` says so, asked inside the insert's transaction (the plan's
     * limit locks the owner's row there, so two creations at once cannot both pass it).
     */
    async insertIf(bot: NewBot, allowed: (tx: Db) => Promise<boolean>): Promise<BotRow | undefined> {
      return db.transaction(async (tx) => {
        if (!(await allowed(tx))) return undefined;
        const [row] = await tx.insert(bots).values(bot).returning();
        return row!;
      });
    },

    async update(id: string, patch: BotPatch): Promise<BotRow | undefined> {
      const [row] = await db
        .update(bots)
        .set({ ...patch, updatedAt: new Date() })
        .where(and(eq(bots.id, id), live))
        .returning();
      return row;
    },

    /**
     * Changes a bot and, in the same transaction, the channel accounts it holds: 'taken' (and
     * nothing changed) when another bot holds one of them.
     */
    async updateHolding(id: string, patch: BotPatch, claims: AccountClaims): Promise<BotRow | undefined | 'taken'> {
      try {
        return await db.transaction(async (tx) => {
          const [row] = await tx
            .update(bots)
            .set({ ...patch, updatedAt: new Date() })
            .where(and(eq(bots.id, id), live))
            .returning();
          if (row) await setAccounts(tx, id, claims);
          return row;
        });
      } catch (err) {
        if (err instanceof AccountTaken) return 'taken';
        throw err;
      }
    },

    async toggleEnabled(id: string): Promise<BotRow | undefined> {
      const [row] = await db
        .update(bots)
        .set({ botEnabled: sql`not ${bots.botEnabled}`, updatedAt: new Date() })
        .where(and(eq(bots.id, id), live))
        .returning();
      return row;
    },

    /** Soft delete: conversations and history stay; the bot leaves lists and limits and lets go of its channel accounts. */
    async softDelete(id: string): Promise<boolean> {
      return db.transaction(async (tx) => {
        const rows = await tx.update(bots).set({ deletedAt: new Date() }).where(and(eq(bots.id, id), live)).returning({ id: bots.id });
        if (rows.length) await releaseAccounts(tx, id);
        return rows.length > 0;
      });
    },
  };
}

export type BotsRepository = ReturnType<typeof botsRepository>;

/** The account's live bots, oldest first: the first `limit` are the ones its plan keeps on. */
const byAge = (tx: Db, accountId: string) =>
  tx.select({ id: bots.id }).from(bots).where(and(eq(bots.userId, accountId), live)).orderBy(asc(bots.createdAt), asc(bots.id));

/**
 * Switches off (never deletes) the account's newest bots beyond `limit`, as when its plan falls:
 * they keep everything and stay silent until `switchBackOn`. Answers the ids switched off now.
 */
export async function switchOffBeyond(accountId: string, limit: number, tx: Db, now = new Date()): Promise<string[]> {
  const rows = await tx
    .update(bots)
    .set({ switchedOffForPlanAt: now })
    .where(and(inArray(bots.id, byAge(tx, accountId).offset(Math.max(0, limit))), isNull(bots.switchedOffForPlanAt)))
    .returning({ id: bots.id });
  return rows.map((r) => r.id);
}

/** Switches back on the account's bots that a plan switched off, oldest first, up to `limit` bots on. */
export async function switchBackOn(accountId: string, limit: number, tx: Db): Promise<string[]> {
  const rows = await tx
    .update(bots)
    .set({ switchedOffForPlanAt: null })
    .where(and(inArray(bots.id, byAge(tx, accountId).limit(Math.max(0, limit))), isNotNull(bots.switchedOffForPlanAt)))
    .returning({ id: bots.id });
  return rows.map((r) => r.id);
}

/** How many of the account's live bots its plan switched off. */
export async function countSwitchedOff(accountId: string, db: Db): Promise<number> {
  const [row] = await db
    .select({ n: sql<number>`count(*)::int` })
    .from(bots)
    .where(and(eq(bots.userId, accountId), live, isNotNull(bots.switchedOffForPlanAt)));
  return Number(row?.n ?? 0);
}

/** Locks a live bot (the main admin, with a reason) or unlocks it (null), inside the caller's transaction; the row, or undefined when no such bot. */
export async function setLocked(botId: string, reason: string | null, tx: Db): Promise<BotRow | undefined> {
  const [row] = await tx
    .update(bots)
    .set({ locked: reason !== null, lockedReason: reason, updatedAt: new Date() })
    .where(and(eq(bots.id, botId), isNull(bots.deletedAt)))
    .returning();
  return row;
}
