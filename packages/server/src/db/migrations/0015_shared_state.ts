import type { Kysely } from 'kysely';

/**
 * State that several instances on one PostgreSQL share (docs/shared-state.md):
 * - `cluster_lease`: named leases, one row per background task that must run on one instance at a
 *   time (the Telegram delivery); a row per name, so it never grows.
 * - `rate_limit_count`: each instance's request count per route and client address in its current
 *   window, flushed about every second (http/rate-limit-sync.ts); rows whose window ended are
 *   deleted by the flusher and by the hourly retention rule.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable('cluster_lease')
    .addColumn('name', 'text', (col) => col.primaryKey())
    .addColumn('holder', 'text', (col) => col.notNull())
    .addColumn('expires_at', 'bigint', (col) => col.notNull())
    .execute();
  await db.schema
    .createTable('rate_limit_count')
    .addColumn('route', 'text', (col) => col.notNull())
    .addColumn('ip', 'text', (col) => col.notNull())
    .addColumn('instance', 'text', (col) => col.notNull())
    .addColumn('since', 'bigint', (col) => col.notNull())
    .addColumn('count', 'integer', (col) => col.notNull())
    .addColumn('updated_at', 'bigint', (col) => col.notNull())
    .addPrimaryKeyConstraint('rate_limit_count_pkey', ['route', 'ip', 'instance'])
    .execute();
  await db.schema
    .createIndex('rate_limit_count_updated')
    .on('rate_limit_count')
    .column('updated_at')
    .execute();
  await db.schema.createIndex('rate_limit_count_since').on('rate_limit_count').column('since').execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropTable('rate_limit_count').execute();
  await db.schema.dropTable('cluster_lease').execute();
}
