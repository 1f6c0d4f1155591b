import { type Kysely, sql } from 'kysely';

/**
 * Accounts and sessions (docs/accounts.md): users, their password-update history, one refresh
 * session per signed-in device with the hashes of its rotated tokens, and redeemed captchas.
 * Times are epoch milliseconds (BIGINT).
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable('users')
    .addColumn('id', 'uuid', (col) => col.primaryKey().defaultTo(sql`gen_random_uuid()`))
    .addColumn('nickname', 'text', (col) => col.notNull())
    .addColumn('authority', 'smallint', (col) => col.notNull().check(sql`authority between 1 and 5`))
    .addColumn('password_hash', 'text')
    .addColumn('otp_secret_sealed', 'text', (col) => col.notNull())
    .addColumn('otp_last_step', 'bigint')
    .addColumn('created_at', 'bigint', (col) => col.notNull())
    .execute();
  // Nicknames are unique whatever their case; there is one root (authority 5).
  await sql`create unique index users_nickname_lower_key on users (lower(nickname))`.execute(db);
  await sql`create unique index users_single_root_key on users (authority) where authority = 5`.execute(db);

  await db.schema
    .createTable('password_updates')
    .addColumn('id', 'uuid', (col) => col.primaryKey().defaultTo(sql`gen_random_uuid()`))
    .addColumn('user_id', 'uuid', (col) => col.notNull().references('users.id').onDelete('cascade'))
    .addColumn('event_time', 'bigint', (col) => col.notNull())
    .addColumn('ip', 'text')
    .execute();
  await db.schema
    .createIndex('password_updates_user_time_idx')
    .on('password_updates')
    .columns(['user_id', 'event_time desc'])
    .execute();

  await db.schema
    .createTable('refresh_sessions')
    .addColumn('id', 'uuid', (col) => col.primaryKey().defaultTo(sql`gen_random_uuid()`))
    .addColumn('user_id', 'uuid', (col) => col.notNull().references('users.id').onDelete('cascade'))
    .addColumn('token_hash', 'text', (col) => col.notNull().unique())
    .addColumn('created_at', 'bigint', (col) => col.notNull())
    .addColumn('last_used_at', 'bigint', (col) => col.notNull())
    .addColumn('expires_at', 'bigint', (col) => col.notNull())
    .addColumn('ip', 'text')
    .addColumn('user_agent', 'text')
    .execute();
  await db.schema.createIndex('refresh_sessions_user_idx').on('refresh_sessions').column('user_id').execute();

  await db.schema
    .createTable('refresh_token_rotations')
    .addColumn('token_hash', 'text', (col) => col.primaryKey())
    .addColumn('session_id', 'uuid', (col) =>
      col.notNull().references('refresh_sessions.id').onDelete('cascade'),
    )
    .addColumn('rotated_at', 'bigint', (col) => col.notNull())
    .execute();
  await db.schema
    .createIndex('refresh_token_rotations_session_idx')
    .on('refresh_token_rotations')
    .column('session_id')
    .execute();
  await db.schema
    .createIndex('refresh_token_rotations_time_idx')
    .on('refresh_token_rotations')
    .column('rotated_at')
    .execute();

  await db.schema
    .createTable('used_captchas')
    .addColumn('signature', 'text', (col) => col.primaryKey())
    .addColumn('expires_at', 'bigint', (col) => col.notNull())
    .execute();
  await db.schema.createIndex('used_captchas_expires_idx').on('used_captchas').column('expires_at').execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  for (const table of [
    'used_captchas',
    'refresh_token_rotations',
    'refresh_sessions',
    'password_updates',
    'users',
  ]) {
    await db.schema.dropTable(table).execute();
  }
}
