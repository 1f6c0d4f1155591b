import { Decimal } from '@balancer/core';
import {
  AccountRefusal,
  type KitOrder,
  type KitRequest,
  type KitRoute,
  type KitState,
  signedRoute,
} from '../exchange-kit/index.js';
import { bitfinexError } from './bitfinex-error.js';
import { currencyIdOf, marketOf, pairOf } from './market-endpoints.js';
import { cidDateOf, orderArray, tradeArray } from './render.js';

type Row = Record<string, unknown>;
/** cid: a positive integer below 2^45 (Bitfinex "Submit Order": int45). */
const MAX_CID = 2 ** 45;
const DECIMAL = /^-?\d+(\.\d+)?$/;

const bodyOf = (request: KitRequest): Row => (request.body ?? {}) as Row;
const render = (state: KitState, order: KitOrder): unknown[] =>
  orderArray(order, state.account.market(order.symbol));

function cidOf(value: unknown): string {
  if (value === undefined) return '';
  if (typeof value !== 'number' || !Number.isInteger(value) || value <= 0 || value >= MAX_CID) {
    throw bitfinexError(10020, 'cid: invalid');
  }
  return String(value);
}

/**
 * POST /v2/auth/w/order/submit: EXCHANGE MARKET or EXCHANGE LIMIT, `amount` signed (negative
 * sells), `price` for limits, `cid` an integer. Bitfinex does not enforce cid uniqueness ("should
 * be unique in the day"), so neither does the stand-in. Answers the "on-req" notification.
 */
function submit(state: KitState, request: KitRequest): unknown {
  const body = bodyOf(request);
  const market = marketOf(state, typeof body.symbol === 'string' ? body.symbol : undefined);
  const type =
    body.type === 'EXCHANGE MARKET' ? 'market' : body.type === 'EXCHANGE LIMIT' ? 'limit' : undefined;
  if (!type) throw bitfinexError(10020, 'type: invalid');
  const rawAmount = body.amount;
  if (typeof rawAmount !== 'string' || !DECIMAL.test(rawAmount) || new Decimal(rawAmount).isZero()) {
    throw bitfinexError(10020, 'amount: invalid');
  }
  const signed = new Decimal(rawAmount);
  const rawPrice = body.price;
  if (
    type === 'limit' &&
    (typeof rawPrice !== 'string' || !DECIMAL.test(rawPrice) || new Decimal(rawPrice).lte(0))
  ) {
    throw bitfinexError(10020, 'price: invalid');
  }
  const side = signed.gt(0) ? 'buy' : 'sell';
  try {
    const order = state.account.place({
      symbol: market.symbol,
      side,
      type,
      amount: signed.abs(),
      price: type === 'limit' ? new Decimal(rawPrice as string) : undefined,
      clientId: cidOf(body.cid),
      fillFraction: request.partialFill === undefined ? undefined : new Decimal(request.partialFill),
    });
    return [
      state.clock.now(),
      'on-req',
      null,
      null,
      [render(state, order)],
      null,
      'SUCCESS',
      'Submitting 1 orders.',
    ];
  } catch (error) {
    if (!(error instanceof AccountRefusal)) throw error;
    const pair = pairOf(market);
    if (error.reason === 'insufficientFunds') {
      throw bitfinexError(
        10001,
        `Invalid order: not enough exchange balance for ${rawAmount} ${pair} at ${market.lastPrice}`,
      );
    }
    if (error.reason === 'amountTooSmall') {
      throw bitfinexError(10001, `Invalid order: minimum size for ${pair} is ${market.minAmount}`);
    }
    throw bitfinexError(10001, `Invalid order: ${error.message}`);
  }
}

/**
 * POST /v2/auth/r/orders[/{symbol}] ("Retrieve Orders"): ACTIVE orders only, optionally those of
 * the ids in `id`, or the one with `cid` placed on `cid_date` (YYYY-MM-DD).
 */
function activeOrders(state: KitState, request: KitRequest): unknown {
  const body = bodyOf(request);
  const ids = Array.isArray(body.id) ? body.id.map(String) : undefined;
  const cid = body.cid === undefined ? undefined : String(body.cid);
  const symbol = request.params.symbol;
  return state.account.orders
    .filter((o) => o.status === 'open')
    .filter((o) => !symbol || render(state, o)[3] === symbol)
    .filter((o) => !ids || ids.includes(o.id))
    .filter((o) => cid === undefined || (o.clientId === cid && cidDateOf(o) === body.cid_date))
    .map((o) => render(state, o));
}

