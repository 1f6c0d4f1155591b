import { Decimal } from '../numbers/decimal.js';
import type { Trade } from './types.js';

/**
 * BTC a trade adds to the position: + amount for a buy, − amount for a sell, and − commission when
 * it is paid in BTC (docs/strategy.md#positions). Grouping, accounting and manual-trade checks share it so the
 * three always agree on what a position holds.
 */
export function baseDelta(trade: Trade): Decimal {
  const amount = new Decimal(trade.amount);
  const signed = trade.side === 'BUY' ? amount : amount.negated();
  return trade.commissionAsset === 'BASE' ? signed.minus(trade.commission) : signed;
}
