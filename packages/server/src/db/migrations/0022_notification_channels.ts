import { type Kysely, sql } from 'kysely';

/**
 * Notification channels (docs/notifications.md#channels): the delivery queue of 0007 gets a
 * `channel` column ('telegram', 'email', 'webhook' or 'push:<subscription id>'), and its key
 * becomes (notification, channel), so each channel's copy is queued, retried and sent once on its
 * own. Rows written before are Telegram's. `push_subscription` holds the Web Push subscriptions,
 * one per signed-in session: it goes when the session ends (foreign key on delete cascade).
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`ALTER TABLE notification_delivery ADD COLUMN channel text NOT NULL DEFAULT 'telegram'`.execute(
    db,
  );
  await sql`ALTER TABLE notification_delivery DROP CONSTRAINT notification_delivery_pkey`.execute(db);
  await sql`ALTER TABLE notification_delivery ADD PRIMARY KEY (notification_id, channel)`.execute(db);
  await db.schema.dropIndex('notification_delivery_pending').execute();
  // Each channel's worker looks for its own pending rows.
  await db.schema
    .createIndex('notification_delivery_pending')
    .on('notification_delivery')
    .columns(['channel', 'notification_id'])
    .where(sql<boolean>`state = 'pending'`)
    .execute();
  await db.schema
    .createTable('push_subscription')
    .addColumn('id', 'bigint', (col) => col.primaryKey().generatedAlwaysAsIdentity())
    .addColumn('user_id', 'uuid', (col) => col.notNull().references('users.id').onDelete('cascade'))
    .addColumn('session_id', 'uuid', (col) =>
      col.notNull().unique().references('refresh_sessions.id').onDelete('cascade'),
    )
    .addColumn('endpoint', 'text', (col) => col.notNull())
    /** The browser's P-256 public key and auth secret (base64url): public by design (RFC 8291). */
    .addColumn('p256dh', 'text', (col) => col.notNull())
    .addColumn('auth', 'text', (col) => col.notNull())
    .addColumn('created_at', 'bigint', (col) => col.notNull())
    .execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropTable('push_subscription').execute();
  await sql`DELETE FROM notification_delivery WHERE channel <> 'telegram'`.execute(db);
  await db.schema.dropIndex('notification_delivery_pending').execute();
  await sql`ALTER TABLE notification_delivery DROP CONSTRAINT notification_delivery_pkey`.execute(db);
  await sql`ALTER TABLE notification_delivery DROP COLUMN channel`.execute(db);
  await sql`ALTER TABLE notification_delivery ADD PRIMARY KEY (notification_id)`.execute(db);
  await db.schema
    .createIndex('notification_delivery_pending')
    .on('notification_delivery')
    .column('notification_id')
    .where(sql<boolean>`state = 'pending'`)
    .execute();
}
