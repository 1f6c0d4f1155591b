import { type Kysely, sql } from 'kysely';

/**
 * The durable Telegram queue: one row per notification stored while Telegram was configured.
 * `pending` rows are sent oldest id first, at most one request per 10 s; `sent` and `failed` are
 * final. Times are epoch ms; `next_attempt_at` 0 means "as soon as the rate limit allows".
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable('notification_delivery')
    .addColumn('notification_id', 'bigint', (col) =>
      col.primaryKey().references('notification.id').onDelete('cascade'),
    )
    .addColumn('state', 'text', (col) => col.notNull().defaultTo('pending'))
    /** Requests made for this notification (429 answers included). */
    .addColumn('attempts', 'integer', (col) => col.notNull().defaultTo(0))
    /** Transient failures (5xx, network, timeout): the queue gives up at 8. */
    .addColumn('failures', 'integer', (col) => col.notNull().defaultTo(0))
    .addColumn('next_attempt_at', 'bigint', (col) => col.notNull().defaultTo(0))
    /** Why the last attempt failed, without the token or the chat id; cleared once sent. */
    .addColumn('last_error', 'text')
    .addColumn('updated_at', 'bigint', (col) => col.notNull())
    .addCheckConstraint('notification_delivery_state', sql`state in ('pending', 'sent', 'failed')`)
    .execute();
  // The worker only ever looks for the oldest pending row.
  await db.schema
    .createIndex('notification_delivery_pending')
    .on('notification_delivery')
    .column('notification_id')
    .where(sql<boolean>`state = 'pending'`)
    .execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropTable('notification_delivery').execute();
}
