import { and, eq, inArray, isNull, sql } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { bots } from '../../modules/bots/bots.table.ts';
import { AccountTaken, setAccounts } from '../../modules/bots/index.ts';
import { whatsappWebKeys, whatsappWebSends, whatsappWebSessions } from './whatsapp-web.table.ts';

export type SessionRow = typeof whatsappWebSessions.$inferSelect;
export type SessionPatch = Partial<Pick<SessionRow, 'status' | 'pairError' | 'lastQr' | 'qrCount' | 'phone'>>;

/** Sessions some process should be running. */
export const wantedStatuses = ['waiting_qr', 'connecting', 'connected'] as const;

const CHANNEL = 'whatsmeow' as const;

/** The only code that reads and writes WhatsApp Web sessions and their keys. */
export function whatsappWebRepository(db: Db) {
  const byBot = (botId: string) => eq(whatsappWebSessions.botId, botId);

  return {
    async find(botId: string): Promise<SessionRow | undefined> {
      const [row] = await db.select().from(whatsappWebSessions).where(byBot(botId)).limit(1);
      return row;
    },

    async ensure(botId: string): Promise<SessionRow> {
      await db.insert(whatsappWebSessions).values({ botId }).onConflictDoNothing();
      const [row] = await db.select().from(whatsappWebSessions).where(byBot(botId)).limit(1);
      return row!;
    },

    async update(botId: string, patch: SessionPatch): Promise<SessionRow | undefined> {
      const [row] = await db
        .update(whatsappWebSessions)
        .set({ ...patch, updatedAt: new Date() })
        .where(byBot(botId))
        .returning();
      return row;
    },

    /** One more QR in the current pairing attempt; answers how many have been shown. */
    async countQr(botId: string, qr: string): Promise<number> {
      const [row] = await db
        .update(whatsappWebSessions)
        .set({ qrCount: sql`${whatsappWebSessions.qrCount} + 1`, lastQr: qr, updatedAt: new Date() })
        .where(byBot(botId))
        .returning({ qrCount: whatsappWebSessions.qrCount });
      return row?.qrCount ?? 1;
    },

    // ---- credentials and keys (values arrive sealed) ----

    async readCreds(botId: string): Promise<string | null> {
      const [row] = await db.select({ creds: whatsappWebSessions.credsSealed }).from(whatsappWebSessions).where(byBot(botId)).limit(1);
      return row?.creds ?? null;
    },

    async writeCreds(botId: string, sealed: string): Promise<void> {
      await db
        .insert(whatsappWebSessions)
        .values({ botId, credsSealed: sealed })
        .onConflictDoUpdate({ target: whatsappWebSessions.botId, set: { credsSealed: sealed, updatedAt: new Date() } });
    },

    async readKeys(botId: string, type: string, ids: string[]): Promise<{ id: string; value: string }[]> {
      if (!ids.length) return [];
      return db
        .select({ id: whatsappWebKeys.id, value: whatsappWebKeys.valueSealed })
        .from(whatsappWebKeys)
        .where(and(eq(whatsappWebKeys.botId, botId), eq(whatsappWebKeys.type, type), inArray(whatsappWebKeys.id, ids)));
    },

    /** Writes and deletes keys in one transaction (a null value deletes). */
    async writeKeys(botId: string, changes: { type: string; id: string; value: string | null }[]): Promise<void> {
      if (!changes.length) return;
      await db.transaction(async (tx) => {
        const puts = changes.filter((c): c is { type: string; id: string; value: string } => c.value !== null);
        const deletes = changes.filter((c) => c.value === null);
        for (let i = 0; i < puts.length; i += 500) {
          await tx
            .insert(whatsappWebKeys)
            .values(puts.slice(i, i + 500).map((c) => ({ botId, type: c.type, id: c.id, valueSealed: c.value })))
            .onConflictDoUpdate({
              target: [whatsappWebKeys.botId, whatsappWebKeys.type, whatsappWebKeys.id],
              set: { valueSealed: sql`excluded.value_sealed` },
            });
        }
        for (const d of deletes) {
          await tx
            .delete(whatsappWebKeys)
            .where(and(eq(whatsappWebKeys.botId, botId), eq(whatsappWebKeys.type, d.type), eq(whatsappWebKeys.id, d.id)));
        }
      });
    },

    /** Forgets the credentials and every key, and lets go of the paired number: the next connection pairs from scratch. */
    async clearAuth(botId: string): Promise<void> {
      await db.transaction(async (tx) => {
        await setAccounts(tx, botId, { [CHANNEL]: null });
        await tx.delete(whatsappWebKeys).where(eq(whatsappWebKeys.botId, botId));
        await tx.update(whatsappWebSessions).set({ credsSealed: null, updatedAt: new Date() }).where(byBot(botId));
      });
    },

    /** Takes the paired number for this bot; false (nothing changed) when another bot holds it. */
    async holdPhone(botId: string, phone: string): Promise<boolean> {
      try {
        await db.transaction((tx) => setAccounts(tx, botId, { [CHANNEL]: phone }));
        return true;
      } catch (err) {
        if (err instanceof AccountTaken) return false;
        throw err;
      }
    },

    async countKeys(botId: string): Promise<number> {
      const [row] = await db.select({ n: sql<number>`count(*)::int` }).from(whatsappWebKeys).where(eq(whatsappWebKeys.botId, botId));
      return Number(row?.n ?? 0);
    },

    // ---- lease ----

    /** Records this process as the session's runner until `ttlMs` from now. */
    async claim(botId: string, owner: string, ttlMs: number): Promise<void> {
      await db
        .update(whatsappWebSessions)
        .set({ owner, leaseUntil: sql`now() + ${`${ttlMs} milliseconds`}::interval` })
        .where(byBot(botId));
    },

    /** Extends the claims this process still holds; answers them with their status, and whether their bot was deleted. */
    async renew(botIds: string[], owner: string, ttlMs: number): Promise<{ botId: string; status: SessionRow['status']; pairError: string | null; botDeleted: boolean }[]> {
      if (!botIds.length) return [];
      return db
        .update(whatsappWebSessions)
        .set({ leaseUntil: sql`now() + ${`${ttlMs} milliseconds`}::interval` })
        .where(and(inArray(whatsappWebSessions.botId, botIds), eq(whatsappWebSessions.owner, owner)))
        .returning({
          botId: whatsappWebSessions.botId,
          status: whatsappWebSessions.status,
          pairError: whatsappWebSessions.pairError,
          botDeleted: sql<boolean>`not exists (select 1 from ${bots} where ${bots.id} = ${whatsappWebSessions.botId} and ${bots.deletedAt} is null)`,
        });
    },

    async release(botId: string, owner: string): Promise<void> {
      await db
        .update(whatsappWebSessions)
        .set({ owner: null, leaseUntil: null })
        .where(and(byBot(botId), eq(whatsappWebSessions.owner, owner)));
    },

    /** Sessions that should run (of live bots) and are not this process's: whose claim has lapsed or that nobody claimed. */
    async unclaimed(owner: string, limit = 200): Promise<{ botId: string; owner: string | null; expired: boolean }[]> {
      return db
        .select({
          botId: whatsappWebSessions.botId,
          owner: whatsappWebSessions.owner,
          expired: sql<boolean>`coalesce(${whatsappWebSessions.leaseUntil} < now(), true)`,
        })
        .from(whatsappWebSessions)
        .innerJoin(bots, and(eq(bots.id, whatsappWebSessions.botId), isNull(bots.deletedAt)))
        .where(
          and(
            inArray(whatsappWebSessions.status, [...wantedStatuses]),
            sql`(${whatsappWebSessions.owner} is null or ${whatsappWebSessions.owner} <> ${owner} or ${whatsappWebSessions.leaseUntil} < now())`,
          ),
        )
        .limit(limit);
    },

    /** Whether a session's claim is alive right now (owner and unexpired lease). */
    async liveOwner(botId: string): Promise<string | null> {
      const [row] = await db
        .select({ owner: whatsappWebSessions.owner })
        .from(whatsappWebSessions)
        .where(and(byBot(botId), sql`${whatsappWebSessions.leaseUntil} >= now()`))
        .limit(1);
      return row?.owner ?? null;
    },

    async expireLease(botId: string): Promise<void> {
      await db.update(whatsappWebSessions).set({ leaseUntil: sql`now() - interval '1 second'` }).where(byBot(botId));
    },

    // ---- sends of the channel ----

    /** One more try at sending a message; answers how many there have been. */
    async countAttempt(messageId: string): Promise<number> {
      const [row] = await db
        .insert(whatsappWebSends)
        .values({ messageId, attempts: 1 })
        .onConflictDoUpdate({ target: whatsappWebSends.messageId, set: { attempts: sql`${whatsappWebSends.attempts} + 1`, updatedAt: new Date() } })
        .returning({ attempts: whatsappWebSends.attempts });
      return row?.attempts ?? 1;
    },

  };
}

export type WhatsappWebRepository = ReturnType<typeof whatsappWebRepository>;
