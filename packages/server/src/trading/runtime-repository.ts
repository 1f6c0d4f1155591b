import { CodedError, parseWith } from '@balancer/core';
import { z } from 'zod';
import type { Db } from './database.js';

const keySchema = z.string().min(1).max(100);

/** The engine's small runtime state (coins windows, the active crash) by key, as JSON. */
export async function loadRuntime<T>(db: Db, key: string): Promise<T | null> {
  const name = parseWith(keySchema, key, 'TRADING_RECORD_INVALID');
  const row = await db
    .selectFrom('engine_runtime')
    .select('value')
    .where('key', '=', name)
    .executeTakeFirst();
  return row === undefined ? null : (row.value as T);
}

/** Stores `value` as JSON (undefined as null); a value JSON cannot hold is refused. */
export async function saveRuntime(db: Db, key: string, value: unknown, now: number): Promise<void> {
  const name = parseWith(keySchema, key, 'TRADING_RECORD_INVALID');
  let json: string;
  try {
    json = JSON.stringify(value ?? null);
  } catch (error) {
    throw new CodedError('TRADING_RECORD_INVALID', `runtime ${name}: ${(error as Error).message}`);
  }
  await db
    .insertInto('engine_runtime')
    .values({ key: name, value: json, updated_at: now })
    .onConflict((oc) => oc.column('key').doUpdateSet({ value: json, updated_at: now }))
    .execute();
}
