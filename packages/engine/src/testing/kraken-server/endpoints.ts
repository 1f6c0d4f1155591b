import { Decimal } from '@balancer/core';
import type { KrakenServerState } from './exchange-state.js';
import { KrakenError } from './kraken-error.js';
import { findPair, KRAKEN_PAIRS } from './pairs.js';
import type { KrakenOrder, KrakenPair, KrakenTrade } from './types.js';

/**
 * The REST endpoints the adapter calls, answering `result` of Kraken's documented
 * `{"error": [], "result": {…}}` shapes (server.ts wraps them). Times are Unix seconds.
 */
type Handler = (
  state: KrakenServerState,
  params: Record<string, string>,
  extra: { partial: boolean },
) => unknown;

/** Rows per page of ClosedOrders and TradesHistory (Kraken's page size). */
const PAGE = 50;

function pairOf(name: string | undefined): KrakenPair {
  const pair = findPair(name);
  if (!pair) throw new KrakenError('EQuery:Unknown asset pair');
  return pair;
}

const sum = (levels: [string, string][]) => levels.reduce((s, [, v]) => s.plus(v), new Decimal(0)).toFixed();

export const PUBLIC_ROUTES: Record<string, Handler> = {
  Time: (state) => {
    const now = state.now();
    return { unixtime: Math.floor(now / 1000), rfc1123: new Date(now).toUTCString() };
  },
  SystemStatus: (state) => ({ status: 'online', timestamp: new Date(state.now()).toISOString() }),
  Assets: () => {
    const result: Record<string, unknown> = {};
    for (const p of KRAKEN_PAIRS) {
      for (const code of [p.base, p.quote]) {
        const altname = code.length === 4 && /^[XZ]/.test(code) ? code.slice(1) : code;
        const fiat = code.startsWith('Z');
        result[code] = {
          aclass: 'currency',
          altname,
          decimals: fiat ? 4 : 8,
          display_decimals: fiat ? 2 : 5,
          collateral_value: 1,
          status: 'enabled',
        };
      }
    }
    return result;
  },
  AssetPairs: (_state, params) => {
    const wanted = params.pair?.split(',');
    const result: Record<string, unknown> = {};
    for (const p of KRAKEN_PAIRS) {
      if (wanted && !wanted.includes(p.id) && !wanted.includes(p.altname)) continue;
      result[p.id] = {
        altname: p.altname,
        wsname: p.wsname,
        aclass_base: 'currency',
        base: p.base,
        aclass_quote: 'currency',
        quote: p.quote,
        lot: 'unit',
        cost_decimals: p.cost_decimals,
        pair_decimals: p.pair_decimals,
        lot_decimals: p.lot_decimals,
        lot_multiplier: 1,
        leverage_buy: [],
        leverage_sell: [],
        fees: [[0, 0.26]],
        fees_maker: [[0, 0.16]],
        fee_volume_currency: 'ZUSD',
        margin_call: 80,
        margin_stop: 40,
        ordermin: p.ordermin,
        costmin: p.costmin,
        tick_size: new Decimal(1).shiftedBy(-p.pair_decimals).toFixed(),
        status: 'online',
      };
    }
    return result;
  },
  Ticker: (state, params) => {
    const result: Record<string, unknown> = {};
    for (const name of (params.pair ?? '').split(',')) {
      const p = pairOf(name);
      const book = state.book(p);
      const [ask] = book.asks;
      const [bid] = book.bids;
      result[p.id] = {
        a: [ask?.[0], '1', '1.000'],
        b: [bid?.[0], '1', '1.000'],
        c: [p.last, '0.001'],
        v: ['100', '1000'],
        p: [p.last, p.last],
        t: [100, 1000],
        l: [p.last, p.last],
        h: [p.last, p.last],
        o: p.last,
      };
    }
    return result;
  },
  Depth: (state, params) => {
    const p = pairOf(params.pair);
    const count = Math.min(Number(params.count ?? 100) || 100, 500);
    const time = Math.floor(state.now() / 1000);
    const book = state.book(p);
    const rows = (levels: [string, string][]) => levels.slice(0, count).map(([price, v]) => [price, v, time]);
    return { [p.id]: { asks: rows(book.asks), bids: rows(book.bids), depth: sum(book.asks) } };
  },
  OHLC: (state, params) => {
    const p = pairOf(params.pair);
    const interval = Number(params.interval ?? 1);
    const since = Number(params.since ?? 0) * 1000;
    const rows = state
      .candles(p, interval)
      .filter((c) => c.openTime > since)
      .slice(-720)
      .map((c) => [c.openTime / 1000, c.open, c.high, c.low, c.close, c.close, c.volume, 1]);
    const last = rows.at(-1)?.[0] ?? Math.floor(state.now() / 1000);
    return { [p.id]: rows, last };
  },
};

