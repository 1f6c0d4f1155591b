import {
  addTrades,
  CodedError,
  Decimal,
  EMPTY_POSITION_LEDGER,
  isLedgerClosed,
  type ManualTradeInput,
  manualTradeSchema,
  parseWith,
  roundDecimal,
  validateManualTrades,
} from '@balancer/core';
import type { Transaction } from 'kysely';
import type { Database } from '../db/types.js';
import type { Platform } from '../platform/platform.js';
import { lockTrading } from './database.js';
import { closePosition, type PositionRow, selectActivePosition } from './positions-repository.js';
import {
  deleteTrade,
  insertTrades,
  type NewTradeRow,
  selectTrade,
  selectTradesOfPositions,
  type TradeRecord,
  type TradeRow,
  toCoreTrade,
  toTradeRecord,
  updateTrade,
} from './trades-repository.js';

type Trx = Transaction<Database>;

/** The row fields of an operator's trade; quote amount defaults to price × amount (8 dp, half up). */
function tradeValues(input: unknown): Omit<NewTradeRow, 'position_id'> {
  const trade: ManualTradeInput = parseWith(manualTradeSchema, input, 'MANUAL_TRADE_INVALID');
  const price = new Decimal(trade.price);
  const amount = new Decimal(trade.amount);
  const quote = trade.quoteAmount ?? roundDecimal(price.times(amount), 8, 'ROUND_HALF_UP').toFixed();
  return {
    exchange_trade_id: null,
    transaction_id: null,
    side: trade.side,
    time: trade.time,
    price: price.toFixed(),
    amount: amount.toFixed(),
    quote_amount: new Decimal(quote).toFixed(),
    commission: new Decimal(trade.commission ?? '0').toFixed(),
    commission_asset: trade.commissionAsset ?? 'QUOTE',
    source: 'manual',
    order_id: null,
    client_order_id: null,
  };
}

/**
 * Trades an operator enters, edits or deletes for the active position (docs/trading-api.md, Manual trades).
 * Each change is made in one database transaction under the trading lock, then the position's whole trade
 * list must pass core's validateManualTrades (first trade a buy, amount never below 0, entry price > 0,
 * every trade at or after the position's open and not after `now`); otherwise the coded error is thrown and
 * the change is rolled back. Only `source = manual` trades may be edited or deleted. A change whose last
 * trade is a sell leaving less than MIN_ORDER_BASE closes the position, as trade sync would.
 */
export class ManualTradesService {
  constructor(readonly platform: Platform) {}

  async create(input: unknown, now: number): Promise<TradeRecord> {
    const values = tradeValues(input);
    return this.change(async (trx, active) => {
      const [row] = await insertTrades(trx, [{ ...values, position_id: active.id }]);
      return row!;
    }, now);
  }

  async update(id: number, input: unknown, now: number): Promise<TradeRecord> {
    const values = tradeValues(input);
    return this.change(async (trx, active) => {
      await this.editable(trx, id, active);
      return updateTrade(trx, String(id), values);
    }, now);
  }

  async remove(id: number, now: number): Promise<TradeRecord> {
    return this.change(async (trx, active) => {
      const row = await this.editable(trx, id, active);
      await deleteTrade(trx, row.id);
      return row;
    }, now);
  }

  private async editable(trx: Trx, id: number, active: PositionRow): Promise<TradeRow> {
    const row = await selectTrade(trx, id);
    if (!row) throw new CodedError('TRADE_NOT_FOUND', String(id));
    if (row.position_id !== active.id) throw new CodedError('TRADE_NOT_IN_ACTIVE_POSITION', String(id));
    if (row.source !== 'manual') throw new CodedError('TRADE_NOT_MANUAL', String(id));
    return row;
  }

  /** Runs `apply` on the active position, then checks the result (a throw rolls it back). */
  private async change(
    apply: (trx: Trx, active: PositionRow) => Promise<TradeRow>,
    now: number,
  ): Promise<TradeRecord> {
    const db = this.platform.database.db;
    return db.transaction().execute(async (trx) => {
      await lockTrading(trx);
      const active = await selectActivePosition(trx);
      if (!active) throw new CodedError('NO_ACTIVE_POSITION');
      const changed = await apply(trx, active);
      const trades = (await selectTradesOfPositions(trx, [active.id])).map(toCoreTrade);
      const sorted = validateManualTrades(trades, now, Number(active.open));
      if (isLedgerClosed(addTrades(EMPTY_POSITION_LEDGER, sorted))) {
        await closePosition(trx, active.id, sorted.at(-1)!.time);
      }
      return toTradeRecord(changed);
    });
  }
}
