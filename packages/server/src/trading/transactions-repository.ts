import { readOrderReason, readTransaction, type Transaction, type TransactionRecord } from '@balancer/core';
import type { StoredTransaction, TransactionIntent } from '@balancer/engine';
import { type Selectable, sql } from 'kysely';
import type { Db } from './database.js';
import { toJson, toNullableNumber } from './database.js';
import type { TransactionTable } from './tables.js';

export const TRANSACTION_COLUMNS = [
  'id',
  'side',
  'amount',
  'status',
  'attempts',
  'event_time',
  'client_order_id',
  'logs',
  'intent_kind',
  'intent_level',
  'intent_manual',
  'reason',
  'position_id',
] as const;

export type TransactionRow = Selectable<TransactionTable>;

/** A stored row as the engine reads it back (checked again by core's readTransaction). */
export function toStoredTransaction(row: TransactionRow): StoredTransaction {
  const transaction = readTransaction({
    id: row.id,
    side: row.side,
    amount: row.amount,
    status: row.status,
    attempts: row.attempts,
    eventTime: Number(row.event_time),
    clientOrderId: row.client_order_id,
    logs: row.logs,
  });
  const intent: TransactionIntent = {
    kind: row.intent_kind,
    level: row.intent_level,
    manual: row.intent_manual,
    reason: row.reason === null ? null : readOrderReason(row.reason),
  };
  return { transaction, intent, positionId: row.position_id };
}

/** The next value of transaction_id_seq, as text. */
export async function nextTransactionId(db: Db): Promise<string> {
  const { rows } = await sql<{ id: string }>`select nextval('transaction_id_seq')::text as id`.execute(db);
  return rows[0]!.id;
}

/**
 * Inserts the transaction, or replaces its status, attempts and logs (its side, amount, creation
 * time, intent and position stay as first stored).
 */
export async function upsertTransaction(db: Db, tx: Transaction, intent: TransactionIntent): Promise<void> {
  await db
    .insertInto('transaction')
    .values({
      id: tx.id,
      side: tx.side,
      amount: tx.amount,
      status: tx.status,
      attempts: tx.attempts,
      event_time: tx.eventTime,
      client_order_id: tx.clientOrderId,
      logs: toJson(tx.logs),
      intent_kind: intent.kind,
      intent_level: intent.level,
      intent_manual: intent.manual,
      // Checked as it is written: a stored reason always reads back.
      reason: intent.reason == null ? null : toJson(readOrderReason(intent.reason)),
      position_id: null,
    })
    .onConflict((oc) =>
      oc.column('id').doUpdateSet((eb) => ({
        status: eb.ref('excluded.status'),
        attempts: eb.ref('excluded.attempts'),
        logs: eb.ref('excluded.logs'),
      })),
    )
    .execute();
}

export async function selectProcessing(db: Db): Promise<TransactionRow[]> {
  return db
    .selectFrom('transaction')
    .select(TRANSACTION_COLUMNS)
    .where('status', '=', 'PROCESSING')
    .orderBy('event_time', 'asc')
    .orderBy('id', 'asc')
    .execute();
}

export async function selectTransaction(db: Db, id: number): Promise<TransactionRow | undefined> {
  return db
    .selectFrom('transaction')
    .select(TRANSACTION_COLUMNS)
    .where('id', '=', String(id))
    .executeTakeFirst();
}

/** The transactions whose orders made a position's trades, newest first. */
export async function selectPositionTransactions(db: Db, positionId: number): Promise<TransactionRow[]> {
  return db
    .selectFrom('transaction')
    .select(TRANSACTION_COLUMNS)
    .where('position_id', '=', String(positionId))
    .orderBy('id', 'desc')
    .execute();
}

/** A transaction as the API returns it (the shape lives in core). */
export type { TransactionRecord };

export function toTransactionRecord(row: TransactionRow): TransactionRecord {
  const { transaction, intent } = toStoredTransaction(row);
  return {
    id: Number(transaction.id),
    event_time: transaction.eventTime,
    amount: transaction.amount,
    side: transaction.side,
    status: transaction.status,
    attempts: transaction.attempts,
    logs: transaction.logs,
    intent: { kind: intent.kind, level: intent.level, manual: intent.manual },
    reason: intent.reason ?? null,
    position_id: toNullableNumber(row.position_id),
  };
}
