import { type Kysely, sql } from 'kysely';

/**
 * The equity history (trading/equity-history.ts): one row per minute of market time written by the
 * trading engine (the last sample of that minute), merged into one row per hour (the hour's last
 * sample, at the hour's start) once older than 7 days before the newest, deleted after 2 years
 * (docs/retention.md). Money as numeric: quote and equity 2 dp, BTC and price as the exchange gave.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  const nonNegative = (column: string) => sql`${sql.ref(column)} >= 0`;
  await db.schema
    .createTable('equity_sample')
    .addColumn('minute_time', 'bigint', (col) => col.primaryKey())
    .addColumn('quote', 'numeric', (col) => col.notNull().check(nonNegative('quote')))
    .addColumn('base', 'numeric', (col) => col.notNull().check(nonNegative('base')))
    .addColumn('price', 'numeric', (col) => col.notNull().check(nonNegative('price')))
    .addColumn('equity', 'numeric', (col) => col.notNull().check(nonNegative('equity')))
    .execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropTable('equity_sample').execute();
}
