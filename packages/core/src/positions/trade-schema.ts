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

/**
 * A decimal string as `new Decimal(x).toFixed()` writes it: no sign, no exponent, no leading zero
 * before other digits, no trailing zero after the point (for such a string toFixed gives it back).
 */
const CANONICAL_DECIMAL = /^(?:0|[1-9]\d*)(?:\.\d*[1-9])?$/;
/** Digits with an optional fraction, e.g. exchanges' zero-padded '0.00119000'. */
const PLAIN_DECIMAL = /^(\d+)(?:\.(\d+))?$/;

/**
 * `new Decimal(value).toFixed()` for a plain decimal string (digits, optionally a point and more
 * digits): the same digits without leading zeros before the point or trailing zeros after it.
 * Null for anything else (numbers, signs, exponents, spaces, …), which the schema then reads.
 */
function plainDecimal(value: unknown): string | null {
  if (typeof value !== 'string') return null;
  if (CANONICAL_DECIMAL.test(value)) return value;
  const match = PLAIN_DECIMAL.exec(value);
  if (match === null) return null;
  const whole = match[1]!.replace(/^0+(?=\d)/, '');
  const fraction = (match[2] ?? '').replace(/0+$/, '');
  return fraction === '' ? whole : `${whole}.${fraction}`;
}

/**
 * The trade as `parseTrades` returns it, when plain checks can tell it is valid and its amounts
 * are plain decimal strings (what exchanges, the backtester and stored trades give); null
 * otherwise, and the schema decides. Accepts only what the schema accepts and normalises the
 * amounts as it does (a test checks both), so the shortcut never changes an answer, only its cost:
 * ~0.3 µs instead of ~5 µs a trade.
 */
function plainTrade(input: unknown): Trade | null {
  if (typeof input !== 'object' || input === null || Array.isArray(input)) return null;
  const { id, side, time, commissionAsset } = input as Trade;
  if (
    !(typeof id === 'string' && id.length >= 1 && id.length <= 200) ||
    !(side === 'BUY' || side === 'SELL') ||
    !(Number.isSafeInteger(time) && time >= 0) ||
    !(commissionAsset === 'BASE' || commissionAsset === 'QUOTE' || commissionAsset === 'OTHER')
  ) {
    return null;
  }
  const price = plainDecimal((input as Trade).price);
  const amount = plainDecimal((input as Trade).amount);
  const quoteAmount = plainDecimal((input as Trade).quoteAmount);
  const commission = plainDecimal((input as Trade).commission);
  // price, amount and quoteAmount must be > 0: '0' is the only way a plain decimal is zero.
  if (price === null || amount === null || quoteAmount === null || commission === null) return null;
  if (price === '0' || amount === '0' || quoteAmount === '0') return null;
  return { id, side, time, price, amount, quoteAmount, commission, commissionAsset };
}

/** Validates trades, throwing INVALID_TRADE naming every bad field; amounts come back as strings. */
export function parseTrades(input: unknown): Trade[] {
  if (Array.isArray(input)) {
    const fast: Trade[] = [];
    for (const item of input) {
      const trade = plainTrade(item);
      if (trade === null) break;
      fast.push(trade);
    }
    if (fast.length === input.length) return fast;
  }
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
