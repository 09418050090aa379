import { sql, type SQL } from 'drizzle-orm';
import { paidPlans, trialChannels, type PlanLevel } from '@charla/shared';
import { queryRows, type Db } from '../../db/client.ts';
import { users, sessions } from '../auth/auth.table.ts';
import { bots, channelAccounts } from '../bots/bots.table.ts';
import { messages, messageUsage } from '../conversations/conversations.table.ts';

/** Accented letters and what they fold to, for a search without accents or case (PGlite has no unaccent). */
const accented = 'áàäâãÁÀÄÂÃéèëêÉÈËÊíìïîÍÌÏÎóòöôõÓÒÖÔÕúùüûÚÙÜÛñÑçÇ';
const folded = 'aaaaaaaaaaeeeeeeeeiiiiiiiioooooooooouuuuuuuunncc';
const fold = (column: SQL) => sql`lower(translate(${column}, ${accented}, ${folded}))`;

/** The text a search is matched with: no accents, lower case, LIKE's wildcards taken literally. */
export function foldSearch(q: string): string {
  return q
    .normalize('NFD')
    .replace(/\p{Diacritic}/gu, '')
    .toLowerCase()
    .replace(/[\\%_]/g, (c) => `\\${c}`);
}

export interface AccountRow {
  id: string;
  name: string;
  email: string;
  role: 'owner' | 'admin';
  membership_type: string;
  created_at: Date | string;
  suspended_at: Date | string | null;
  suspended_reason: string | null;
  last_seen_at: Date | string | null;
  bots: number;
  messages_month: number;
}

export interface AdminBotRow {
  id: string;
  bot_name: string;
  business_name: string;
  bot_enabled: boolean;
  locked: boolean;
  locked_reason: string | null;
  switched_off_for_plan_at: Date | string | null;
  channels: string[] | string | null;
}

/** Messages with customers: not the owner's tries in the playground or on the demonstration channel. */
const traffic = sql`channel not in (${sql.join(trialChannels.map((c) => sql`${c}`), sql`, `)})`;

/** The console's reads over every account (the admin module writes nothing of its own: changes go through the owners' faces). */
export function adminRepository(db: Db) {
  const accountColumns = (month: string) => sql`u.id, u.name, u.email, u.role, u.membership_type, u.created_at, u.suspended_at, u.suspended_reason,
      (select max(s.created_at) from ${sessions} s where s.user_id = u.id) as last_seen_at,
      (select count(*)::int from ${bots} b where b.user_id = u.id and b.deleted_at is null) as bots,
      coalesce((select mu.count from ${messageUsage} mu where mu.user_id = u.id and mu.month = ${month}), 0)::int as messages_month`;

  return {
    async overview(dayStart: Date, monthStart: Date) {
      const [row] = await queryRows<{
        accounts: number;
        suspended: number;
        active_bots: number;
        messages_today: number;
        messages_month: number;
      }>(db, sql`select
          (select count(*)::int from ${users} where role = 'owner') as accounts,
          (select count(*)::int from ${users} where role = 'owner' and suspended_at is not null) as suspended,
          (select count(*)::int from ${bots} where deleted_at is null and bot_enabled and not locked and switched_off_for_plan_at is null) as active_bots,
          (select count(*)::int from ${messages} where created_at >= ${dayStart.toISOString()}::timestamptz and ${traffic}) as messages_today,
          (select count(*)::int from ${messages} where created_at >= ${monthStart.toISOString()}::timestamptz and ${traffic}) as messages_month`);
      const plans = await queryRows<{ plan: string; accounts: number }>(
        db,
        sql`select membership_type as plan, count(*)::int as accounts from ${users} where role = 'owner' group by membership_type`,
      );
      return { totals: row!, plans };
    },

    /** Accounts newest first, matched by name or e-mail (folded), by plan, after a (created_at, id) marker. */
    async accounts(opts: { q?: string; plan?: PlanLevel; after?: { createdAt: Date; id: string }; limit: number; month: string }): Promise<AccountRow[]> {
      const where: SQL[] = [];
      if (opts.q) {
        const like = `%${foldSearch(opts.q)}%`;
        where.push(sql`(${fold(sql`u.name`)} like ${like} or ${fold(sql`u.email`)} like ${like})`);
      }
      // Free is also what an unknown plan name counts as.
      if (opts.plan === 'Free') where.push(sql`u.membership_type not in (${sql.join(paidPlans.map((p) => sql`${p}`), sql`, `)})`);
      else if (opts.plan) where.push(sql`u.membership_type = ${opts.plan}`);
      if (opts.after) {
        where.push(sql`(u.created_at < ${opts.after.createdAt.toISOString()}::timestamptz or (u.created_at = ${opts.after.createdAt.toISOString()}::timestamptz and u.id < ${opts.after.id}::uuid))`);
      }
      const filter = where.length ? sql`where ${sql.join(where, sql` and `)}` : sql``;
      return queryRows<AccountRow>(db, sql`select ${accountColumns(opts.month)} from ${users} u ${filter} order by u.created_at desc, u.id desc limit ${opts.limit}`);
    },

    async account(userId: string, month: string): Promise<AccountRow | undefined> {
      const [row] = await queryRows<AccountRow>(db, sql`select ${accountColumns(month)} from ${users} u where u.id = ${userId}::uuid`);
      return row;
    },

    async botsOf(userId: string): Promise<AdminBotRow[]> {
      return queryRows<AdminBotRow>(db, sql`select b.id, b.bot_name, b.business_name, b.bot_enabled, b.locked, b.locked_reason, b.switched_off_for_plan_at,
          (select coalesce(array_agg(ca.channel order by ca.channel), '{}') from ${channelAccounts} ca where ca.bot_id = b.id) as channels
        from ${bots} b where b.user_id = ${userId}::uuid and b.deleted_at is null order by b.created_at`);
    },

    async botOwner(botId: string): Promise<{ user_id: string; role: string } | undefined> {
      const [row] = await queryRows<{ user_id: string; role: string }>(
        db,
        sql`select b.user_id, u.role from ${bots} b join ${users} u on u.id = b.user_id where b.id = ${botId}::uuid and b.deleted_at is null`,
      );
      return row;
    },
  };
}

export type AdminRepository = ReturnType<typeof adminRepository>;
