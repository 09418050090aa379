import { and, eq, inArray, isNull, sql } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { bots } from '../../modules/bots/bots.table.ts';
import { AccountTaken, setAccounts } from '../../modules/bots/channel-accounts.repository.ts';
import { contactIdentities, conversations, messages } from '../../modules/conversations/conversations.table.ts';
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

    // ---- messages and contacts of the channel ----

    /** The text of a message this bot sent or received, by WhatsApp's id (for resending on request). */
    async messageText(botId: string, externalId: string): Promise<string | undefined> {
      const [row] = await db
        .select({ text: messages.text })
        .from(messages)
        .where(and(eq(messages.channel, CHANNEL), eq(messages.externalId, externalId), eq(messages.botId, botId)))
        .limit(1);
      return row?.text;
    },

    async outbound(
      messageId: string,
    ): Promise<{ id: string; botId: string; text: string; media: { type: string; url?: string }[] | null; externalId: string | null; status: string } | undefined> {
      const [row] = await db
        .select({ id: messages.id, botId: messages.botId, text: messages.text, media: messages.media, externalId: messages.externalId, status: messages.status })
        .from(messages)
        .where(and(eq(messages.id, messageId), eq(messages.channel, CHANNEL), eq(messages.direction, 'out')))
        .limit(1);
      return row;
    },

    /** The WhatsApp ids of the customer a message goes to (the phone number's and the LID). */
    async recipientIds(messageId: string): Promise<string[]> {
      const rows = await db
        .select({ externalId: contactIdentities.externalId })
        .from(messages)
        .innerJoin(conversations, eq(conversations.id, messages.conversationId))
        .innerJoin(
          contactIdentities,
          and(
            eq(contactIdentities.contactId, conversations.contactId),
            eq(contactIdentities.botId, messages.botId),
            eq(contactIdentities.channel, CHANNEL),
          ),
        )
        .where(eq(messages.id, messageId));
      return rows.map((r) => r.externalId);
    },

    /** One more try at sending a message; answers how many there have been. */
    async countAttempt(messageId: string): Promise<number> {
      const [row] = await db
        .insert(whatsappWebSends)
        .values({ messageId, attempts: 1 })
        .onConflictDoUpdate({ target: whatsappWebSends.messageId, set: { attempts: sql`${whatsappWebSends.attempts} + 1`, updatedAt: new Date() } })
        .returning({ attempts: whatsappWebSends.attempts });
      return row?.attempts ?? 1;
    },

    /** Records WhatsApp's id of a message once it went out (a second delivery then sends nothing). */
    async setExternalId(messageId: string, externalId: string): Promise<void> {
      await db
        .update(messages)
        .set({ externalId })
        .where(and(eq(messages.id, messageId), isNull(messages.externalId)));
    },

    /** The first of these WhatsApp ids this bot already knows a contact by. */
    async knownIdentity(botId: string, externalIds: string[]): Promise<string | undefined> {
      if (!externalIds.length) return undefined;
      const rows = await db
        .select({ externalId: contactIdentities.externalId })
        .from(contactIdentities)
        .where(and(eq(contactIdentities.botId, botId), eq(contactIdentities.channel, CHANNEL), inArray(contactIdentities.externalId, externalIds)));
      const known = new Set(rows.map((r) => r.externalId));
      return externalIds.find((id) => known.has(id));
    },

    /** Another WhatsApp id of a contact (its LID beside its phone number, or the other way round). */
    async addIdentity(botId: string, externalId: string, contactId: string): Promise<void> {
      await db.insert(contactIdentities).values({ botId, channel: CHANNEL, externalId, contactId }).onConflictDoNothing();
    },

    async identitiesOf(botId: string, contactId: string): Promise<string[]> {
      const rows = await db
        .select({ externalId: contactIdentities.externalId })
        .from(contactIdentities)
        .where(and(eq(contactIdentities.botId, botId), eq(contactIdentities.channel, CHANNEL), eq(contactIdentities.contactId, contactId)));
      return rows.map((r) => r.externalId);
    },
  };
}

export type WhatsappWebRepository = ReturnType<typeof whatsappWebRepository>;
