import { type Kysely, sql, type Transaction } from 'kysely';
import type { Database } from '../db/types.js';

/** A connection or an open database transaction: repositories work on either. */
export type Db = Kysely<Database> | Transaction<Database>;

/**
 * Serialises every write to positions and trades (trade sync, manual trades, transaction links)
 * until the surrounding database transaction ends. Assigning trades to positions reads the
 * active position's amount and then writes; two writers interleaving could open two positions.
 */
export async function lockTrading(trx: Transaction<Database>): Promise<void> {
  // 0x62616c74 is 'balt' (balancer trading): any constant works, as long as it is the only user.
  await sql`select pg_advisory_xact_lock(${0x62616c74})`.execute(trx);
}

/** A bigint column read back as text, as a JS number (ids and ms times stay below 2^53). */
export const toNumber = (value: string): number => Number(value);

export const toNullableNumber = (value: string | null): number | null =>
  value === null ? null : Number(value);

/** JSON text for a jsonb column (pg would send a JS array as a PostgreSQL array). */
export const toJson = (value: unknown): string => JSON.stringify(value ?? null);

/** True when the error is PostgreSQL's foreign_key_violation (SQLSTATE 23503). */
export function isForeignKeyViolation(error: unknown): boolean {
  return typeof error === 'object' && error !== null && (error as { code?: unknown }).code === '23503';
}

/**
 * `column = any($1::type[])`: one bind parameter for the whole list, however long (an `in` list
 * takes one per value, and PostgreSQL refuses more than 65,535 in a statement).
 */
export function inList(column: string, values: readonly string[], type: 'bigint' | 'text') {
  return sql<boolean>`${sql.ref(column)} = any(${[...values]}::${sql.raw(type)}[])`;
}