/** POST /v2/auth/r/orders[/{symbol}]/hist: closed orders, newest first, by time window (start/end ms), limit ≤ 2500, ids. */
function orderHistory(state: KitState, request: KitRequest): unknown {
  const body = bodyOf(request);
  const ids = Array.isArray(body.id) ? body.id.map(String) : undefined;
  const start = typeof body.start === 'number' ? body.start : Number.NEGATIVE_INFINITY;
  const end = typeof body.end === 'number' ? body.end : Number.POSITIVE_INFINITY;
  const limit = Math.min(typeof body.limit === 'number' ? body.limit : 25, 2500);
  const symbol = request.params.symbol;
  return state.account.orders
    .filter((o) => o.status !== 'open' && o.updatedAt >= start && o.updatedAt <= end)
    .filter((o) => !symbol || render(state, o)[3] === symbol)
    .filter((o) => !ids || ids.includes(o.id))
    .reverse()
    .slice(0, limit)
    .map((o) => render(state, o));
}

/** POST /v2/auth/r/trades[/{symbol}]/hist: newest first unless sort=1, window start/end, limit ≤ 2500. */
function tradeHistory(state: KitState, request: KitRequest, orderId?: string): unknown {
  const body = bodyOf(request);
  const start = typeof body.start === 'number' ? body.start : Number.NEGATIVE_INFINITY;
  const end = typeof body.end === 'number' ? body.end : Number.POSITIVE_INFINITY;
  const limit = Math.min(typeof body.limit === 'number' ? body.limit : 25, 2500);
  const symbol = request.params.symbol;
  const rows = state.account.trades
    .filter((t) => t.time >= start && t.time <= end && (!orderId || t.orderId === orderId))
    .map((t) => {
      const order = state.account.order(t.orderId) as KitOrder;
      return tradeArray(t, order, state.account.market(t.symbol));
    })
    .filter((row) => !symbol || row[1] === symbol);
  return (body.sort === 1 ? rows : rows.reverse()).slice(0, limit);
}

/** POST /v2/auth/w/order/cancel by `id`, or by `cid` + `cid_date`: the "oc-req" notification. */
function cancel(state: KitState, request: KitRequest): unknown {
  const body = bodyOf(request);
  const order =
    body.id !== undefined
      ? state.account.order(String(body.id))
      : state.account.orders.find((o) => o.clientId === String(body.cid) && cidDateOf(o) === body.cid_date);
  if (order?.status !== 'open') throw bitfinexError(10001, 'Order not found.');
  state.account.cancel(order);
  const text = `Submitted for cancellation; waiting for confirmation (ID: ${order.id}).`;
  return [state.clock.now(), 'oc-req', null, null, render(state, order), null, 'SUCCESS', text];
}

/** POST /v2/auth/r/wallets: [[WALLET_TYPE, CURRENCY, BALANCE, UNSETTLED_INTEREST, AVAILABLE_BALANCE, …]]. */
function wallets(state: KitState): unknown {
  return [...state.account.balances.entries()].map(([code, b]) => [
    'exchange',
    currencyIdOf(code),
    Number(b.free.plus(b.locked).toFixed()),
    0,
    Number(b.free.toFixed()),
    null,
    null,
  ]);
}

/**
 * POST /v2/auth/r/permissions: one [scope, read, write] row per API scope (0/1). Writing `orders`
 * is trading; writing `withdraw` is withdrawing.
 */
function permissions(state: KitState): unknown {
  const { trade, withdraw } = state.permissions;
  return [
    ['account', 1, 0],
    ['history', 1, 0],
    ['orders', 1, trade ? 1 : 0],
    ['positions', 0, 0],
    ['funding', 0, 0],
    ['settings', 0, 0],
    ['wallets', 1, 0],
    ['withdraw', 0, withdraw ? 1 : 0],
    ['ui_withdraw', 0, 0],
    ['bfxpay', 0, 0],
  ];
}

export function tradeRoutes(state: KitState): KitRoute[] {
  return [
    signedRoute('POST', '/v2/auth/r/wallets', () => wallets(state)),
    signedRoute('POST', '/v2/auth/r/permissions', () => permissions(state)),
    signedRoute('POST', '/v2/auth/w/order/submit', (r) => submit(state, r)),
    signedRoute('POST', '/v2/auth/w/order/cancel', (r) => cancel(state, r)),
    signedRoute('POST', '/v2/auth/r/orders', (r) => activeOrders(state, r)),
    signedRoute('POST', '/v2/auth/r/orders/hist', (r) => orderHistory(state, r)),
    signedRoute('POST', '/v2/auth/r/orders/:symbol/hist', (r) => orderHistory(state, r)),
    signedRoute('POST', '/v2/auth/r/orders/:symbol', (r) => activeOrders(state, r)),
    signedRoute('POST', '/v2/auth/r/trades/hist', (r) => tradeHistory(state, r)),
    signedRoute('POST', '/v2/auth/r/trades/:symbol/hist', (r) => tradeHistory(state, r)),
    signedRoute('POST', '/v2/auth/r/order/:symbolAndId/trades', (r) => {
      const [symbol, id] = (r.params.symbolAndId ?? '').split(':');
      return tradeHistory(state, { ...r, params: { symbol: symbol ?? '' } }, id);
    }),
  ];
}
