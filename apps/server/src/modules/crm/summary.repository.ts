import { sql, type SQL } from 'drizzle-orm';
import { queryRows, type Db } from '../../db/client.ts';

export interface SummaryDayRow {
  day: string;
  conversations: number;
  solved: number;
  contacts: number;
  leads: number;
  appointments: number;
  won: number;
}

export interface SummaryHourRow {
  weekday: number;
  hour: number;
  conversations: number;
}

export interface SummaryWindow {
  botId: string;
  timeZone: string;
  /** The period's first and last day (YYYY-MM-DD, both counted), in the bot's time zone. */
  from: string;
  to: string;
  /** The stage whose entries count as won (null: none). */
  wonStage: string | null;
}

/**
 * The first instant of the period (midnight of its first day in the bot's time zone) and the
 * first instant after it (midnight after its last day). Scalar subqueries, computed once.
 */
const since = (w: SummaryWindow) => sql`(select ${w.from}::date::timestamp at time zone ${w.timeZone})`;
const until = (w: SummaryWindow) => sql`(select (${w.to}::date + 1)::timestamp at time zone ${w.timeZone})`;
/** A row of the period, by its created_at. */
const within = (w: SummaryWindow) => sql`created_at >= ${since(w)} and created_at < ${until(w)}`;
/**
 * Rows are first counted per quarter hour (plain arithmetic on the instant), and only those
 * buckets are turned into the bot's local time: a time-zone conversion per bucket, not per row
 * (every offset in use is a multiple of 15 minutes).
 */
const bucket = sql`date_bin('15 minutes', created_at, timestamptz '2000-01-01 00:00:00+00')`;
const localDay = (w: SummaryWindow) => sql`(b at time zone ${w.timeZone})::date`;
/**
 * A row of a customer, not of the owner trying the bot in the playground: its contact is none of
 * the bot's playground contacts (a handful, read once from contacts_playground_idx).
 */
const notPlayground = (w: SummaryWindow) => sql`contact_id not in (select id from contacts where bot_id = ${w.botId} and playground)`;
/**
 * The conversations a customer wrote in during the period, once per quarter hour they wrote in:
 * the customers' messages of the bot's channels (never the playground's), read from
 * messages_customer_idx.
 */
const customerWrote = (w: SummaryWindow) =>
  sql`select ${bucket} as b, conversation_id from messages
    where bot_id = ${w.botId} and direction = 'in' and channel <> 'playground' and ${within(w)} group by 1, 2`;
/** Handled by the bot alone: no person took the conversation over or answered, nor is it waiting for one. */
const bySelf = sql`k.human_at is null and k.status <> 'human'`;

export interface SummaryPeriodRow {
  /** Conversations a customer wrote in during the period, each once. */
  conversations: number;
  /** Of those, the ones the bot handled alone. */
  solved: number;
}

/**
 * The CRM summary's figures, counted in the database: one grouped query per table over the period
 * (each reads its (bot_id, created_at) index; conversations are the customers' messages of
 * messages_customer_idx), joined to every day of the period.
 */
export function summaryRepository(db: Db) {
  return {
    /** Per day of the period (oldest first, empty days as zeros). */
    daily(w: SummaryWindow): Promise<SummaryDayRow[]> {
      const day = sql`(created_at at time zone ${w.timeZone})::date`;
      const customer = notPlayground(w);
      const won = w.wonStage
        ? sql`select ${day} as day, count(distinct contact_id)::int as won from contact_stage_changes
            where bot_id = ${w.botId} and ${within(w)} and to_stage = ${w.wonStage} and from_stage is distinct from ${w.wonStage} and ${customer} group by 1`
        : sql`select null::date as day, 0 as won where false`;
      const perDay = (table: SQL, counts: SQL, sums: SQL, extra: SQL = sql``) =>
        sql`select ${localDay(w)} as day, ${sums} from (select ${bucket} as b, ${counts} from ${table} where bot_id = ${w.botId} and ${within(w)} ${extra} group by 1) q group by 1`;
      return queryRows<SummaryDayRow>(
        db,
        sql`with
          d as (select g::date as day from generate_series(${w.from}::date, ${w.to}::date, interval '1 day') g),
          v as (select ${localDay(w)} as day, count(distinct q.conversation_id)::int as conversations, count(distinct q.conversation_id) filter (where ${bySelf})::int as solved
            from (${customerWrote(w)}) q join conversations k on k.id = q.conversation_id group by 1),
          c as (${perDay(sql`contacts`, sql`count(*) as n, count(*) filter (where phone <> '' or email <> '') as l`, sql`sum(n)::int as contacts, sum(l)::int as leads`, sql`and not playground`)}),
          a as (${perDay(sql`appointments`, sql`count(*) as n`, sql`sum(n)::int as appointments`, sql`and status <> 'cancelled' and ${customer}`)}),
          w as (${won})
        select d.day::text as day,
          coalesce(v.conversations, 0) as conversations, coalesce(v.solved, 0) as solved,
          coalesce(c.contacts, 0) as contacts, coalesce(c.leads, 0) as leads,
          coalesce(a.appointments, 0) as appointments, coalesce(w.won, 0) as won
        from d left join v on v.day = d.day left join c on c.day = d.day left join a on a.day = d.day left join w on w.day = d.day
        order by d.day`,
      );
    },

    /** The period's conversations a customer wrote in, each counted once however many days it spans. */
    async period(w: SummaryWindow): Promise<SummaryPeriodRow> {
      const [row] = await queryRows<SummaryPeriodRow>(
        db,
        sql`select count(*)::int as conversations, count(*) filter (where ${bySelf})::int as solved
          from (select distinct conversation_id from (${customerWrote(w)}) q) q join conversations k on k.id = q.conversation_id`,
      );
      return row ?? { conversations: 0, solved: 0 };
    },

    /**
     * Conversations a customer wrote in per ISO weekday (1 Monday) and hour, in the bot's time
     * zone: each one counted once in each hour of each day it wrote in, those days added up.
     */
    hours(w: SummaryWindow): Promise<SummaryHourRow[]> {
      return queryRows<SummaryHourRow>(
        db,
        sql`select extract(isodow from h)::int as weekday, extract(hour from h)::int as hour, sum(n)::int as conversations
          from (select date_trunc('hour', b at time zone ${w.timeZone}) as h, count(distinct conversation_id) as n from (${customerWrote(w)}) q group by 1) r group by 1, 2`,
      );
    },
  };
}

export type SummaryRepository = ReturnType<typeof summaryRepository>;
