import { sql } from 'drizzle-orm';
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
  days: number;
  /** The stage whose entries count as won (null: none). */
  wonStage: string | null;
}

/** The first instant of the period: midnight, in the bot's time zone, `days - 1` days before today. */
const since = (w: SummaryWindow) => sql`(((now() at time zone ${w.timeZone})::date - ${w.days - 1}::int)::timestamp at time zone ${w.timeZone})`;
const dayOf = (w: SummaryWindow) => sql`(created_at at time zone ${w.timeZone})::date`;

/**
 * The CRM summary's figures, counted in the database: one grouped query per table over the period
 * (each reads its (bot_id, created_at) index), joined to every day of the period.
 */
export function summaryRepository(db: Db) {
  return {
    /** Per day of the period (oldest first, empty days as zeros). */
    daily(w: SummaryWindow): Promise<SummaryDayRow[]> {
      const day = dayOf(w);
      const from = since(w);
      const won = w.wonStage
        ? sql`select ${day} as day, count(distinct contact_id)::int as won from contact_stage_changes
            where bot_id = ${w.botId} and created_at >= ${from} and to_stage = ${w.wonStage} and from_stage is distinct from ${w.wonStage} group by 1`
        : sql`select null::date as day, 0 as won where false`;
      return queryRows<SummaryDayRow>(
        db,
        sql`with
          d as (select g::date as day from generate_series((now() at time zone ${w.timeZone})::date - ${w.days - 1}::int, (now() at time zone ${w.timeZone})::date, interval '1 day') g),
          v as (select ${day} as day, count(*)::int as conversations, count(*) filter (where human_at is null and status <> 'human')::int as solved
            from conversations where bot_id = ${w.botId} and created_at >= ${from} group by 1),
          c as (select ${day} as day, count(*)::int as contacts, count(*) filter (where phone <> '' or email <> '')::int as leads
            from contacts where bot_id = ${w.botId} and created_at >= ${from} group by 1),
          a as (select ${day} as day, count(*)::int as appointments
            from appointments where bot_id = ${w.botId} and created_at >= ${from} and status <> 'cancelled' group by 1),
          w as (${won})
        select d.day::text as day,
          coalesce(v.conversations, 0) as conversations, coalesce(v.solved, 0) as solved,
          coalesce(c.contacts, 0) as contacts, coalesce(c.leads, 0) as leads,
          coalesce(a.appointments, 0) as appointments, coalesce(w.won, 0) as won
        from d left join v on v.day = d.day left join c on c.day = d.day left join a on a.day = d.day left join w on w.day = d.day
        order by d.day`,
      );
    },

    /** Conversations started in the period per ISO weekday (1 Monday) and hour, in the bot's time zone. */
    hours(w: SummaryWindow): Promise<SummaryHourRow[]> {
      return queryRows<SummaryHourRow>(
        db,
        sql`select extract(isodow from created_at at time zone ${w.timeZone})::int as weekday, extract(hour from created_at at time zone ${w.timeZone})::int as hour, count(*)::int as conversations
          from conversations where bot_id = ${w.botId} and created_at >= ${since(w)} group by 1, 2`,
      );
    },
  };
}

export type SummaryRepository = ReturnType<typeof summaryRepository>;
