import { Decimal } from '@balancer/core';
import {
  AccountRefusal,
  type KitOrder,
  type KitRequest,
  type KitRoute,
  type KitState,
  signedRoute,
} from '../exchange-kit/index.js';
import { coinbaseError } from './coinbase-error.js';
import { marketOf, productIdOf, rfc3339 } from './market-endpoints.js';
import { configurationOf, renderFill, renderOrder } from './render.js';

type Row = Record<string, unknown>;
const DECIMAL = /^\d+(\.\d+)?$/;
const FIAT = new Set(['USD', 'EUR', 'GBP']);

/** A create refusal: HTTP 200 with success false and the reasons of Coinbase's enums. */
function refused(error: string, preview: string, message: string, configuration: unknown): Row {
  return {
    success: false,
    failure_reason: 'UNKNOWN_FAILURE_REASON',
    order_id: '',
    error_response: { error, message, error_details: '', preview_failure_reason: preview },
    order_configuration: configuration,
  };
}

const REFUSALS: Record<string, [string, string, string]> = {
  insufficientFunds: [
    'INSUFFICIENT_FUND',
    'PREVIEW_INSUFFICIENT_FUND',
    'Insufficient balance in source account',
  ],
  amountTooSmall: ['INVALID_SIZE', 'PREVIEW_INVALID_BASE_SIZE_TOO_SMALL', 'base size too small'],
  costTooSmall: ['INVALID_SIZE', 'PREVIEW_INVALID_QUOTE_SIZE_TOO_SMALL', 'quote size too small'],
  amountStep: ['INVALID_SIZE_PRECISION', 'PREVIEW_INVALID_SIZE_PRECISION', 'size precision'],
  priceStep: ['INVALID_PRICE_PRECISION', 'PREVIEW_INVALID_PRICE_PRECISION', 'price precision'],
  unknownMarket: ['INVALID_PRODUCT_ID', 'PREVIEW_INVALID_PRODUCT_ID', 'unknown product'],
};

function size(value: unknown): Decimal | undefined {
  return typeof value === 'string' && DECIMAL.test(value) && new Decimal(value).gt(0)
    ? new Decimal(value)
    : undefined;
}

/**
 * POST /api/v3/brokerage/orders ("Create Order"): client_order_id is required; one that was
 * used before places nothing and answers the existing order (Coinbase: "If the ID provided is
 * not unique, the order will not be created and the order with this ID will be returned").
 * Served configurations: market_market_ioc (quote_size or base_size) and limit_limit_gtc.
 */
function createOrder(state: KitState, request: KitRequest, duplicates: DuplicateClientIds): unknown {
  const body = (request.body ?? {}) as Row;
  const clientId = body.client_order_id;
  if (typeof clientId !== 'string' || clientId === '') {
    throw coinbaseError(400, 'INVALID_ARGUMENT', 'client_order_id is required');
  }
  const configuration = body.order_configuration as Record<string, Row> | undefined;
  const existing = duplicates === 'existing' ? state.account.orderByClientId(clientId) : undefined;
  if (existing) return success(existing, state);
  const market = marketOf(state, typeof body.product_id === 'string' ? body.product_id : undefined);
  const side = body.side === 'BUY' ? 'buy' : body.side === 'SELL' ? 'sell' : undefined;
  if (!side)
    return refused('INVALID_SIDE', 'PREVIEW_INVALID_SIDE', 'side must be BUY or SELL', configuration);
  const marketIoc = configuration?.market_market_ioc;
  const limitGtc = configuration?.limit_limit_gtc;
  const unsupported = () =>
    refused(
      'UNSUPPORTED_ORDER_CONFIGURATION',
      'PREVIEW_INVALID_ORDER_CONFIG',
      'unsupported configuration',
      configuration,
    );
  if (!marketIoc === !limitGtc || Object.keys(configuration ?? {}).length !== 1) return unsupported();
  const config = (marketIoc ?? limitGtc) as Row;
  const quoteSize = size(config.quote_size);
  const baseSize = size(config.base_size);
  if (!quoteSize === !baseSize) return unsupported();
  if (limitGtc && (!baseSize || !size(config.limit_price))) return unsupported();
  if (quoteSize && side === 'sell') return unsupported();
  try {
    const order = state.account.place({
      symbol: market.symbol,
      side,
      type: limitGtc ? 'limit' : 'market',
      amount: baseSize,
      quoteAmount: quoteSize,
      price: limitGtc ? size(config.limit_price) : undefined,
      clientId,
      fillFraction: request.partialFill === undefined ? undefined : new Decimal(request.partialFill),
    });
    return success(order, state);
  } catch (error) {
    if (!(error instanceof AccountRefusal)) throw error;
    const [code, preview, message] = REFUSALS[error.reason] ?? ['UNKNOWN_FAILURE_REASON', '', error.message];
    return refused(code, preview, message, configuration);
  }
}

