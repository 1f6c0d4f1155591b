import { z } from 'zod';
import { Decimal } from '../numbers/decimal.js';
import { parseWith } from '../validation/parse.js';
import type { Trade } from './types.js';

/** A decimal string (or number) that reads as a finite decimal; `positive` also wants > 0. */
function decimalField(positive: boolean) {
  return z.union([z.string(), z.number()]).refine(
    (value) => {
      try {
        const decimal = new Decimal(value);
        return decimal.isFinite() && (positive ? decimal.gt(0) : decimal.gte(0));
      } catch {
        return false; // bignumber.js throws on text that is not a number
      }
    },
    { message: positive ? 'must be a decimal greater than 0' : 'must be a decimal ≥ 0' },
  );
}

/** The shape of an exchange fill or an operator-entered trade (other keys are allowed and ignored). */
export const tradeSchema = z.object({
  id: z.string().min(1).max(200),
  side: z.enum(['BUY', 'SELL']),
  time: z.number().int().min(0),
  price: decimalField(true),
  amount: decimalField(true),
  quoteAmount: decimalField(true),
  commission: decimalField(false),
  commissionAsset: z.enum(['BASE', 'QUOTE', 'OTHER']),
});

const tradesSchema = z.array(tradeSchema);

/** Validates trades, throwing INVALID_TRADE naming every bad field; amounts come back as strings. */
export function parseTrades(input: unknown): Trade[] {
  return parseWith(tradesSchema, input, 'INVALID_TRADE').map((trade) => ({
    ...trade,
    price: new Decimal(trade.price).toFixed(),
    amount: new Decimal(trade.amount).toFixed(),
    quoteAmount: new Decimal(trade.quoteAmount).toFixed(),
    commission: new Decimal(trade.commission).toFixed(),
  }));
}

const INTEGER = /^\d+$/;

/** Compares trade ids: numerically when both are integers (exchange ids), else as text. */
function compareIds(a: string, b: string): number {
  if (INTEGER.test(a) && INTEGER.test(b)) {
    const byNumber = new Decimal(a).comparedTo(b)!;
    if (byNumber !== 0) return byNumber;
  }
  return a < b ? -1 : a > b ? 1 : 0;
}

/** Orders trades by time, then id: the order in which they are replayed. */
export function compareTrades(a: Trade, b: Trade): number {
  return a.time - b.time || compareIds(a.id, b.id);
}

/** A sorted copy. */
export function sortTrades(trades: readonly Trade[]): Trade[] {
  return [...trades].sort(compareTrades);
}
