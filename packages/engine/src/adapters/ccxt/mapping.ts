import { Decimal } from '@balancer/core';
import type { Order, Trade } from 'ccxt';
import type {
  ExchangeFill,
  ExchangeOrder,
  ExchangeTrade,
  OrderSide,
  OrderStatus,
} from '../../ports/exchange.js';
import { decimalOr, decimalString, timeMs } from './convert.js';

const STATUSES: readonly OrderStatus[] = [
  'NEW',
  'PARTIALLY_FILLED',
  'FILLED',
  'CANCELED',
  'REJECTED',
  'EXPIRED',
];

/** ccxt's side ('buy'/'sell') as ours. */
export function sideOf(side: unknown): OrderSide {
  return side === 'sell' ? 'SELL' : 'BUY';
}

/**
 * The order's status: the exchange's own when it is one of ours (Binance sends exactly these),
 * otherwise from ccxt's unified status (closed → FILLED, open → NEW or PARTIALLY_FILLED).
 */
export function statusOf(order: Order): OrderStatus {
  const raw = (order.info as Record<string, unknown> | undefined)?.status;
  if (typeof raw === 'string' && (STATUSES as readonly string[]).includes(raw)) return raw as OrderStatus;
  switch (order.status) {
    case 'closed':
      return 'FILLED';
    case 'canceled':
      return 'CANCELED';
    case 'expired':
      return 'EXPIRED';
    case 'rejected':
      return 'REJECTED';
    default:
      return (order.filled ?? 0) > 0 ? 'PARTIALLY_FILLED' : 'NEW';
  }
}

/** One ccxt trade as a fill; quoteAmount is the exchange's cost or price × amount. */
export function fillOf(trade: Trade, fallbackTime: number): ExchangeFill {
  const price = decimalString(trade.price, 'trade.price');
  const amount = decimalString(trade.amount, 'trade.amount');
  const quote =
    trade.cost === undefined || trade.cost === null
      ? new Decimal(price).times(amount).toFixed()
      : decimalString(trade.cost, 'trade.cost');
  return {
    id: String(trade.id ?? ''),
    price,
    amount,
    quoteAmount: quote,
    commission: decimalOr(trade.fee?.cost, '0', 'trade.fee.cost'),
    commissionAsset: trade.fee?.currency ?? '',
    time: trade.timestamp ?? fallbackTime,
  };
}

/** An account trade with its side and order ids (clientOrderId is not in Binance's myTrades). */
export function tradeOf(trade: Trade): ExchangeTrade {
  return {
    ...fillOf(trade, timeMs(trade.timestamp, 'trade.timestamp')),
    side: sideOf(trade.side),
    orderId: String(trade.order ?? ''),
    clientOrderId: null,
  };
}

/**
 * A ccxt order as ours. `fills` are the order's trades (from the FULL order response, or looked
 * up by order id when the exchange's order query carries none).
 */
export function orderOf(order: Order, fills: ExchangeFill[], clientOrderId: string): ExchangeOrder {
  const time = order.timestamp ?? order.lastTradeTimestamp ?? fills[0]?.time ?? 0;
  const quoteFromFills = fills.reduce((sum, f) => sum.plus(f.quoteAmount), new Decimal(0));
  return {
    exchangeOrderId: String(order.id),
    // Ours, not the exchange field's form of it (Kraken keeps a UUID id as its 32 hex digits).
    clientOrderId,
    side: sideOf(order.side),
    status: statusOf(order),
    amount: decimalString(order.amount, 'order.amount'),
    filled: decimalOr(order.filled, '0', 'order.filled'),
    quoteFilled: decimalOr(order.cost, quoteFromFills.toFixed(), 'order.cost'),
    fills,
    time,
  };
}

/** Trade ids in order: numerically where both are integers (Binance), else as text (Kraken's). */
export function compareIds(a: string, b: string): number {
  if (/^\d+$/.test(a) && /^\d+$/.test(b)) return a.length - b.length || (a < b ? -1 : a > b ? 1 : 0);
  return a < b ? -1 : a > b ? 1 : 0;
}
