import { Decimal } from '../numbers/decimal.js';
import { MIN_ORDER_BASE } from '../strategy/constants.js';
import { baseDelta } from './ledger.js';
import { parseTrades, sortTrades } from './trade-schema.js';
import type { Trade } from './types.js';

/**
 * Splits an account's trades (any order) into positions (docs/strategy.md#positions). Trades are replayed by
 * time then id. While no position is active, sells are ignored (BTC held before the platform); the
 * first buy opens a position; a sell that leaves less than MIN_ORDER_BASE closes it. Only a sell
 * closes a position: a first buy below the minimum (dust, a manual entry) stays open and later buys
 * join it. Every group but possibly the last is closed; the last is the active position when its
 * final trade did not close it. The returned trades are the caller's own objects.
 */
export function groupTradesIntoPositions(trades: Trade[]): Trade[][] {
  parseTrades(trades);
  const groups: Trade[][] = [];
  let current: Trade[] | null = null;
  let amount = new Decimal(0);
  for (const trade of sortTrades(trades)) {
    if (current === null) {
      if (trade.side === 'SELL') continue;
      current = [];
      amount = new Decimal(0);
    }
    current.push(trade);
    amount = amount.plus(baseDelta(trade));
    if (trade.side === 'SELL' && amount.lt(MIN_ORDER_BASE)) {
      groups.push(current);
      current = null;
    }
  }
  if (current !== null) groups.push(current);
  return groups;
}
