import {
  computePosition,
  type OrderReason,
  type Position,
  type PositionActions,
  type PositionRecord,
  readOrderReason,
  type StrategyConfig,
  type Trade,
} from '@balancer/core';
import { type Db, inList } from './database.js';
import { actionsOfPositions } from './position-actions.js';
import type { PositionRow } from './positions-repository.js';
import { selectTradesOfPositions, toCoreTrade } from './trades-repository.js';

/**
 * A position as the API returns it (the shape lives in core), computed by core's
 * computePosition from its trades at `price`, the latest known price: the last minute close of its
 * price history, else its last trade's price.
 */
export type { PositionRecord };

/** The last minute close of each position's price history. */
async function lastPrices(db: Db, ids: readonly string[]): Promise<Map<string, string>> {
  const rows = await db
    .selectFrom('position_price')
    .distinctOn('position_id')
    .select(['position_id', 'close'])
    .where(inList('position_id', ids, 'bigint'))
    .orderBy('position_id')
    .orderBy('minute_time', 'desc')
    .execute();
  return new Map(rows.map((row) => [row.position_id, row.close]));
}

/** Where a record's identity and state come from: the position's row, or the engine's last tick. */
export type PositionRecordHead = Pick<PositionRecord, 'id' | 'open' | 'close' | 'archived' | 'price'>;

/** A computed position in the API's shape; also the essentials' active position. */
export function toPositionRecord(head: PositionRecordHead, position: Position): PositionRecord {
  return {
    ...head,
    entry_price: position.entryPrice,
    gain: position.gain,
    amount: position.amount,
    amount_quote: position.amountQuote,
    amount_quote_in: position.amountQuoteIn,
    amount_quote_out: position.amountQuoteOut,
    pnl: position.pnl,
    roi: position.roi,
    increase_actions: position.actions.increases,
    decrease_actions: position.actions.decreases,
    decrease_price_levels: position.decreasePriceLevels,
  };
}

function toRecord(
  row: PositionRow,
  trades: Trade[],
  price: string,
  strategy: StrategyConfig,
  actions: PositionActions,
): PositionRecord {
  const head = {
    id: Number(row.id),
    open: Number(row.open),
    close: row.close === null ? null : Number(row.close),
    archived: row.archived,
    price,
  };
  return toPositionRecord(head, computePosition(trades, price, strategy, actions));
}

/** The records of these positions, in the given order (a few queries for the whole list). */
export async function positionRecords(
  db: Db,
  rows: readonly PositionRow[],
  strategy: StrategyConfig,
): Promise<PositionRecord[]> {
  if (rows.length === 0) return [];
  const ids = rows.map((row) => row.id);
  const trades = new Map<string, Trade[]>(ids.map((id) => [id, []]));
  for (const row of await selectTradesOfPositions(db, ids))
    trades.get(row.position_id ?? '')?.push(toCoreTrade(row));
  const actions = await actionsOfPositions(db, ids, strategy);
  const prices = await lastPrices(db, ids);
  const reasons = await lastOrderReasons(db, ids);
  return rows.map((row) => {
    const own = trades.get(row.id)!;
    const price = prices.get(row.id) ?? own.at(-1)?.price ?? '0';
    const record = toRecord(row, own, price, strategy, actions.get(row.id)!);
    const reason = reasons.get(row.id);
    return reason === undefined ? record : { ...record, last_order_reason: reason };
  });
}

/**
 * Why each position's newest succeeded order was placed (null: stored before reasons were); a
 * position without an order (manual trades only) has no entry.
 */
async function lastOrderReasons(db: Db, ids: readonly string[]): Promise<Map<string, OrderReason | null>> {
  const rows = await db
    .selectFrom('transaction')
    .select(['position_id', 'reason'])
    .distinctOn('position_id')
    .where(inList('position_id', ids, 'bigint'))
    .where('status', '=', 'SUCCEEDED')
    .orderBy('position_id')
    .orderBy('id', 'desc')
    .execute();
  return new Map(
    rows.map((row) => [row.position_id ?? '', row.reason === null ? null : readOrderReason(row.reason)]),
  );
}
