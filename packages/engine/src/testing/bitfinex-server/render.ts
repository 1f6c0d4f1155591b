import type { Decimal } from '@balancer/core';
import type { KitMarket, KitOrder, KitTrade } from '../exchange-kit/index.js';
import { currencyIdOf, symbolOf } from './market-endpoints.js';

const num = (value: Decimal): number => Number(value.toFixed());

/** ORDER_STATUS: ACTIVE, PARTIALLY FILLED @ avg(amount), EXECUTED @ avg(amount), CANCELED [was: …]. */
function statusOf(order: KitOrder, signedFilled: string, average: string): string {
  const fills = `@ ${average}(${signedFilled})`;
  if (order.status === 'open') return order.filled.isZero() ? 'ACTIVE' : `PARTIALLY FILLED ${fills}`;
  if (order.status === 'filled') return `EXECUTED ${fills}`;
  return order.filled.isZero() ? 'CANCELED' : `CANCELED was: PARTIALLY FILLED ${fills}`;
}

/** The UTC date of an order's creation: the cid_date that, with cid, names it (YYYY-MM-DD). */
export const cidDateOf = (order: KitOrder): string => new Date(order.createdAt).toISOString().slice(0, 10);

/**
 * An order array as Bitfinex v2 returns it: [ID, GID, CID, SYMBOL, MTS_CREATE, MTS_UPDATE,
 * AMOUNT (remaining, signed), AMOUNT_ORIG (signed: sells negative), ORDER_TYPE, TYPE_PREV,
 * MTS_TIF, _, FLAGS, ORDER_STATUS, _, _, PRICE, PRICE_AVG, PRICE_TRAILING, PRICE_AUX_LIMIT, _, _,
 * _, NOTIFY, HIDDEN, PLACED_ID, _, _, ROUTING, _, _, META].
 */
export function orderArray(order: KitOrder, market: KitMarket): unknown[] {
  const sign = order.side === 'buy' ? 1 : -1;
  const original = order.amount ?? order.filled;
  const remaining = order.status === 'filled' ? original.minus(original) : original.minus(order.filled);
  const average = order.filled.gt(0) ? order.cost.div(order.filled) : undefined;
  const signedFilled = order.filled.times(sign).toFixed();
  const status = statusOf(order, signedFilled, average?.toFixed() ?? '0');
  const price = order.price ?? average;
  return [
    Number(order.id),
    null,
    order.clientId === '' ? null : Number(order.clientId),
    symbolOf(market),
    order.createdAt,
    order.updatedAt,
    num(remaining.times(sign)),
    num(original.times(sign)),
    order.type === 'limit' ? 'EXCHANGE LIMIT' : 'EXCHANGE MARKET',
    null,
    null,
    null,
    0,
    status,
    null,
    null,
    price ? num(price) : 0,
    average ? num(average) : 0,
    0,
    0,
    null,
    null,
    null,
    0,
    0,
    null,
    null,
    null,
    'API>BFX',
    null,
    null,
    {},
  ];
}

/** A trade: [ID, SYMBOL, MTS, ORDER_ID, EXEC_AMOUNT (signed), EXEC_PRICE, ORDER_TYPE, ORDER_PRICE, MAKER, FEE (negative), FEE_CURRENCY, CID]. */
export function tradeArray(trade: KitTrade, order: KitOrder, market: KitMarket): unknown[] {
  const sign = trade.side === 'buy' ? 1 : -1;
  return [
    trade.id,
    symbolOf(market),
    trade.time,
    Number(trade.orderId),
    num(trade.amount.times(sign)),
    num(trade.price),
    order.type === 'limit' ? 'EXCHANGE LIMIT' : 'EXCHANGE MARKET',
    order.price ? num(order.price) : num(trade.price),
    trade.maker ? 1 : -1,
    num(trade.fee.negated()),
    currencyIdOf(trade.feeAsset),
    order.clientId === '' ? null : Number(order.clientId),
  ];
}
