import type { Kysely } from 'kysely';

/**
 * The platform's instances on this database (cluster/instances/, docs/failover.md): a row per
 * instance name, its heartbeat (`last_seen`, every 5 s) and, while it holds the engine lock,
 * since when it leads. Rows not seen for a day are removed (retention); an instance that stops
 * cleanly removes its own.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable('cluster_instance')
    .addColumn('name', 'text', (col) => col.primaryKey())
    .addColumn('started_at', 'bigint', (col) => col.notNull())
    .addColumn('last_seen', 'bigint', (col) => col.notNull())
    .addColumn('leader_since', 'bigint')
    .execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropTable('cluster_instance').execute();
}
