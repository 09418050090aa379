import { and, asc, desc, eq, inArray, isNull, sql } from 'drizzle-orm';
import type { BillingCurrency, ClientPaymentStatus } from '@charla/shared';
import type { Db } from '../../db/client.ts';
import { users } from '../auth/auth.table.ts';
import { bots } from '../bots/bots.table.ts';
import { partnerClientPayments, partnerClients, partners } from './partners.table.ts';

export type PartnerRow = typeof partners.$inferSelect;

export interface ClientRow {
  id: string;
  userId: string;
  name: string;
  email: string;
  plan: string;
  active: boolean;
  createdAt: Date;
}

export interface ClientBotRow {
  id: string;
  botName: string;
  businessName: string;
  userId: string;
  locked: boolean;
  createdAt: Date;
}

export interface PaymentRow {
  id: string;
  month: string;
  clientId: string;
  client: string;
  amount: number;
  currency: BillingCurrency;
  status: ClientPaymentStatus;
  createdAt: Date;
}

const clientColumns = {
  id: partnerClients.id,
  userId: partnerClients.userId,
  name: users.name,
  email: users.email,
  plan: users.membershipType,
  active: partnerClients.active,
  createdAt: partnerClients.createdAt,
};

/** The only code that reads and writes partners, their clients and the payments they record. Every read of a client is scoped by its partner. */
export function partnersRepository(db: Db) {
  return {
    async bySlug(slug: string): Promise<PartnerRow | undefined> {
      const [row] = await db.select().from(partners).where(eq(partners.slug, slug)).limit(1);
      return row;
    },

    async byOwner(ownerId: string): Promise<PartnerRow | undefined> {
      const [row] = await db.select().from(partners).where(eq(partners.ownerId, ownerId)).limit(1);
      return row;
    },

    /** Inserts unless the slug or the owner already has one; undefined then. */
    async insert(tx: Db, values: { ownerId: string; slug: string; name: string }): Promise<PartnerRow | undefined> {
      const [row] = await tx.insert(partners).values(values).onConflictDoNothing().returning();
      return row;
    },

    async updateBranding(partnerId: string, patch: Partial<Pick<PartnerRow, 'bgColor' | 'fontColor' | 'unfocusedColor' | 'highlightColor' | 'logoKey' | 'faviconKey'>>): Promise<PartnerRow | undefined> {
      const [row] = await db.update(partners).set({ ...patch, updatedAt: new Date() }).where(eq(partners.id, partnerId)).returning();
      return row;
    },

    async clients(partnerId: string): Promise<ClientRow[]> {
      return db
        .select(clientColumns)
        .from(partnerClients)
        .innerJoin(users, eq(users.id, partnerClients.userId))
        .where(eq(partnerClients.partnerId, partnerId))
        .orderBy(asc(partnerClients.createdAt), asc(partnerClients.id));
    },

    /** One client of this partner (by the client row's id); undefined when it is another partner's or none. */
    async client(partnerId: string, clientId: string): Promise<ClientRow | undefined> {
      const [row] = await db
        .select(clientColumns)
        .from(partnerClients)
        .innerJoin(users, eq(users.id, partnerClients.userId))
        .where(and(eq(partnerClients.partnerId, partnerId), eq(partnerClients.id, clientId)))
        .limit(1);
      return row;
    },

    async insertClient(tx: Db, partnerId: string, userId: string): Promise<string> {
      const [row] = await tx.insert(partnerClients).values({ partnerId, userId }).returning({ id: partnerClients.id });
      return row!.id;
    },

    async setClientActive(partnerId: string, clientId: string, active: boolean): Promise<void> {
      await db
        .update(partnerClients)
        .set({ active, updatedAt: new Date() })
        .where(and(eq(partnerClients.partnerId, partnerId), eq(partnerClients.id, clientId)));
    },

    /** The live bots of the partner's clients (of one client when `userIds` names it). */
    async clientBots(partnerId: string, userIds?: string[]): Promise<ClientBotRow[]> {
      if (userIds && !userIds.length) return [];
      return db
        .select({ id: bots.id, botName: bots.botName, businessName: bots.businessName, userId: bots.userId, locked: bots.locked, createdAt: bots.createdAt })
        .from(bots)
        .innerJoin(partnerClients, eq(partnerClients.userId, bots.userId))
        .where(and(eq(partnerClients.partnerId, partnerId), isNull(bots.deletedAt), userIds ? inArray(bots.userId, userIds) : undefined))
        .orderBy(asc(bots.createdAt), asc(bots.id));
    },

    async payments(partnerId: string): Promise<PaymentRow[]> {
      return db
        .select({
          id: partnerClientPayments.id,
          month: partnerClientPayments.month,
          clientId: partnerClientPayments.clientId,
          client: users.name,
          amount: partnerClientPayments.amount,
          currency: partnerClientPayments.currency,
          status: partnerClientPayments.status,
          createdAt: partnerClientPayments.createdAt,
        })
        .from(partnerClientPayments)
        .innerJoin(partnerClients, eq(partnerClients.id, partnerClientPayments.clientId))
        .innerJoin(users, eq(users.id, partnerClients.userId))
        .where(eq(partnerClientPayments.partnerId, partnerId))
        .orderBy(desc(partnerClientPayments.month), desc(partnerClientPayments.createdAt))
        .limit(1000);
    },

    async insertPayment(values: { partnerId: string; clientId: string; month: string; amount: number; currency: BillingCurrency; status: ClientPaymentStatus }): Promise<string> {
      const [row] = await db.insert(partnerClientPayments).values(values).returning({ id: partnerClientPayments.id });
      return row!.id;
    },

    /** Whether a partner with this slug exists: asked on every request to a subdomain. */
    async slugExists(slug: string): Promise<boolean> {
      const [row] = await db.select({ one: sql<number>`1` }).from(partners).where(eq(partners.slug, slug)).limit(1);
      return Boolean(row);
    },
  };
}

export type PartnersRepository = ReturnType<typeof partnersRepository>;
