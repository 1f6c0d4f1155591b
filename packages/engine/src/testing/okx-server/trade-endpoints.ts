import { Decimal } from '@balancer/core';
import {
  AccountRefusal,
  KitHttpError,
  type KitOrder,
  type KitRequest,
  type KitRoute,
  type KitState,
  signedRoute,
} from '../exchange-kit/index.js';
import { marketOf, ok } from './market-endpoints.js';
import { okxError, okxOrderError } from './okx-error.js';
import { renderFill, renderOrder } from './render.js';

/** clOrdId: case-sensitive alphanumerics, 1–32 characters (OKX "Place order"). */
export const OKX_CLIENT_ORDER_ID = /^[A-Za-z0-9]{1,32}$/;
const DECIMAL = /^\d+(\.\d+)?$/;

type Row = Record<string, unknown>;
const str = (row: Row, key: string): string | undefined => {
  const value = row[key];
  return typeof value === 'string' ? value : undefined;
};

function decimalField(row: Row, key: string, ids: { clOrdId?: string }): Decimal {
  const raw = str(row, key);
  if (raw === undefined || raw === '') throw okxOrderError('50014', ids, key);
  if (!DECIMAL.test(raw) || new Decimal(raw).lte(0)) throw okxOrderError('51000', ids, key);
  return new Decimal(raw);
}

/**
 * GET /api/v5/account/config: the account's settings and the key's `perm` (read_only, trade,
 * withdraw, comma-separated; every key can read).
 */
function accountConfig(state: KitState): unknown {
  const perm = [
    'read_only',
    ...(state.permissions.trade ? ['trade'] : []),
    ...(state.permissions.withdraw ? ['withdraw'] : []),
  ];
  return ok([
    {
      uid: '44705892343619584',
      mainUid: '44705892343619584',
      acctLv: '1',
      posMode: 'net_mode',
      autoLoan: false,
      greeksType: 'PA',
      level: 'Lv1',
      levelTmp: '',
      ctIsoMode: 'automatic',
      mgnIsoMode: 'automatic',
      roleType: '0',
      spotRoleType: '0',
      traderInsts: [],
      opAuth: '0',
      kycLv: '2',
      label: 'balancer',
      ip: '',
      perm: perm.join(','),
    },
  ]);
}

/** Places one order of POST /api/v5/trade/order or batch-orders; throws the per-order refusal. */
/**
 * 'refuse' (OKX's 51016, the default) or 'allow': a test that counts duplicate placements (the
 * crash suite) lets a repeated clOrdId place a second order, so a double placement shows as two.
 */
export type DuplicateClientIds = 'refuse' | 'allow';

function placeOne(
  state: KitState,
  row: Row,
  partialFill: string | undefined,
  duplicates: DuplicateClientIds,
): Row {
  const clOrdId = str(row, 'clOrdId') ?? '';
  const ids = { clOrdId };
  if (clOrdId !== '' && !OKX_CLIENT_ORDER_ID.test(clOrdId)) throw okxOrderError('51000', ids, 'clOrdId');
  if (clOrdId !== '' && duplicates === 'refuse' && state.account.orderByClientId(clOrdId))
    throw okxOrderError('51016', ids);
  const market = marketOf(state, str(row, 'instId'));
  if (str(row, 'tdMode') !== 'cash') throw okxOrderError('51000', ids, 'tdMode');
  const side = str(row, 'side');
  if (side !== 'buy' && side !== 'sell') throw okxOrderError('51000', ids, 'side');
  const type = str(row, 'ordType');
  if (type !== 'market' && type !== 'limit') throw okxOrderError('51000', ids, 'ordType');
  const sz = decimalField(row, 'sz', ids);
  // A spot market buy's sz is in quote units unless tgtCcy is base_ccy (OKX's default: quote_ccy).
  const tgtCcy = str(row, 'tgtCcy') ?? (type === 'market' && side === 'buy' ? 'quote_ccy' : 'base_ccy');
  if (tgtCcy !== 'base_ccy' && tgtCcy !== 'quote_ccy') throw okxOrderError('51000', ids, 'tgtCcy');
  const byQuote = type === 'market' && tgtCcy === 'quote_ccy';
  try {
    const order = state.account.place({
      symbol: market.symbol,
      side,
      type,
      amount: byQuote ? undefined : sz,
      quoteAmount: byQuote ? sz : undefined,
      price: type === 'limit' ? decimalField(row, 'px', ids) : undefined,
      clientId: clOrdId,
      fillFraction: partialFill === undefined ? undefined : new Decimal(partialFill),
    });
    return {
      clOrdId,
      ordId: order.id,
      tag: str(row, 'tag') ?? '',
      ts: String(order.createdAt),
      sCode: '0',
      sMsg: 'Order placed',
    };
  } catch (error) {
    if (!(error instanceof AccountRefusal)) throw error;
    const codes = {
      unknownMarket: ['51001'],
      amountTooSmall: ['51020'],
      costTooSmall: ['51020'],
      amountStep: ['51121'],
      priceStep: ['51000', 'px'],
      insufficientFunds: ['51008', side === 'buy' ? market.quote : market.base],
      notOpen: ['51400'],
    } as const;
    const [code, arg] = codes[error.reason] as readonly [string, string?];
    throw okxOrderError(code, ids, arg);
  }
}

