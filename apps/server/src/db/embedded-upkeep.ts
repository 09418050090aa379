import { sql } from 'drizzle-orm';
import { queryRows, type Db } from './client.ts';

/**
 * What autovacuum does on PostgreSQL, for the embedded database, which has none: a table whose
 * rows changed by more than a tenth since it was last analysed is analysed, one with dead rows
 * over a fifth of its size is vacuumed too (autovacuum's own thresholds). Without it the
 * planner never learns a table's size (ten thousand passages planned as a few hundred, a search
 * 8 ms instead of 2.7) and the job queue's tables only grow. Answers the tables it tended.
 */
export async function tendEmbedded(db: Db): Promise<string[]> {
  // The embedded backend keeps its counters until told to publish them.
  await db.execute(sql`select pg_stat_force_next_flush()`);
  const due = await queryRows<{ name: string; vacuum: boolean }>(
    db,
    sql`select format('%I.%I', s.schemaname, s.relname) as name,
          s.n_dead_tup > 50 + 0.2 * greatest(c.reltuples, 0) as vacuum
        from pg_stat_user_tables s join pg_class c on c.oid = s.relid
        where s.n_dead_tup > 50 + 0.2 * greatest(c.reltuples, 0)
           or s.n_mod_since_analyze > 50 + 0.1 * greatest(c.reltuples, 0)`,
  );
  for (const t of due) await db.execute(sql.raw(`${t.vacuum ? 'vacuum (analyze)' : 'analyze'} ${t.name}`));
  return due.map((t) => t.name);
}
