import { CodedError, Decimal } from '@balancer/core';
import type { MarketRules, OrderSide } from '../../ports/exchange.js';

/** Binance's rule for client order ids: 1–36 of these characters (stricter exchanges are a subset). */
const CLIENT_ORDER_ID = /^[.A-Z:/a-z0-9_-]{1,36}$/;
const INTERVAL = /^[1-9][0-9]{0,2}[smhdwM]$/;
/** 1–10 characters: the default coin list holds `W` (Wormhole). */
const ASSET = /^[A-Z0-9]{1,10}$/;

/** EXCHANGE_ORDER_INVALID unless the client order id has Binance's shape. */
export function checkClientOrderId(clientOrderId: unknown): string {
  if (typeof clientOrderId === 'string' && CLIENT_ORDER_ID.test(clientOrderId)) return clientOrderId;
  throw new CodedError('EXCHANGE_ORDER_INVALID', `client order id ${JSON.stringify(clientOrderId)}`);
}

/**
 * Checks side and amount against the market rules, so ccxt never truncates an amount silently:
 * EXCHANGE_ORDER_INVALID for a bad side or a non-positive/non-decimal amount, EXCHANGE_ORDER_LOT_SIZE
 * when the amount is below the minimum or not a multiple of the step.
 */
export function checkOrder(side: unknown, amount: unknown, rules: MarketRules): Decimal {
  if (side !== 'BUY' && side !== 'SELL')
    throw new CodedError('EXCHANGE_ORDER_INVALID', `side ${String(side)}`);
  const parsed = typeof amount === 'string' && /^\d+(\.\d+)?$/.test(amount) ? new Decimal(amount) : null;
  if (!parsed?.isGreaterThan(0)) {
    throw new CodedError('EXCHANGE_ORDER_INVALID', `amount ${String(amount)}`);
  }
  const step = new Decimal(rules.amountStep);
  if (parsed.isLessThan(rules.minAmount) || (step.isGreaterThan(0) && !parsed.mod(step).isZero())) {
    throw new CodedError(
      'EXCHANGE_ORDER_LOT_SIZE',
      `${amount} (minimum ${rules.minAmount}, step ${rules.amountStep})`,
    );
  }
  return parsed;
}

/** The side ccxt expects. */
export const ccxtSide = (side: OrderSide): 'buy' | 'sell' => (side === 'BUY' ? 'buy' : 'sell');

/** EXCHANGE_REQUEST_INVALID unless interval looks like '15m' and limit is an integer 1..1000. */
export function checkCandleRequest(interval: unknown, limit: unknown): void {
  if (typeof interval !== 'string' || !INTERVAL.test(interval)) {
    throw new CodedError('EXCHANGE_REQUEST_INVALID', `interval ${String(interval)}`);
  }
  checkLimit(limit, 1000);
}

/** EXCHANGE_REQUEST_INVALID unless `limit` is an integer in 1..max. */
export function checkLimit(limit: unknown, max: number): number {
  if (typeof limit === 'number' && Number.isInteger(limit) && limit >= 1 && limit <= max) return limit;
  throw new CodedError('EXCHANGE_REQUEST_INVALID', `limit ${String(limit)} (1..${max})`);
}

/** EXCHANGE_REQUEST_INVALID unless every base is an upper-case asset code. */
export function checkBases(bases: unknown): string[] {
  if (!Array.isArray(bases) || !bases.every((b) => typeof b === 'string' && ASSET.test(b))) {
    throw new CodedError('EXCHANGE_REQUEST_INVALID', `coins ${JSON.stringify(bases)}`);
  }
  return bases as string[];
}

/** EXCHANGE_REQUEST_INVALID unless `since` is a non-negative integer (ms). */
export function checkSince(since: unknown): number {
  if (typeof since === 'number' && Number.isInteger(since) && since >= 0) return since;
  throw new CodedError('EXCHANGE_REQUEST_INVALID', `since ${String(since)}`);
}
