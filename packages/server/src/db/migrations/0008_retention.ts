import { type Kysely, sql } from 'kysely';

/**
 * Bounded storage (docs/retention.md). The API error log collapses the same error (method, route,
 * code, IP and user) repeated within a minute into one row: `repeats` counts them (1 = once).
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .alterTable('api_error')
    .addColumn('repeats', 'integer', (col) => col.notNull().defaultTo(1).check(sql`repeats >= 1`))
    .execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.alterTable('api_error').dropColumn('repeats').execute();
}
