import type { Kysely } from 'kysely';

/**
 * The lab's jobs (features/lab, docs/cluster.md, Lab jobs): one row per backtest, sweep or
 * download job, written by the instance that accepted and runs it (`instance`) on every change,
 * so that any instance on the database lists a job, reads its status and progress, and asks for
 * its cancellation (`cancel_requested`, which the running instance checks on each write).
 * `seq` orders the list; `updated_at` is the running instance's heartbeat (a job not updated for
 * minutes belongs to an instance that is gone). Finished jobs are kept by the retention rule.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable('lab_job')
    .addColumn('id', 'text', (col) => col.primaryKey())
    .addColumn('seq', 'bigint', (col) => col.notNull().unique().generatedAlwaysAsIdentity())
    .addColumn('kind', 'text', (col) => col.notNull())
    .addColumn('status', 'text', (col) => col.notNull())
    .addColumn('progress', 'double precision', (col) => col.notNull().defaultTo(0))
    .addColumn('created_by', 'text', (col) => col.notNull())
    .addColumn('inputs', 'jsonb', (col) => col.notNull())
    .addColumn('instance', 'text', (col) => col.notNull())
    .addColumn('cancel_requested', 'boolean', (col) => col.notNull().defaultTo(false))
    .addColumn('created_at', 'bigint', (col) => col.notNull())
    .addColumn('started_at', 'bigint')
    .addColumn('finished_at', 'bigint')
    .addColumn('updated_at', 'bigint', (col) => col.notNull())
    .addColumn('error', 'jsonb')
    .addColumn('result_id', 'bigint')
    .execute();
  await db.schema.createIndex('lab_job_status_idx').on('lab_job').columns(['status', 'updated_at']).execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropTable('lab_job').execute();
}
