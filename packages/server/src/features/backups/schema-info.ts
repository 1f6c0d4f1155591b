import { CodedError } from '@balancer/core';
import { type Kysely, sql } from 'kysely';

// biome-ignore lint/suspicious/noExplicitAny: backups work on whatever tables the schema has
export type AnyDb = Kysely<any>;

/** The migrator's own bookkeeping: not data; the header lists the applied migrations instead. */
export const MIGRATOR_TABLES = ['kysely_migration', 'kysely_migration_lock'];

export interface ColumnInfo {
  name: string;
  /** The SQL type as format_type spells it (usable in a column definition list). */
  type: string;
  /**
   * json, jsonb or arrays of them: row_to_json writes a JSON null and an SQL NULL alike, so
   * these columns travel as their text and are cast back.
   */
  asText: boolean;
}

export interface TableInfo {
  name: string;
  /** Primary-key columns, in key order (rows are dumped in this order). */
  primaryKey: string[];
  /** Columns an insert may set, in table order (generated columns are computed by PostgreSQL). */
  columns: ColumnInfo[];
}

/**
 * The app's tables in the current schema, parents before children (foreign keys), so that rows
 * can be inserted in file order. A cycle of foreign keys would keep its tables in name order.
 */
export async function appTables(db: AnyDb): Promise<TableInfo[]> {
  const tables = await sql<{ name: string; pk: string[] | null; cols: ColumnInfo[] }>`
    select c.relname::text as name,
      (select array_agg(a.attname::text order by k.ord)
         from pg_index i cross join unnest(i.indkey) with ordinality as k(attnum, ord)
         join pg_attribute a on a.attrelid = c.oid and a.attnum = k.attnum
        where i.indrelid = c.oid and i.indisprimary) as pk,
      (select json_agg(json_build_object('name', a.attname, 'type', format_type(a.atttypid, a.atttypmod),
          'asText', a.atttypid in ('json'::regtype, 'jsonb'::regtype, 'json[]'::regtype, 'jsonb[]'::regtype))
          order by a.attnum) from pg_attribute a
        where a.attrelid = c.oid and a.attnum > 0 and not a.attisdropped and a.attgenerated = '') as cols
    from pg_class c join pg_namespace n on n.oid = c.relnamespace
    where n.nspname = current_schema() and c.relkind in ('r', 'p') and not c.relispartition
    order by c.relname`.execute(db);
  const edges = await sql<{ child: string; parent: string }>`
    select distinct c.relname::text as child, p.relname::text as parent
    from pg_constraint k
    join pg_class c on c.oid = k.conrelid join pg_class p on p.oid = k.confrelid
    join pg_namespace n on n.oid = c.relnamespace
    where k.contype = 'f' and n.nspname = current_schema() and c.oid <> p.oid`.execute(db);
  const infos = tables.rows
    .filter((row) => !MIGRATOR_TABLES.includes(row.name))
    .map((row) => ({ name: row.name, primaryKey: row.pk ?? [], columns: row.cols }));
  return parentsFirst(infos, edges.rows);
}

function parentsFirst(tables: TableInfo[], edges: Array<{ child: string; parent: string }>): TableInfo[] {
  const ordered: TableInfo[] = [];
  const placed = new Set<string>();
  let remaining = tables;
  while (remaining.length > 0) {
    const ready = remaining.filter((table) =>
      edges.every((edge) => edge.child !== table.name || placed.has(edge.parent)),
    );
    // A cycle: take the rest as they are rather than loop forever.
    const next = ready.length > 0 ? ready : remaining;
    for (const table of next) {
      ordered.push(table);
      placed.add(table.name);
    }
    remaining = remaining.filter((table) => !placed.has(table.name));
  }
  return ordered;
}

/** Migrations applied, in order (none when the migrator never ran). */
export async function appliedMigrations(db: AnyDb): Promise<string[]> {
  const exists = await sql<{ present: boolean }>`
    select to_regclass('kysely_migration') is not null as present`.execute(db);
  if (!exists.rows[0]?.present) return [];
  const rows = await sql<{ name: string }>`select name from kysely_migration order by name`.execute(db);
  return rows.rows.map((row) => row.name);
}

export async function schemaSequences(db: AnyDb): Promise<string[]> {
  const rows = await sql<{ name: string }>`
    select c.relname::text as name from pg_class c join pg_namespace n on n.oid = c.relnamespace
    where n.nspname = current_schema() and c.relkind = 'S' order by c.relname`.execute(db);
  return rows.rows.map((row) => row.name);
}

export async function readSequence(
  db: AnyDb,
  name: string,
): Promise<{ name: string; lastValue: string; isCalled: boolean }> {
  const rows = await sql<{ last_value: string; is_called: boolean }>`
    select last_value::text as last_value, is_called from ${sql.table(name)}`.execute(db);
  const row = rows.rows[0];
  if (!row) throw new CodedError('BACKUP_WRITE_FAILED', `sequence ${name} has no state`);
  return { name, lastValue: row.last_value, isCalled: row.is_called };
}
