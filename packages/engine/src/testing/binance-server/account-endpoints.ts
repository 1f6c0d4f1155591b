import { Decimal } from '@balancer/core';
import { binanceError } from './binance-error.js';
import type { BinanceServerState } from './exchange-state.js';
import { limitOf, symbolOf } from './market-endpoints.js';
import { placeMarketOrder } from './place-order.js';
import type { ServerOrder } from './types.js';

type Params = Record<string, string>;

/** GET /api/v3/account: balances as 8-place strings (free, locked). */
export function account(state: BinanceServerState): unknown {
  return {
    makerCommission: 10,
    takerCommission: 10,
    buyerCommission: 0,
    sellerCommission: 0,
    commissionRates: { maker: '0.00100000', taker: '0.00100000', buyer: '0.00000000', seller: '0.00000000' },
    canTrade: true,
    canWithdraw: true,
    canDeposit: true,
    brokered: false,
    requireSelfTradePrevention: false,
    preventSor: false,
    updateTime: state.now(),
    accountType: 'SPOT',
    balances: Object.entries(state.balances).map(([asset, b]) => ({
      asset,
      free: new Decimal(b.free).toFixed(8),
      locked: new Decimal(b.locked).toFixed(8),
    })),
    permissions: ['SPOT'],
    uid: 1,
  };
}

/** The fields GET /api/v3/order and the RESULT/FULL responses share. */
function orderFields(o: ServerOrder): Record<string, unknown> {
  return {
    symbol: o.symbol,
    orderId: o.orderId,
    orderListId: -1,
    clientOrderId: o.clientOrderId,
    price: '0.00000000',
    origQty: o.origQty,
    executedQty: o.executedQty,
    origQuoteOrderQty: '0.00000000',
    cummulativeQuoteQty: o.cummulativeQuoteQty,
    status: o.status,
    timeInForce: 'GTC',
    type: 'MARKET',
    side: o.side,
    workingTime: o.time,
    selfTradePreventionMode: 'EXPIRE_MAKER',
  };
}

/** POST /api/v3/order: ACK, RESULT or FULL (the default for MARKET) per `newOrderRespType`. */
export function postOrder(state: BinanceServerState, params: Params): unknown {
  const order = placeMarketOrder(state, params);
  const ack = {
    symbol: order.symbol,
    orderId: order.orderId,
    orderListId: -1,
    clientOrderId: order.clientOrderId,
  };
  if (params.newOrderRespType === 'ACK') return { ...ack, transactTime: order.time };
  const result = { ...orderFields(order), transactTime: order.time };
  return params.newOrderRespType === 'RESULT' ? result : { ...result, fills: order.fills };
}

/** GET /api/v3/order by `orderId` or `origClientOrderId`; −2013 when there is none. */
export function getOrder(state: BinanceServerState, params: Params): unknown {
  const symbol = symbolOf(state, params);
  if (params.orderId === undefined && params.origClientOrderId === undefined) {
    throw binanceError(
      -1102,
      "Param 'origClientOrderId' or 'orderId' must be sent, but both were empty/null!",
    );
  }
  // With a reused client order id (duplicateClientOrderIds 'allow') the latest order answers.
  const order = state.orders.findLast(
    (o) =>
      o.symbol === symbol.symbol &&
      (params.orderId === undefined || String(o.orderId) === params.orderId) &&
      (params.origClientOrderId === undefined || o.clientOrderId === params.origClientOrderId),
  );
  if (!order) throw binanceError(-2013);
  return {
    ...orderFields(order),
    stopPrice: '0.00000000',
    icebergQty: '0.00000000',
    time: order.time,
    updateTime: order.time,
    isWorking: true,
  };
}

/** GET /api/v3/myTrades: by symbol, from `fromId` (inclusive) or a time range; limit ≤ 1000. */
export function myTrades(state: BinanceServerState, params: Params): unknown {
  const symbol = symbolOf(state, params);
  const limit = limitOf(params.limit, 500, 1000);
  const fromId = params.fromId === undefined ? undefined : Number(params.fromId);
  const start = params.startTime === undefined ? undefined : Number(params.startTime);
  const end = params.endTime === undefined ? undefined : Number(params.endTime);
  const selected = state.trades.filter(
    (t) =>
      t.symbol === symbol.symbol &&
      (params.orderId === undefined || String(t.orderId) === params.orderId) &&
      (fromId === undefined || t.id >= fromId) &&
      (start === undefined || t.time >= start) &&
      (end === undefined || t.time <= end),
  );
  // Without fromId or startTime Binance answers the most recent trades.
  const page =
    fromId === undefined && start === undefined ? selected.slice(-limit) : selected.slice(0, limit);
  return page.map((t) => ({
    symbol: t.symbol,
    id: t.id,
    orderId: t.orderId,
    orderListId: -1,
    price: t.price,
    qty: t.qty,
    quoteQty: t.quoteQty,
    commission: t.commission,
    commissionAsset: t.commissionAsset,
    time: t.time,
    isBuyer: t.isBuyer,
    isMaker: false,
    isBestMatch: true,
  }));
}

/** Signed routes by `METHOD path`. */
/**
 * GET /sapi/v1/account/apiRestrictions: the key's permissions. Binance enables withdrawals only on
 * a key restricted to trusted IPs, so a key that can withdraw reports ipRestrict true.
 */
export function apiRestrictions(state: BinanceServerState): unknown {
  const { trade, withdraw } = state.permissions;
  return {
    ipRestrict: withdraw,
    createTime: state.now() - 86_400_000,
    enableReading: true,
    enableSpotAndMarginTrading: trade,
    enableWithdrawals: withdraw,
    enableInternalTransfer: false,
    enableMargin: false,
    enableFutures: false,
    permitsUniversalTransfer: false,
    enableVanillaOptions: false,
    enableFixApiTrade: false,
    enableFixReadOnly: false,
    enablePortfolioMarginTrading: false,
  };
}

/** A key without the spot trading permission: Binance's −2015, HTTP 401. */
function tradingKey(state: BinanceServerState): void {
  if (!state.permissions.trade) throw binanceError(-2015, undefined, 401);
}

export const SIGNED_ROUTES: Record<string, (state: BinanceServerState, params: Params) => unknown> = {
  'GET /api/v3/account': account,
  'GET /sapi/v1/account/apiRestrictions': apiRestrictions,
  'POST /api/v3/order': (state, params) => {
    tradingKey(state);
    return postOrder(state, params);
  },
  'GET /api/v3/order': getOrder,
  'GET /api/v3/myTrades': myTrades,
};
