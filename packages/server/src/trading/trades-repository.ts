import type { Trade, TradeRecord } from '@balancer/core';
import type { Selectable } from 'kysely';
import type { Db } from './database.js';
import { inList, toNullableNumber } from './database.js';
import type { TradeTable } from './tables.js';

export type TradeRow = Selectable<TradeTable>;

/** What a new trade row holds (the id is generated). */
export type NewTradeRow = Omit<TradeRow, 'id' | 'time'> & { time: number };

export const TRADE_COLUMNS = [
  'id',
  'exchange_trade_id',
  'position_id',
  'transaction_id',
  'side',
  'time',
  'price',
  'amount',
  'quote_amount',
  'commission',
  'commission_asset',
  'source',
  'order_id',
  'client_order_id',
] as const;

/**
 * The id core sees for a stored trade: the exchange's id (so trades replay in the exchange's
 * order, as groupTradesIntoPositions does) or `manual-<row id>` for an operator's trade.
 */
export function coreTradeId(row: Pick<TradeRow, 'id' | 'exchange_trade_id'>): string {
  return row.exchange_trade_id ?? `manual-${row.id}`;
}

export function toCoreTrade(row: TradeRow): Trade {
  return {
    id: coreTradeId(row),
    side: row.side,
    time: Number(row.time),
    price: row.price,
    amount: row.amount,
    quoteAmount: row.quote_amount,
    commission: row.commission,
    commissionAsset: row.commission_asset,
  };
}

/** A trade as the API returns it (the shape lives in core): the row with numeric ids and time. */
export type { TradeRecord };

export function toTradeRecord(row: TradeRow): TradeRecord {
  return {
    ...row,
    id: Number(row.id),
    position_id: toNullableNumber(row.position_id),
    transaction_id: toNullableNumber(row.transaction_id),
    time: Number(row.time),
  };
}

/** Which of these exchange trade ids are stored already. */
export async function storedExchangeIds(db: Db, ids: readonly string[]): Promise<Set<string>> {
  if (ids.length === 0) return new Set();
  const rows = await db
    .selectFrom('trade')
    .select('exchange_trade_id')
    .where(inList('exchange_trade_id', ids, 'text'))
    .execute();
  return new Set(rows.map((row) => row.exchange_trade_id ?? ''));
}

/** Inserts rows (in chunks that keep under PostgreSQL's 65,535 parameters); returns them stored. */
export async function insertTrades(db: Db, rows: readonly NewTradeRow[]): Promise<TradeRow[]> {
  const stored: TradeRow[] = [];
  for (let start = 0; start < rows.length; start += 1000) {
    const chunk = rows.slice(start, start + 1000);
    stored.push(...(await db.insertInto('trade').values(chunk).returning(TRADE_COLUMNS).execute()));
  }
  return stored;
}

/** The trades of these positions, each position's in replay order (time, then row id). */
export async function selectTradesOfPositions(db: Db, positionIds: readonly string[]): Promise<TradeRow[]> {
  if (positionIds.length === 0) return [];
  return db
    .selectFrom('trade')
    .select(TRADE_COLUMNS)
    .where(inList('position_id', positionIds, 'bigint'))
    .orderBy('time', 'asc')
    .orderBy('id', 'asc')
    .execute();
}

export async function selectTrade(db: Db, id: number | string): Promise<TradeRow | undefined> {
  return db.selectFrom('trade').select(TRADE_COLUMNS).where('id', '=', String(id)).executeTakeFirst();
}

export async function updateTrade(db: Db, id: string, values: Partial<NewTradeRow>): Promise<TradeRow> {
  return db
    .updateTable('trade')
    .set(values)
    .where('id', '=', id)
    .returning(TRADE_COLUMNS)
    .executeTakeFirstOrThrow();
}

export async function deleteTrade(db: Db, id: string): Promise<void> {
  await db.deleteFrom('trade').where('id', '=', id).execute();
}

/** Time of the newest exchange trade stored, or null. */
export async function lastExchangeTradeTime(db: Db): Promise<number | null> {
  const row = await db
    .selectFrom('trade')
    .select((eb) => eb.fn.max('time').as('time'))
    .where('source', '=', 'exchange')
    .executeTakeFirst();
  return toNullableNumber(row?.time ?? null);
}