function success(order: KitOrder, state: KitState): Row {
  const market = state.account.market(order.symbol);
  return {
    success: true,
    success_response: {
      order_id: order.id,
      product_id: productIdOf(market),
      side: order.side === 'buy' ? 'BUY' : 'SELL',
      client_order_id: order.clientId,
    },
    order_configuration: configurationOf(order),
  };
}

const render = (state: KitState, order: KitOrder): Row =>
  renderOrder(order, state.account.market(order.symbol), state.account.tradesOf(order.id).length);

function getOrder(state: KitState, request: KitRequest): unknown {
  const order = state.account.order(request.params.orderId ?? '');
  if (!order) throw coinbaseError(404, 'NOT_FOUND', 'order with this orderID was not found');
  return { order: render(state, order) };
}

/** Every value of a query key that may repeat (order_status=OPEN&order_status=FILLED). */
function many(request: KitRequest, ...keys: string[]): string[] {
  const params = new URLSearchParams(request.rawQuery);
  return keys.flatMap((key) => params.getAll(key)).flatMap((v) => v.split(','));
}

/** GET /orders/historical/batch ("List Orders"): newest first, filtered by status, product and dates. */
function listOrders(state: KitState, request: KitRequest): unknown {
  const statuses = many(request, 'order_status');
  const products = many(request, 'product_id', 'product_ids');
  const start = request.query.start_date ? Date.parse(request.query.start_date) : Number.NEGATIVE_INFINITY;
  const end = request.query.end_date ? Date.parse(request.query.end_date) : Number.POSITIVE_INFINITY;
  const limit = Number(request.query.limit ?? '1000') || 1000;
  const rows = state.account.orders
    .filter((o) => o.createdAt >= start && o.createdAt <= end)
    .map((o) => render(state, o))
    .filter((row) => statuses.length === 0 || statuses.includes(row.status as string))
    .filter((row) => products.length === 0 || products.includes(row.product_id as string))
    .reverse()
    .slice(0, limit);
  return { orders: rows, sequence: '0', has_next: false, cursor: '' };
}

function listFills(state: KitState, request: KitRequest): unknown {
  const orderIds = many(request, 'order_id', 'order_ids');
  const products = many(request, 'product_id', 'product_ids');
  const fills = state.account.trades
    .map((t) => renderFill(t, state.account.market(t.symbol)))
    .filter((row) => orderIds.length === 0 || orderIds.includes(row.order_id as string))
    .filter((row) => products.length === 0 || products.includes(row.product_id as string))
    .reverse();
  return { fills, cursor: '' };
}

/** POST /orders/batch_cancel: a result per id; an order not open is UNKNOWN_CANCEL_ORDER. */
function batchCancel(state: KitState, request: KitRequest): unknown {
  const ids = (request.body as Row | undefined)?.order_ids;
  if (!Array.isArray(ids) || ids.length === 0)
    throw coinbaseError(400, 'INVALID_ARGUMENT', 'order_ids is required');
  const results = ids.map((id) => {
    const order = typeof id === 'string' ? state.account.order(id) : undefined;
    if (order?.status !== 'open') {
      return { success: false, failure_reason: 'UNKNOWN_CANCEL_ORDER', order_id: String(id) };
    }
    state.account.cancel(order);
    return { success: true, failure_reason: 'UNKNOWN_CANCEL_FAILURE_REASON', order_id: order.id };
  });
  return { results };
}

