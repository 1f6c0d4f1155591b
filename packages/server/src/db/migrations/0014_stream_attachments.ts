import { type Kysely, sql } from 'kysely';

/**
 * The stream adapter's attachments (docs/cluster.md): with several instances on one PostgreSQL
 * database, a Socket.IO message over NOTIFY's 8,000-byte limit (the leader's per-tick essentials,
 * ~13 KB) is stored here and only its id is notified. `@socket.io/postgres-adapter` writes and
 * reads it by these column names and deletes rows older than 30 s itself; storage maintenance
 * bounds it too (cluster/retention.ts). Created here rather than by the adapter at start: the
 * migrator's lock keeps two instances starting together from racing on CREATE TABLE, the schema
 * stays versioned (a backup of a cluster restores onto any installation), and on the embedded
 * database, where no adapter runs, it is an empty table.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable('socket_io_attachments')
    .addColumn('id', 'bigint', (col) => col.primaryKey().generatedByDefaultAsIdentity())
    .addColumn('created_at', 'timestamptz', (col) => col.notNull().defaultTo(sql`now()`))
    .addColumn('payload', 'bytea', (col) => col.notNull())
    .execute();
  await db.schema
    .createIndex('socket_io_attachments_created_at')
    .on('socket_io_attachments')
    .column('created_at')
    .execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropTable('socket_io_attachments').execute();
}