/** The answer of a place request: the rows, code "0" / "1" (all failed) / "2" (some failed). */
function place(
  state: KitState,
  request: KitRequest,
  batch: boolean,
  duplicates: DuplicateClientIds,
): unknown {
  const rows = batch ? request.body : [request.body];
  if (!Array.isArray(rows) || rows.length === 0 || rows.some((r) => typeof r !== 'object' || r === null)) {
    throw okxError('50002', 400);
  }
  const results: Row[] = [];
  let failed = 0;
  for (const row of rows as Row[]) {
    try {
      results.push(placeOne(state, row, request.partialFill, duplicates));
    } catch (error) {
      if (!(error instanceof KitHttpError)) throw error;
      failed++;
      results.push(...((error.response.body as { data: Row[] }).data ?? []));
    }
  }
  const now = String(state.clock.now() * 1000);
  if (failed === 0) return { code: '0', msg: '', data: results, inTime: now, outTime: now };
  const code = failed === rows.length ? '1' : '2';
  const msg =
    code === '2'
      ? 'Bulk operation partially succeeded.'
      : batch
        ? 'All operations failed'
        : 'Operation failed.';
  throw new KitHttpError({ status: 200, body: { code, msg, data: results, inTime: now, outTime: now } });
}

/** The order named by ordId (preferred) or clOrdId of the given instrument, or 51603. */
function findOrder(state: KitState, fields: Record<string, unknown>): KitOrder {
  const market = marketOf(state, str(fields, 'instId'));
  const ordId = str(fields, 'ordId');
  const clOrdId = str(fields, 'clOrdId');
  if (!ordId && !clOrdId) throw okxError('50015', 400);
  const order = ordId ? state.account.order(ordId) : state.account.orderByClientId(clOrdId as string);
  if (!order || order.symbol !== market.symbol) throw okxError('51603', 200);
  return order;
}

/** Orders filtered by instId/ordType, newest first, at most `limit` (default and max 100). */
function listOrders(state: KitState, request: KitRequest, open: boolean): unknown {
  const { instId, ordType, state: wanted } = request.query;
  const limit = Math.min(Number(request.query.limit ?? '100') || 100, 100);
  const orders = state.account.orders
    .filter((o) => (o.status === 'open') === open)
    .map((o) => ({ order: o, row: renderOrder(o, state.account.market(o.symbol)) }))
    .filter(({ row }) => (!instId || row.instId === instId) && (!ordType || row.ordType === ordType))
    .filter(({ row }) => !wanted || row.state === wanted)
    .reverse()
    .slice(0, limit);
  return ok(orders.map(({ row }) => row));
}