function orderInfo(order: KrakenOrder, withTrades: boolean) {
  const p = pairOf(order.pair);
  return {
    refid: null,
    userref: order.userref,
    cl_ord_id: order.cl_ord_id ?? undefined,
    status: order.status,
    reason: order.status === 'canceled' ? 'Insufficient liquidity' : null,
    opentm: order.opentm,
    closetm: order.closetm,
    starttm: 0,
    expiretm: 0,
    descr: {
      pair: p.altname,
      type: order.type,
      ordertype: 'market',
      price: '0',
      price2: '0',
      leverage: 'none',
      order: `${order.type} ${order.vol} ${p.altname} @ market`,
      close: '',
    },
    vol: order.vol,
    vol_exec: order.vol_exec,
    cost: order.cost,
    fee: order.fee,
    price: order.price,
    stopprice: '0',
    limitprice: '0',
    misc: '',
    oflags: 'fciq',
    ...(withTrades ? { trades: order.trades } : {}),
  };
}

const truthy = (value: string | undefined) => value === 'true' || value === '1';

function clientFilter(params: Record<string, string>) {
  return (o: KrakenOrder) =>
    (params.cl_ord_id === undefined || o.cl_ord_id === params.cl_ord_id) &&
    (params.userref === undefined || String(o.userref) === params.userref);
}

/** start is exclusive and end inclusive (Unix seconds, or an id); newest first, PAGE a page from ofs. */
function page<T extends { time: number }>(rows: readonly T[], params: Record<string, string>) {
  const start = Number(params.start ?? Number.NEGATIVE_INFINITY);
  const end = Number(params.end ?? Number.POSITIVE_INFINITY);
  const inRange = rows.filter((r) => r.time > start && r.time <= end).reverse();
  const offset = Number(params.ofs ?? 0);
  return { rows: inRange.slice(offset, offset + PAGE), count: inRange.length };
}

function tradeInfo(trade: KrakenTrade) {
  return {
    ordertxid: trade.ordertxid,
    postxid: `P${trade.id.slice(1)}`,
    pair: trade.pair,
    time: trade.time,
    type: trade.type,
    ordertype: 'market',
    price: trade.price,
    cost: trade.cost,
    fee: trade.fee,
    vol: trade.vol,
    margin: '0.00000',
    leverage: '0',
    misc: '',
    maker: false,
  };
}

/** A cl_ord_id Kraken takes: a UUID (36 with hyphens, or 32 hex digits) or free text of ≤ 18. */
const CL_ORD_ID =
  /^(?:[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}|[0-9a-f]{32}|[\x21-\x7e]{1,18})$/i;

