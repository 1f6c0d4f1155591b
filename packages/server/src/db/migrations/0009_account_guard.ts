import { type Kysely, sql } from 'kysely';

/**
 * The per-account limit on guessing (features/accounts/guessing-guard.ts): one row per account
 * (`user:<id>`) or per nickname that matches no account (`nickname:<lower case>`, so unknown
 * nicknames are treated exactly like known ones), with the attempts counted since the last
 * success and the lock they caused. Rows idle for a day are deleted by the guard itself.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable('account_guard')
    .addColumn('subject', 'text', (col) => col.primaryKey().check(sql`length(subject) <= 100`))
    .addColumn('attempts', 'integer', (col) => col.notNull().check(sql`attempts >= 0`))
    .addColumn('locked_until', 'bigint')
    .addColumn('last_attempt_at', 'bigint', (col) => col.notNull())
    .execute();
  await db.schema
    .createIndex('account_guard_last_attempt_at')
    .on('account_guard')
    .column('last_attempt_at')
    .execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropTable('account_guard').execute();
}
