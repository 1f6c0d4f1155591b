import { assignTrades, parseTrades, parseWith, type Trade } from '@balancer/core';
import {
  type ExchangeTrade,
  type MarketAssets,
  type TradeSyncResult,
  tradeFromExchange,
} from '@balancer/engine';
import type { Kysely } from 'kysely';
import { z } from 'zod';
import type { Database } from '../db/types.js';
import { lockTrading } from './database.js';
import {
  closePosition,
  insertPosition,
  positionAmount,
  selectActivePosition,
} from './positions-repository.js';
import { linkNewTrades } from './trade-links.js';
import { insertTrades, type NewTradeRow, storedExchangeIds } from './trades-repository.js';

/** What trade sync needs of an exchange trade besides core's Trade fields. */
const exchangeTradeExtras = z.object({
  id: z.string().min(1).max(200),
  orderId: z.string().max(200),
  clientOrderId: z.string().min(1).max(200).nullable(),
  commissionAsset: z.string().max(40),
});

interface IncomingTrade {
  trade: Trade;
  orderId: string | null;
  clientOrderId: string | null;
}

/** Checks exchange trades and maps them to core trades; a repeated id is kept once (the first). */
export function readExchangeTrades(trades: readonly ExchangeTrade[], assets: MarketAssets): IncomingTrade[] {
  const extras = parseWith(z.array(exchangeTradeExtras), trades, 'TRADING_RECORD_INVALID');
  const core = parseTrades(trades.map((trade) => tradeFromExchange(trade, assets)));
  const seen = new Set<string>();
  const result: IncomingTrade[] = [];
  core.forEach((trade, index) => {
    if (seen.has(trade.id)) return;
    seen.add(trade.id);
    const extra = extras[index]!;
    result.push({ trade, orderId: extra.orderId || null, clientOrderId: extra.clientOrderId });
  });
  return result;
}

/**
 * Stores the exchange trades not stored yet and assigns them to positions with core's
 * assignTrades (positions are computed from the exchange's trades), in one database transaction under the
 * trading lock: the active position's amount is read, new positions are opened by buys while none is
 * active, a sell that leaves less than MIN_ORDER_BASE closes its position, and sells while none is active
 * are kept without a position. Each stored trade is then linked to its transaction (trade-links.ts).
 */
export async function addExchangeTrades(
  db: Kysely<Database>,
  trades: readonly ExchangeTrade[],
  assets: MarketAssets,
): Promise<TradeSyncResult> {
  const incoming = readExchangeTrades(trades, assets);
  const none: TradeSyncResult = { added: 0, opened: [], closed: [] };
  if (incoming.length === 0) return none;
  return db.transaction().execute(async (trx) => {
    await lockTrading(trx);
    const stored = await storedExchangeIds(
      trx,
      incoming.map(({ trade }) => trade.id),
    );
    const fresh = incoming.filter(({ trade }) => !stored.has(trade.id));
    if (fresh.length === 0) return none;
    const byId = new Map(fresh.map((item) => [item.trade.id, item]));

    const active = await selectActivePosition(trx);
    const activeAmount = active ? await positionAmount(trx, active.id) : null;
    const positions = new Map<number, string>(active ? [[0, active.id]] : []);
    const opened: string[] = [];
    const closed: string[] = [];
    const rows: NewTradeRow[] = [];
    for (const { trade, position, closes } of assignTrades(
      activeAmount,
      fresh.map(({ trade }) => trade),
    )) {
      let positionId = positions.get(position) ?? null;
      if (position > 0 && positionId === null) {
        positionId = await insertPosition(trx, trade.time);
        positions.set(position, positionId);
        opened.push(positionId);
      }
      // Closed at once: the next buy may open a position, and only one may be active.
      if (closes && positionId !== null) {
        await closePosition(trx, positionId, trade.time);
        closed.push(positionId);
      }
      const { orderId, clientOrderId } = byId.get(trade.id)!;
      rows.push({
        exchange_trade_id: trade.id,
        position_id: positionId,
        transaction_id: null,
        side: trade.side,
        time: trade.time,
        price: trade.price,
        amount: trade.amount,
        quote_amount: trade.quoteAmount,
        commission: trade.commission,
        commission_asset: trade.commissionAsset,
        source: 'exchange',
        order_id: orderId,
        client_order_id: clientOrderId,
      });
    }
    const inserted = await insertTrades(trx, rows);
    await linkNewTrades(
      trx,
      inserted.map((row) => ({
        rowId: row.id,
        exchangeTradeId: row.exchange_trade_id ?? '',
        side: row.side,
        clientOrderId: row.client_order_id,
        positionId: row.position_id,
      })),
    );
    return { added: inserted.length, opened, closed };
  });
}