function fills(state: KitState, request: KitRequest): unknown {
  const { instId, ordId } = request.query;
  const limit = Math.min(Number(request.query.limit ?? '100') || 100, 100);
  const rows = state.account.trades
    .map((t) => renderFill(t, state.account.market(t.symbol)))
    .filter((row) => (!instId || row.instId === instId) && (!ordId || row.ordId === ordId))
    .reverse()
    .slice(0, limit);
  return ok(rows);
}

function balance(state: KitState, request: KitRequest): unknown {
  const wanted = request.query.ccy?.split(',');
  const now = String(state.clock.now());
  const details = [...state.account.balances.entries()]
    .filter(([ccy]) => !wanted || wanted.includes(ccy))
    .map(([ccy, b]) => ({
      ccy,
      eq: b.free.plus(b.locked).toFixed(),
      cashBal: b.free.plus(b.locked).toFixed(),
      availBal: b.free.toFixed(),
      availEq: b.free.toFixed(),
      frozenBal: b.locked.toFixed(),
      ordFrozen: b.locked.toFixed(),
      uTime: now,
    }));
  return ok([{ adjEq: '', details, imr: '', mmr: '', totalEq: '0', uTime: now }]);
}

function cancel(state: KitState, request: KitRequest): unknown {
  const fields = (request.body ?? {}) as Row;
  const ids = { clOrdId: str(fields, 'clOrdId'), ordId: str(fields, 'ordId') };
  let order: KitOrder;
  try {
    order = findOrder(state, fields);
  } catch {
    throw okxOrderError('51400', ids);
  }
  if (order.status !== 'open') throw okxOrderError('51400', ids);
  state.account.cancel(order);
  return ok([{ clOrdId: order.clientId, ordId: order.id, sCode: '0', sMsg: '' }]);
}

/** GET /api/v5/asset/currencies (private, "Get currencies"): one on-chain entry per asset listed. */
function currencies(state: KitState): unknown {
  const assets = new Set<string>();
  for (const market of state.account.markets.values()) assets.add(market.base).add(market.quote);
  const chains: Record<string, string> = { BTC: 'Bitcoin', USDT: 'ERC20', USDC: 'ERC20' };
  return ok(
    [...assets].map((ccy) => ({
      ccy,
      name: ccy,
      chain: `${ccy}-${chains[ccy] ?? 'Mainnet'}`,
      canDep: true,
      canWd: true,
      canInternal: true,
      mainNet: true,
      minWd: '0.0001',
      maxWd: '1000000',
      wdTickSz: '8',
      minFee: '0.0001',
      maxFee: '0.0004',
    })),
  );
}

export function tradeRoutes(state: KitState, duplicates: DuplicateClientIds = 'refuse'): KitRoute[] {
  const history = (r: KitRequest) => {
    if (!r.query.instType) throw okxError('50014', 400, 'instType');
    return listOrders(state, r, false);
  };
  return [
    signedRoute('GET', '/api/v5/asset/currencies', () => currencies(state)),
    signedRoute('GET', '/api/v5/account/balance', (r) => balance(state, r)),
    signedRoute('GET', '/api/v5/account/config', () => accountConfig(state)),
    signedRoute('POST', '/api/v5/trade/order', (r) => place(state, r, false, duplicates)),
    signedRoute('POST', '/api/v5/trade/batch-orders', (r) => place(state, r, true, duplicates)),
    signedRoute('GET', '/api/v5/trade/order', (r) => {
      const order = findOrder(state, r.query);
      return ok([renderOrder(order, state.account.market(order.symbol))]);
    }),
    signedRoute('GET', '/api/v5/trade/orders-pending', (r) => listOrders(state, r, true)),
    signedRoute('GET', '/api/v5/trade/orders-history', history),
    signedRoute('GET', '/api/v5/trade/orders-history-archive', history),
    signedRoute('GET', '/api/v5/trade/fills', (r) => fills(state, r)),
    signedRoute('GET', '/api/v5/trade/fills-history', (r) => {
      if (!r.query.instType) throw okxError('50014', 400, 'instType');
      return fills(state, r);
    }),
    signedRoute('POST', '/api/v5/trade/cancel-order', (r) => cancel(state, r)),
  ];
}
