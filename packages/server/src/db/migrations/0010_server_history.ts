import { type Kysely, sql } from 'kysely';

/**
 * The server monitor's history (features/server-monitor/history-repository.ts): one row per
 * minute sample (`span_ms` 60,000), merged into one row per hour (`span_ms` 3,600,000, at the
 * hour's start) once older than 48 hours, deleted after 30 days (docs/retention.md). Percentages
 * 0–100; `disk` is null when no file system had a size.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  const percent = (column: string) => sql`${sql.ref(column)} BETWEEN 0 AND 100`;
  await db.schema
    .createTable('server_sample')
    .addColumn('span_ms', 'integer', (col) => col.notNull().check(sql`span_ms IN (60000, 3600000)`))
    .addColumn('sampled_at', 'bigint', (col) => col.notNull())
    .addColumn('cpu', 'double precision', (col) => col.notNull().check(percent('cpu')))
    .addColumn('memory', 'double precision', (col) => col.notNull().check(percent('memory')))
    .addColumn('disk', 'double precision', (col) => col.check(percent('disk')))
    .addPrimaryKeyConstraint('server_sample_pkey', ['span_ms', 'sampled_at'])
    .execute();
  // The history reads a time range across both spans.
  await db.schema.createIndex('server_sample_sampled_at').on('server_sample').column('sampled_at').execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropTable('server_sample').execute();
}
