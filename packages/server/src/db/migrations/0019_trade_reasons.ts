import type { Kysely } from 'kysely';

/**
 * Why each order was placed (docs/strategy.md#order-reasons): core's OrderReason as JSON, written
 * with the transaction when the engine decides it and never rebuilt later. Rows written before
 * this version keep NULL and are shown as "Reason not recorded (before this version)". The rows
 * follow the transaction table's own retention (they are kept with their positions).
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema.alterTable('transaction').addColumn('reason', 'jsonb').execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.alterTable('transaction').dropColumn('reason').execute();
}
