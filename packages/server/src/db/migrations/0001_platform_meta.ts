import { type Kysely, sql } from 'kysely';

/** Key/value facts about this installation (its id, when it was first started). */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable('platform_meta')
    .addColumn('key', 'text', (col) => col.primaryKey())
    .addColumn('value', 'text', (col) => col.notNull())
    .addColumn('updated_at', 'timestamptz', (col) => col.notNull().defaultTo(sql`now()`))
    .execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropTable('platform_meta').execute();
}
