import { Decimal } from '../numbers/decimal.js';
import { MIN_ORDER_BASE } from '../strategy/constants.js';
import { baseDelta } from './ledger.js';
import { parseTrades, sortTrades } from './trade-schema.js';
import type { Trade } from './types.js';

/** Where one new trade goes: `position` 0 is the active position given, 1… the ones it opens; −1 none. */
export interface TradeAssignment {
  trade: Trade;
  position: number;
  /** True for the sell that closes its position (amount left < MIN_ORDER_BASE). */
  closes: boolean;
}

/**
 * Assigns new trades to positions incrementally, by the rule of groupTradesIntoPositions
 * (docs/strategy.md#positions): `activeAmount` is the BTC amount of the active position (null when none is
 * active); trades are replayed by time then id. While no position is active a sell is left
 * unassigned (−1) and a buy opens the next position. Gives the same grouping as regrouping all
 * trades at once, provided every new trade is not older than the stored ones.
 */
export function assignTrades(activeAmount: string | null, trades: Trade[]): TradeAssignment[] {
  parseTrades(trades);
  const result: TradeAssignment[] = [];
  let position = activeAmount === null ? -1 : 0;
  let opened = 0;
  let amount = new Decimal(activeAmount ?? 0);
  for (const trade of sortTrades(trades)) {
    if (position === -1) {
      if (trade.side === 'SELL') {
        result.push({ trade, position: -1, closes: false });
        continue;
      }
      opened += 1;
      position = opened;
      amount = new Decimal(0);
    }
    amount = amount.plus(baseDelta(trade));
    const closes = trade.side === 'SELL' && amount.lt(MIN_ORDER_BASE);
    result.push({ trade, position, closes });
    if (closes) position = -1;
  }
  return result;
}