const uuidOf = (asset: string): string =>
  `00000000-0000-4000-8000-${Buffer.from(asset).toString('hex').padStart(12, '0')}`;

/** GET /api/v3/brokerage/accounts ("List Accounts"): one account per asset, available and hold. */
function accounts(state: KitState): unknown {
  const time = rfc3339(state.clock.now());
  const list = [...state.account.balances.entries()].map(([currency, b]) => ({
    uuid: uuidOf(currency),
    name: `${currency} Wallet`,
    currency,
    available_balance: { value: b.free.toFixed(), currency },
    default: true,
    active: true,
    created_at: time,
    updated_at: time,
    deleted_at: null,
    type: FIAT.has(currency) ? 'ACCOUNT_TYPE_FIAT' : 'ACCOUNT_TYPE_CRYPTO',
    ready: true,
    hold: { value: b.locked.toFixed(), currency },
    retail_portfolio_id: 'stand-in-portfolio',
  }));
  return { accounts: list, has_next: false, cursor: '', size: list.length };
}

/** GET /v2/accounts (the Coinbase App's "List Accounts", ccxt's default balance): totals only. */
function v2Accounts(state: KitState): unknown {
  const time = new Date(state.clock.now()).toISOString();
  const data = [...state.account.balances.entries()].map(([code, b]) => ({
    id: uuidOf(code),
    name: `${code} Wallet`,
    primary: true,
    type: FIAT.has(code) ? 'fiat' : 'wallet',
    currency: { code, name: code },
    balance: { amount: b.free.plus(b.locked).toFixed(), currency: code },
    created_at: time,
    updated_at: time,
    resource: 'account',
    resource_path: `/v2/accounts/${uuidOf(code)}`,
  }));
  const pagination = {
    ending_before: null,
    starting_after: null,
    limit: 250,
    order: 'desc',
    previous_uri: null,
    next_uri: null,
  };
  return { pagination, data };
}

/** GET /transaction_summary: the fee tier ccxt reads the trading fees from. */
function transactionSummary(state: KitState): unknown {
  const [first] = state.account.markets.values();
  return {
    total_volume: 0,
    total_fees: 0,
    fee_tier: {
      pricing_tier: 'Advanced 1',
      usd_from: '0',
      usd_to: '1000',
      taker_fee_rate: first?.takerFee ?? '0.006',
      maker_fee_rate: first?.makerFee ?? '0.004',
    },
    advanced_trade_only_volume: 0,
    advanced_trade_only_fees: 0,
  };
}

/**
 * A repeated client_order_id: answered with the existing order as Coinbase does (default), or
 * placed again ('allow'), so a test that counts duplicate placements sees the adapter's own.
 */
export type DuplicateClientIds = 'existing' | 'allow';

export function tradeRoutes(state: KitState, duplicates: DuplicateClientIds = 'existing'): KitRoute[] {
  return [
    signedRoute('GET', '/api/v3/brokerage/accounts', () => accounts(state)),
    // Get API Key Permissions: transfer is the right to move funds off the account.
    signedRoute('GET', '/api/v3/brokerage/key_permissions', () => ({
      can_view: true,
      can_trade: state.permissions.trade,
      can_transfer: state.permissions.withdraw,
      portfolio_uuid: '8e9b2e0e-4c3b-4c5e-9a4f-5d2b1c0a7f11',
      portfolio_type: 'DEFAULT',
    })),
    signedRoute('GET', '/v2/accounts', () => v2Accounts(state)),
    signedRoute('GET', '/api/v3/brokerage/transaction_summary', () => transactionSummary(state)),
    signedRoute('POST', '/api/v3/brokerage/orders', (r) => createOrder(state, r, duplicates)),
    signedRoute('GET', '/api/v3/brokerage/orders/historical/batch', (r) => listOrders(state, r)),
    signedRoute('GET', '/api/v3/brokerage/orders/historical/fills', (r) => listFills(state, r)),
    signedRoute('GET', '/api/v3/brokerage/orders/historical/:orderId', (r) => getOrder(state, r)),
    signedRoute('POST', '/api/v3/brokerage/orders/batch_cancel', (r) => batchCancel(state, r)),
  ];
}
