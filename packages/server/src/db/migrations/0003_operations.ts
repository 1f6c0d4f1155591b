import type { Kysely } from 'kysely';

/**
 * IP blacklist, API error log and notifications, with a read mark per user for the unread
 * counts. User ids are plain uuids without a foreign key: the marks of a deleted user are
 * harmless and the log keeps naming who caused an error.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable('ip_blacklist')
    .addColumn('id', 'bigint', (col) => col.primaryKey().generatedAlwaysAsIdentity())
    .addColumn('ip', 'text', (col) => col.notNull().unique())
    .addColumn('notes', 'text')
    .addColumn('event_time', 'bigint', (col) => col.notNull())
    .execute();

  await db.schema
    .createTable('api_error')
    .addColumn('id', 'bigint', (col) => col.primaryKey().generatedAlwaysAsIdentity())
    .addColumn('route', 'text')
    .addColumn('url', 'text', (col) => col.notNull())
    .addColumn('method', 'text', (col) => col.notNull())
    .addColumn('user_id', 'uuid')
    .addColumn('ip', 'text', (col) => col.notNull())
    .addColumn('error', 'text', (col) => col.notNull())
    .addColumn('code', 'integer', (col) => col.notNull())
    .addColumn('args', 'jsonb', (col) => col.notNull())
    .addColumn('event_time', 'bigint', (col) => col.notNull())
    .execute();

  await db.schema
    .createTable('notification')
    .addColumn('id', 'bigint', (col) => col.primaryKey().generatedAlwaysAsIdentity())
    .addColumn('sender', 'text', (col) => col.notNull())
    .addColumn('title', 'text', (col) => col.notNull())
    .addColumn('description', 'text', (col) => col.notNull())
    .addColumn('event_time', 'bigint', (col) => col.notNull())
    .execute();

  for (const table of ['api_error_read_mark', 'notification_read_mark']) {
    await db.schema
      .createTable(table)
      .addColumn('user_id', 'uuid', (col) => col.primaryKey())
      .addColumn('last_read_id', 'bigint', (col) => col.notNull())
      .execute();
  }
}

export async function down(db: Kysely<unknown>): Promise<void> {
  for (const table of [
    'notification_read_mark',
    'api_error_read_mark',
    'notification',
    'api_error',
    'ip_blacklist',
  ]) {
    await db.schema.dropTable(table).execute();
  }
}
