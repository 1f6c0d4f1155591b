import { type Kysely, sql } from 'kysely';
import type { Database } from './types.js';

export const HOUR_MS = 3_600_000;
export const DAY_MS = 24 * HOUR_MS;

/**
 * How one growing table stays bounded (docs/retention.md lists them all). Each rule is written
 * next to its feature's repository; the storage maintenance task (features/storage) applies them
 * all, hourly. A rule deletes in a few statements, never row by row, and never touches money
 * records (positions, trades, transactions).
 */
export interface RetentionRule {
  /** The table it bounds (and the tables that follow it by foreign key). */
  readonly table: string;
  /** What is kept, in one line (logged, and the same words as docs/retention.md). */
  readonly keeps: string;
  /** Deletes what the rule no longer keeps at wall time `now` (epoch ms); returns the rows deleted. */
  apply(db: Kysely<Database>, now: number): Promise<number>;
}

/** Deletes the rows of `table` whose epoch-ms `column` is before `cutoff`; returns how many. */
export async function deleteBefore(
  db: Kysely<Database>,
  table: keyof Database,
  column: string,
  cutoff: number,
): Promise<number> {
  const result = await sql`delete from ${sql.table(table)} where ${sql.ref(column)} < ${cutoff}`.execute(db);
  return Number(result.numAffectedRows ?? 0);
}
