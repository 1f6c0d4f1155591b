import { type Kysely, sql } from 'kysely';

/**
 * The lab's stored backtest results (features/lab): one row per finished job, written once, never
 * updated. A cancelled or failed job writes nothing. The newest 200 are kept (docs/retention.md).
 * `report` is the backtest's whole report (settings, outcomes, fills, positions, equity series,
 * baselines); `inputs` and `outcomes` repeat the parts the list shows, so a list reads no report.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable('lab_result')
    .addColumn('id', 'bigint', (col) => col.primaryKey().generatedAlwaysAsIdentity())
    .addColumn('job_id', 'text', (col) => col.notNull().unique())
    .addColumn('kind', 'text', (col) => col.notNull())
    .addColumn('created_at', 'bigint', (col) => col.notNull())
    .addColumn('created_by', 'text', (col) => col.notNull())
    .addColumn('app_version', 'text', (col) => col.notNull())
    .addColumn('data_set', 'text', (col) => col.notNull())
    .addColumn('data_sha256', 'text', (col) => col.notNull().check(sql`data_sha256 ~ '^[0-9a-f]{64}$'`))
    .addColumn('inputs', 'jsonb', (col) => col.notNull())
    .addColumn('outcomes', 'jsonb', (col) => col.notNull())
    .addColumn('report', 'jsonb', (col) => col.notNull())
    .execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropTable('lab_result').execute();
}
