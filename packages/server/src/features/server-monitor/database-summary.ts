import type { DatabaseSummary } from '@balancer/core';
import { sql } from 'kysely';
import type { DatabaseHandle } from '../../db/connect.js';

/** One table of the summary (core's contract). */
type TableSummary = DatabaseSummary['tables'][number];

export type { DatabaseSummary };

/**
 * The database's name, version, size and tables. `reltuples` is -1 until a table is analysed,
 * which never happens on PGlite (no autovacuum); those tables are counted, which stays cheap at
 * the sizes an embedded database holds.
 */
export async function summarizeDatabase({ db, kind }: DatabaseHandle): Promise<DatabaseSummary> {
  const head = await sql<{ name: string; version: string; size: string }>`
    select current_database() as name, current_setting('server_version') as version,
      pg_database_size(current_database())::text as size`.execute(db);
  const tables = await sql<{ name: string; estimate: string; size: string }>`
    select c.relname as name, c.reltuples::bigint::text as estimate,
      pg_total_relation_size(c.oid)::text as size
    from pg_class c join pg_namespace n on n.oid = c.relnamespace
    where c.relkind in ('r', 'p') and n.nspname = current_schema()
    order by pg_total_relation_size(c.oid) desc, c.relname`.execute(db);
  const summaries: TableSummary[] = [];
  for (const table of tables.rows) {
    const estimate = Number(table.estimate);
    const rowsEstimated = estimate >= 0;
    const rows = rowsEstimated
      ? estimate
      : Number(
          (await sql<{ n: string }>`select count(*)::text as n from ${sql.table(table.name)}`.execute(db))
            .rows[0]?.n ?? 0,
        );
    summaries.push({ name: table.name, rows, rowsEstimated, size: Number(table.size) });
  }
  const [first] = head.rows;
  return {
    name: first?.name ?? '',
    kind,
    version: first?.version ?? '',
    size: Number(first?.size ?? 0),
    tables: summaries,
  };
}
