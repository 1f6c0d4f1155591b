import type { Kysely } from 'kysely';

/**
 * Where the live strategy settings came from (features/lab, GET /lab/live-origin): one row per
 * apply of a stored result or a sweep's row, the newest being the live origin. The applied
 * settings and headline figures are a snapshot, so the link survives the result's deletion or
 * its retention; `result_id` is therefore not a foreign key.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable('lab_live_origin')
    .addColumn('id', 'bigint', (col) => col.primaryKey().generatedAlwaysAsIdentity())
    .addColumn('result_id', 'bigint', (col) => col.notNull())
    .addColumn('kind', 'text', (col) => col.notNull())
    .addColumn('row_rank', 'integer')
    .addColumn('applied_at', 'bigint', (col) => col.notNull())
    .addColumn('applied_by', 'text', (col) => col.notNull())
    .addColumn('data_set', 'text', (col) => col.notNull())
    .addColumn('config', 'jsonb', (col) => col.notNull())
    .addColumn('figures', 'jsonb', (col) => col.notNull())
    .execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropTable('lab_live_origin').execute();
}