export const PRIVATE_ROUTES: Record<string, Handler> = {
  Balance: (state) => ({ ...state.balances }),
  BalanceEx: (state) =>
    Object.fromEntries(Object.entries(state.balances).map(([k, v]) => [k, { balance: v, hold_trade: '0' }])),
  AddOrder: (state, params, { partial }) => {
    // A key without the "Create & modify orders" permission (Kraken's answer to any call it lacks).
    if (!state.permissions.trade) throw new KrakenError('EGeneral:Permission denied');
    const pair = pairOf(params.pair);
    if (params.type !== 'buy' && params.type !== 'sell')
      throw new KrakenError('EGeneral:Invalid arguments:type');
    if (params.ordertype !== 'market') throw new KrakenError('EGeneral:Invalid arguments:ordertype');
    if (!/^\d+(\.\d+)?$/.test(params.volume ?? ''))
      throw new KrakenError('EGeneral:Invalid arguments:volume');
    const clOrdId = params.cl_ord_id ?? null;
    if (clOrdId !== null && !CL_ORD_ID.test(clOrdId))
      throw new KrakenError('EGeneral:Invalid arguments:cl_ord_id');
    if (clOrdId !== null && params.userref !== undefined) {
      throw new KrakenError('EGeneral:Invalid arguments:cl_ord_id and userref are mutually exclusive');
    }
    // cl_ord_id must be unique among OPEN orders (Kraken's rule); a filled market order is closed.
    if (clOrdId !== null && state.orders.some((o) => o.status === 'open' && o.cl_ord_id === clOrdId)) {
      throw new KrakenError('EOrder:Duplicate order');
    }
    // validate=true: "validate inputs only, do not submit order": the description, no txid.
    if (truthy(params.validate)) {
      if (new Decimal(params.volume ?? '0').lt(pair.ordermin))
        throw new KrakenError('EOrder:Order minimum not met');
      return { descr: { order: `${params.type} ${params.volume} ${pair.altname} @ market` } };
    }
    const order = state.placeMarketOrder({
      pair,
      type: params.type,
      volume: params.volume ?? '0',
      clOrdId,
      userref: params.userref === undefined ? null : Number(params.userref),
      partial,
    });
    return {
      descr: { order: `${order.type} ${order.vol} ${pair.altname} @ market` },
      txid: [order.txid],
    };
  },
  QueryOrders: (state, params) => {
    const ids = (params.txid ?? '').split(',').filter((id) => id !== '');
    if (ids.length === 0) throw new KrakenError('EGeneral:Invalid arguments:txid');
    const result: Record<string, unknown> = {};
    for (const id of ids) {
      const order = state.orders.find((o) => o.txid === id);
      if (!order) throw new KrakenError('EOrder:Invalid order');
      if (params.userref !== undefined && String(order.userref) !== params.userref) continue;
      result[id] = orderInfo(order, truthy(params.trades));
    }
    return result;
  },
  OpenOrders: (state, params) => ({
    open: Object.fromEntries(
      state.orders
        .filter((o) => o.status === 'open' && clientFilter(params)(o))
        .map((o) => [o.txid, orderInfo(o, truthy(params.trades))]),
    ),
  }),
  ClosedOrders: (state, params) => {
    const closed = state.orders
      .filter((o) => o.status !== 'open' && clientFilter(params)(o))
      .map((o) => ({ ...o, time: params.closetime === 'open' ? o.opentm : o.closetm }));
    const { rows, count } = page(closed, params);
    return {
      closed: Object.fromEntries(rows.map((o) => [o.txid, orderInfo(o, truthy(params.trades))])),
      count,
    };
  },
  TradesHistory: (state, params) => {
    const { rows, count } = page(state.trades, params);
    return { trades: Object.fromEntries(rows.map((t) => [t.id, tradeInfo(t)])), count };
  },
  CancelOrder: (state, params) => {
    const order = state.orders.find(
      (o) => o.txid === params.txid || (params.cl_ord_id !== undefined && o.cl_ord_id === params.cl_ord_id),
    );
    if (!order) throw new KrakenError('EOrder:Unknown order');
    if (order.status !== 'open') return { count: 0 };
    order.status = 'canceled';
    return { count: 1 };
  },
};
