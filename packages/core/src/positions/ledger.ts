import { Decimal } from '../numbers/decimal.js';
import { Fixed, fixedOf, fixedText, minus } from '../numbers/fixed.js';
import type { Trade } from './types.js';

/**
 * BTC a trade adds to the position, exactly: + amount for a buy, − amount for a sell, and
 * − commission when it is paid in BTC (docs/strategy.md#positions). The position ledger adds it
 * per fill; `baseDelta` gives it as a decimal to grouping, assignment and manual-trade checks, so
 * all of them agree on what a position holds.
 */
export function heldChange(trade: Trade, amount: Fixed, commission: Fixed): Fixed {
  const signed = trade.side === 'BUY' ? amount : new Fixed(-amount.units, amount.scale);
  return trade.commissionAsset === 'BASE' ? minus(signed, commission) : signed;
}

/** `heldChange` of a trade's strings, as a decimal. */
export function baseDelta(trade: Trade): Decimal {
  return new Decimal(fixedText(heldChange(trade, fixedOf(trade.amount), fixedOf(trade.commission))));
}
