import { and, asc, eq, isNull, or, sql } from 'drizzle-orm';
import type { SeatRole } from '@charla/shared';
import { queryRows, type Db } from '../../db/client.ts';
import { coalesce } from '../../lib/coalesce.ts';
import { users } from '../auth/auth.table.ts';
import { bots } from '../bots/bots.table.ts';
import { partnerClients, partners } from '../partners/partners.table.ts';
import { seats } from '../seats/seats.table.ts';
import { isUuid } from '../../lib/uuid.ts';

export type AccessedBot = typeof bots.$inferSelect;

/** Someone a bot's conversations may be given to. */
export interface Assignee {
  userId: string;
  name: string;
  role: 'owner' | SeatRole;
}

/** The caller's active seat on the bot's account, read with the bot. */
export interface SeatGrant {
  role: SeatRole;
  botIds: string[];
}

/** The account a team member works in: its owner, the seat's role and (for an agent) its bots. */
export interface Membership {
  accountId: string;
  accountEmail: string;
  role: SeatRole;
  botIds: string[];
}

/** The reads behind the access check (it writes nothing). */
export function accessRepository(db: Db) {
  const memberships = coalesce(async (keys) => {
    // One id that is not a uuid would fail the lookups it shares the query with; it has no seat.
    const userIds = keys.filter((id) => isUuid(id));
    if (!userIds.length) return new Map();
    const rows = await queryRows<{ userId: string; accountId: string | null; accountEmail: string | null; role: SeatRole | null; botIds: string[] | null; owns: boolean }>(
      db,
      sql`select distinct on (u.id) u.id as "userId", s.account_id as "accountId", o.email as "accountEmail", s.role, s.bot_ids as "botIds",
            exists (select 1 from ${bots} b where b.user_id = u.id and b.deleted_at is null) as owns
          from ${users} u
          left join ${seats} s on s.user_id = u.id and s.is_active and s.status = 'active'
          left join ${users} o on o.id = s.account_id
          where u.id = any(${`{${userIds.join(',')}}`}::uuid[])
          order by u.id, s.updated_at desc`,
    );
    return new Map(
      rows.map((row) => [
        row.userId,
        {
          membership: row.accountId && row.role ? { accountId: row.accountId, accountEmail: row.accountEmail ?? '', role: row.role, botIds: row.botIds ?? [] } : null,
          ownsBots: Boolean(row.owns),
        },
      ]),
    );
  });
  return {
    /** A live bot by its primary key: the one query of each access check. */
    async liveBot(botId: string): Promise<AccessedBot | undefined> {
      const [row] = await db.select().from(bots).where(and(eq(bots.id, botId), isNull(bots.deletedAt))).limit(1);
      return row;
    },

    /**
     * A live bot and the caller's active seat on its owner's account (null when none), in one
     * query: the check reads the seat on every request, so turning a seat off takes effect at once.
     */
    async liveBotFor(botId: string, userId: string): Promise<{ bot: AccessedBot; seat: SeatGrant | null; partner: boolean } | undefined> {
      const ownersPartner = sql<boolean>`exists (select 1 from ${partnerClients} pc join ${partners} p on p.id = pc.partner_id
        where pc.user_id = ${bots.userId} and p.owner_id = ${userId})`;
      const [row] = await db
        .select({ bot: bots, role: seats.role, botIds: seats.botIds, partner: ownersPartner })
        .from(bots)
        .leftJoin(seats, and(eq(seats.accountId, bots.userId), eq(seats.userId, userId), eq(seats.isActive, true), eq(seats.status, 'active')))
        .where(and(eq(bots.id, botId), isNull(bots.deletedAt)))
        .limit(1);
      if (!row) return undefined;
      return { bot: row.bot, seat: row.role ? { role: row.role, botIds: row.botIds ?? [] } : null, partner: Boolean(row.partner) };
    },

    /** The account of a partner's client by its e-mail, when `partnerUserId` owns the partner it belongs to. */
    async clientOfPartnerByEmail(partnerUserId: string, email: string): Promise<string | undefined> {
      const [row] = await db
        .select({ id: users.id })
        .from(users)
        .innerJoin(partnerClients, eq(partnerClients.userId, users.id))
        .innerJoin(partners, eq(partners.id, partnerClients.partnerId))
        .where(and(eq(users.email, email), eq(partners.ownerId, partnerUserId)))
        .limit(1);
      return row?.id;
    },

    /** Where the account may sign in: the partner it is a client of (slug, and whether active), and whether it owns a partner. */
    async tenancy(userId: string): Promise<{ clientOf: string | null; clientActive: boolean; ownsPartner: boolean }> {
      const rows = await queryRows<{ client_of: string | null; client_active: boolean | null; owns_partner: boolean }>(db, sql`
        select (select p.slug from ${partnerClients} pc join ${partners} p on p.id = pc.partner_id where pc.user_id = ${userId}) as client_of,
               (select pc.active from ${partnerClients} pc where pc.user_id = ${userId}) as client_active,
               exists (select 1 from ${partners} p where p.owner_id = ${userId}) as owns_partner`);
      const row = rows[0];
      return { clientOf: row?.client_of ?? null, clientActive: Boolean(row?.client_active), ownsPartner: Boolean(row?.owns_partner) };
    },

    /**
     * The account the user is an active team member of (the latest one when several), and
     * whether the user owns bots of their own. Every signed-in request of the app asks it
     * (`/client/info`): lookups that arrive together share one query (see coalesce).
     */
    membership: (userId: string): Promise<{ membership: Membership | null; ownsBots: boolean }> =>
      memberships(userId).then((found) => found ?? { membership: null, ownsBots: false }),
    /** The bot's owner, then the account's active admins and the agents of this bot (by name); none for a missing bot. */
    async assignees(botId: string): Promise<Assignee[]> {
      const [bot] = await db
        .select({ ownerId: bots.userId, ownerName: users.name })
        .from(bots)
        .innerJoin(users, eq(users.id, bots.userId))
        .where(and(eq(bots.id, botId), isNull(bots.deletedAt)))
        .limit(1);
      if (!bot) return [];
      const team = await db
        .select({ userId: seats.userId, name: users.name, role: seats.role })
        .from(seats)
        .innerJoin(users, eq(users.id, seats.userId))
        .where(
          and(
            eq(seats.accountId, bot.ownerId),
            eq(seats.isActive, true),
            eq(seats.status, 'active'),
            or(eq(seats.role, 'admin'), sql`${botId}::uuid = any(${seats.botIds})`),
          ),
        )
        .orderBy(asc(users.name), asc(users.id));
      const members = team.flatMap((m): Assignee[] => (m.userId && m.userId !== bot.ownerId ? [{ userId: m.userId, name: m.name, role: m.role }] : []));
      return [{ userId: bot.ownerId, name: bot.ownerName, role: 'owner' }, ...members];
    },

    async userIdByEmail(email: string): Promise<string | undefined> {
      const [row] = await db.select({ id: users.id }).from(users).where(eq(users.email, email)).limit(1);
      return row?.id;
    },
  };
}

export type AccessRepository = ReturnType<typeof accessRepository>;
