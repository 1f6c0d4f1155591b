import { computePosition, Decimal } from '@balancer/core';
import type { DatabaseHandle } from '../../db/connect.js';
import { Platform } from '../../platform/platform.js';
import { DatabaseEngineStore } from '../../trading/index.js';
import { readSettings } from '../../trading/settings-repository.js';
import type { CrashTrade } from './crash-venues.js';

/** A trade reduced to what both sides must agree on; amounts normalised (no trailing zeros). */
export interface LedgerTrade {
  id: string;
  side: 'BUY' | 'SELL';
  amount: string;
  commission: string;
}

/** What the database holds after the crashes: transactions, exchange trades, positions. */
export interface StoredLedger {
  transactions: Array<{ id: string; status: string; clientOrderId: string }>;
  /** Exchange trades, by exchange trade id ascending. */
  trades: LedgerTrade[];
  /** BTC each closed position kept (bought − BASE commission − sold), by position id: dust below the minimum. */
  closedRemainders: string[];
  /** The active position's amount as core computes it (BTC, decimal string), or null. */
  activeAmount: string | null;
}

const normal = (value: string) => new Decimal(value).toFixed();

/** Client order ids the exchange holds more than one order for: each one is a double placement. */
export function doublePlacements(orders: ReadonlyArray<{ clientOrderId: string }>): string[] {
  const counts = new Map<string, number>();
  for (const order of orders) counts.set(order.clientOrderId, (counts.get(order.clientOrderId) ?? 0) + 1);
  return [...counts].filter(([, count]) => count > 1).map(([id]) => id);
}

/** The exchange's trades in the ledger's form, by id ascending. */
export function exchangeLedger(trades: readonly CrashTrade[]): LedgerTrade[] {
  return [...trades]
    .sort((a, b) => byId(a.id, b.id))
    .map((t) => ({ id: t.id, side: t.side, amount: normal(t.amount), commission: normal(t.commission) }));
}

/** Trade ids in order: numerically (Binance's integers) or as text (Kraken's sortable ids). */
function byId(a: string, b: string): number {
  return a.length - b.length || (a < b ? -1 : a > b ? 1 : 0);
}

/** BTC the exchange's trades leave on the account: bought − BTC commission − sold. */
export function netBase(trades: readonly CrashTrade[]): string {
  let net = new Decimal(0);
  for (const t of trades) {
    if (t.side === 'BUY') net = net.plus(t.amount).minus(t.commissionInBase ? t.commission : 0);
    else net = net.minus(t.amount);
  }
  return net.toFixed();
}

/** Reads the ledger from an open database; the position is computed at `price`. */
export async function readStoredLedger(handle: DatabaseHandle, price: string): Promise<StoredLedger> {
  const { db } = handle;
  const transactions = await db
    .selectFrom('transaction')
    .select(['id', 'status', 'client_order_id'])
    .orderBy('id')
    .execute();
  const trades = await db
    .selectFrom('trade')
    .select(['exchange_trade_id', 'side', 'amount', 'commission', 'commission_asset', 'position_id'])
    .where('source', '=', 'exchange')
    .execute();
  const closed = await db.selectFrom('position').select('id').where('close', 'is not', null).execute();
  const remainders = closed.map(({ id }) => {
    let held = new Decimal(0);
    for (const t of trades.filter((trade) => trade.position_id === id)) {
      if (t.side === 'SELL') held = held.minus(t.amount);
      else held = held.plus(t.amount).minus(t.commission_asset === 'BASE' ? t.commission : 0);
    }
    return held.toFixed();
  });
  const platform = new Platform();
  platform.markReady(handle);
  const store = new DatabaseEngineStore(platform, { base: 'BTC', quote: 'USDT' });
  const { strategy } = await readSettings(db);
  const active = await store.activePosition(strategy);
  return {
    transactions: transactions.map((t) => ({ id: t.id, status: t.status, clientOrderId: t.client_order_id })),
    trades: trades
      .map((t) => ({
        id: t.exchange_trade_id ?? '',
        side: t.side,
        amount: normal(t.amount),
        commission: normal(t.commission),
      }))
      .sort((a, b) => byId(a.id, b.id)),
    closedRemainders: remainders,
    activeAmount: active && normal(computePosition(active.trades, price, strategy, active.actions).amount),
  };
}
