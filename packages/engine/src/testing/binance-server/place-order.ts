import { Decimal, roundDecimal } from '@balancer/core';
import { binanceError, missingParam } from './binance-error.js';
import type { BinanceServerState } from './exchange-state.js';
import { symbolOf } from './market-endpoints.js';
import { BTCUSDT_FILTERS } from './symbols.js';
import type { Level, ServerBalance, ServerFill, ServerOrder } from './types.js';

/** Taker commission, charged in the asset received (0.1 %). */
export const COMMISSION_RATE = '0.001';
const CLIENT_ORDER_ID = /^[.A-Z:/a-z0-9_-]{1,36}$/;

/** Reads `quantity`: a plain positive decimal with at most 8 places (−1100, −1111). */
function quantityOf(params: Record<string, string>): Decimal {
  const raw = params.quantity;
  if (raw === undefined || raw === '') throw missingParam('quantity');
  if (!/^\d+(\.\d+)?$/.test(raw))
    throw binanceError(-1100, "Illegal characters found in parameter 'quantity'.");
  if ((raw.split('.')[1] ?? '').replace(/0+$/, '').length > 8) {
    throw binanceError(-1111, "Parameter 'quantity' has too much precision.");
  }
  return new Decimal(raw);
}

/** LOT_SIZE: minQty ≤ qty ≤ maxQty and (qty − minQty) a multiple of stepSize, else −1013. */
function checkLotSize(qty: Decimal): void {
  const f = BTCUSDT_FILTERS;
  const onStep = qty.minus(f.minQty).mod(f.stepSize).isZero();
  if (qty.lt(f.minQty) || qty.gt(f.maxQty) || !onStep) throw binanceError(-1013, 'Filter failure: LOT_SIZE');
}

/** Walks the book's levels, best first, until `qty` is filled or the book is exhausted. */
function walk(levels: Level[], qty: Decimal): Array<{ price: Decimal; qty: Decimal }> {
  const fills: Array<{ price: Decimal; qty: Decimal }> = [];
  let left = qty;
  for (const [price, size] of levels) {
    if (left.isZero()) break;
    const take = Decimal.min(left, size);
    if (take.isZero()) continue;
    fills.push({ price: new Decimal(price), qty: take });
    left = left.minus(take);
  }
  return fills;
}

function balanceOf(state: BinanceServerState, asset: string): ServerBalance {
  state.balances[asset] ??= { free: '0', locked: '0' };
  return state.balances[asset];
}

/**
 * POST /api/v3/order for MARKET orders by `quantity`: checks the client order id, LOT_SIZE and
 * NOTIONAL (−1013; the notional is the walked cost, a simplification of Binance's average price),
 * the balance (−2010), then fills at the book's levels (the book itself is left unchanged) with
 * 0.1 % commission in the asset received, rounded up to 8 places. A quantity deeper than the book
 * fills partly and ends EXPIRED, as a Binance market order does.
 */
export function placeMarketOrder(state: BinanceServerState, params: Record<string, string>): ServerOrder {
  const symbol = symbolOf(state, params);
  const side = params.side;
  if (side === undefined) throw missingParam('side');
  if (side !== 'BUY' && side !== 'SELL') throw binanceError(-1117, 'Invalid side.');
  if (params.type === undefined) throw missingParam('type');
  // Only MARKET is simulated: the engine never sends another type.
  if (params.type !== 'MARKET') throw binanceError(-1116);
  const qty = quantityOf(params);
  const clientOrderId = params.newClientOrderId ?? `srv-${state.orders.length + 1}`;
  if (!CLIENT_ORDER_ID.test(clientOrderId)) {
    throw binanceError(-1100, "Illegal characters found in parameter 'newClientOrderId'.");
  }
  const duplicate = state.orders.some((o) => o.clientOrderId === clientOrderId);
  if (duplicate && state.duplicateClientOrderIds === 'reject')
    throw binanceError(-2010, 'Duplicate order sent.');
  checkLotSize(qty);

  const book = state.books[symbol.symbol] ?? { bids: [], asks: [], lastUpdateId: 0 };
  const walked = walk(side === 'BUY' ? book.asks : book.bids, qty);
  const filled = walked.reduce((sum, f) => sum.plus(f.qty), new Decimal(0));
  const cost = walked.reduce((sum, f) => sum.plus(f.price.times(f.qty)), new Decimal(0));
  const avgPrice = filled.isZero() ? new Decimal(symbol.lastPrice) : cost.div(filled);
  if (avgPrice.times(qty).lt(BTCUSDT_FILTERS.minNotional))
    throw binanceError(-1013, 'Filter failure: NOTIONAL');

  const base = balanceOf(state, symbol.baseAsset);
  const quote = balanceOf(state, symbol.quoteAsset);
  if (side === 'BUY' ? cost.gt(quote.free) : qty.gt(base.free)) throw binanceError(-2010);

  const now = state.now();
  const orderId = state.nextOrderId();
  const receivedAsset = side === 'BUY' ? symbol.baseAsset : symbol.quoteAsset;
  const fills: ServerFill[] = walked.map((f) => {
    const received = side === 'BUY' ? f.qty : f.price.times(f.qty);
    const commission = roundDecimal(received.times(COMMISSION_RATE), 8, 'ROUND_UP');
    return {
      price: f.price.toFixed(8),
      qty: f.qty.toFixed(8),
      commission: commission.toFixed(8),
      commissionAsset: receivedAsset,
      tradeId: state.nextTradeId(),
    };
  });
  const commission = fills.reduce((sum, f) => sum.plus(f.commission), new Decimal(0));
  if (side === 'BUY') {
    quote.free = new Decimal(quote.free).minus(cost).toFixed();
    base.free = new Decimal(base.free).plus(filled).minus(commission).toFixed();
  } else {
    base.free = new Decimal(base.free).minus(filled).toFixed();
    quote.free = new Decimal(quote.free).plus(cost).minus(commission).toFixed();
  }

  const order: ServerOrder = {
    symbol: symbol.symbol,
    orderId,
    clientOrderId,
    side,
    origQty: qty.toFixed(8),
    executedQty: filled.toFixed(8),
    cummulativeQuoteQty: cost.toFixed(8),
    status: filled.eq(qty) ? 'FILLED' : 'EXPIRED',
    time: now,
    fills,
  };
  state.orders.push(order);
  for (const f of fills) {
    state.trades.push({
      symbol: symbol.symbol,
      id: f.tradeId,
      orderId,
      price: f.price,
      qty: f.qty,
      quoteQty: new Decimal(f.price).times(f.qty).toFixed(8),
      commission: f.commission,
      commissionAsset: f.commissionAsset,
      time: now,
      isBuyer: side === 'BUY',
    });
  }
  return order;
}
