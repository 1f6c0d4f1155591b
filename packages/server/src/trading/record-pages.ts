import type { RecordsRange, TransactionFilterQuery } from '@balancer/core';
import { sql } from 'kysely';
import type { Db } from './database.js';
import { POSITION_COLUMNS, type PositionRow } from './positions-repository.js';
import { TRADE_COLUMNS, type TradeRow } from './trades-repository.js';
import { TRANSACTION_COLUMNS, type TransactionRow } from './transactions-repository.js';

/*
 * Keyset pages of the records, oldest first, for the exports (features/records) and the list
 * filters: each call reads one page after a cursor, so a year of trades is never in memory at once.
 */

/** Where the previous page ended: its last row's time and id. */
export interface RecordCursor {
  time: number;
  id: string;
}

/** Pages of at most `size` rows until a short one, each read after the previous page's last row. */
export async function* keysetPages<R, C>(
  size: number,
  read: (after: C | null, size: number) => Promise<R[]>,
  cursorOf: (last: R) => C,
): AsyncGenerator<R[]> {
  let cursor: C | null = null;
  for (;;) {
    const rows = await read(cursor, size);
    if (rows.length > 0) yield rows;
    if (rows.length < size) return;
    cursor = cursorOf(rows.at(-1)!);
  }
}

/** `column` in [from, to) and, after a cursor, (column, id) past the cursor's. */
function inRangeAfter(column: string, range: RecordsRange, after: RecordCursor | null) {
  const ref = sql.ref(column);
  const cursor = after ? sql`and (${ref}, id) > (${String(after.time)}::bigint, ${after.id}::bigint)` : sql``;
  return sql<boolean>`${ref} >= ${String(range.from)}::bigint and ${ref} < ${String(range.to)}::bigint ${cursor}`;
}

/** Trades with time in [from, to), by time then id, after the cursor. */
export async function selectTradesAfter(
  db: Db,
  range: RecordsRange,
  after: RecordCursor | null,
  limit: number,
): Promise<TradeRow[]> {
  return db
    .selectFrom('trade')
    .select(TRADE_COLUMNS)
    .where(inRangeAfter('time', range, after))
    .orderBy('time', 'asc')
    .orderBy('id', 'asc')
    .limit(limit)
    .execute();
}

/** Positions opened (or closed) in [from, to), by that time then id, after the cursor. */
export async function selectPositionsAfter(
  db: Db,
  column: 'open' | 'close',
  range: RecordsRange,
  after: RecordCursor | null,
  limit: number,
): Promise<PositionRow[]> {
  return db
    .selectFrom('position')
    .select(POSITION_COLUMNS)
    .where(inRangeAfter(column, range, after))
    .orderBy(column, 'asc')
    .orderBy('id', 'asc')
    .limit(limit)
    .execute();
}

/** Transactions placed in [from, to), by id (the order they were placed in), after the cursor id. */
export async function selectTransactionsAfter(
  db: Db,
  range: RecordsRange,
  afterId: string | null,
  limit: number,
): Promise<TransactionRow[]> {
  let query = db
    .selectFrom('transaction')
    .select(TRANSACTION_COLUMNS)
    .where('event_time', '>=', String(range.from))
    .where('event_time', '<', String(range.to))
    .orderBy('id', 'asc')
    .limit(limit);
  if (afterId !== null) query = query.where('id', '>', afterId);
  return query.execute();
}

/** A page of the Transactions list with its filters, newest first, ids below the cursor. */
export async function selectFilteredTransactions(
  db: Db,
  query: TransactionFilterQuery,
  range: RecordsRange | null,
): Promise<TransactionRow[]> {
  let select = db
    .selectFrom('transaction')
    .select(TRANSACTION_COLUMNS)
    .orderBy('id', 'desc')
    .limit(query.limit);
  if (query.startAtID !== undefined) select = select.where('id', '<', String(query.startAtID));
  if (query.side) select = select.where('side', '=', query.side);
  if (query.state) select = select.where('status', '=', query.state);
  if (query.reason === 'manual') select = select.where('intent_manual', '=', true);
  else if (query.reason)
    select = select.where('intent_manual', '=', false).where('intent_kind', '=', query.reason);
  if (range)
    select = select.where('event_time', '>=', String(range.from)).where('event_time', '<', String(range.to));
  return select.execute();
}

/** A batch of the Positions list's candidates, newest first, opened before the cursor. */
export async function selectFilteredPositions(
  db: Db,
  filter: { state?: 'open' | 'closed' | undefined; startAtOpenTime?: number | undefined },
  range: RecordsRange | null,
  limit: number,
): Promise<PositionRow[]> {
  let select = db
    .selectFrom('position')
    .select(POSITION_COLUMNS)
    .orderBy('open', 'desc')
    .orderBy('id', 'desc')
    .limit(limit);
  if (filter.startAtOpenTime !== undefined)
    select = select.where('open', '<', String(filter.startAtOpenTime));
  if (filter.state === 'open') select = select.where('close', 'is', null);
  if (filter.state === 'closed') select = select.where('close', 'is not', null);
  if (range) select = select.where('open', '>=', String(range.from)).where('open', '<', String(range.to));
  return select.execute();
}
