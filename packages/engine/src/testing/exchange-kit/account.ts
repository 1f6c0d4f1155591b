import { Decimal, roundDecimal } from '@balancer/core';
import { capFills, type PlannedFill, planFills } from './matching.js';
import type {
  FeePolicy,
  KitBalance,
  KitCandle,
  KitMarket,
  KitOrder,
  KitTrade,
  Level,
  Side,
} from './types.js';

/** Why the account refused an order; each stand-in answers it in its exchange's own shape. */
export type RefusalReason =
  | 'unknownMarket'
  | 'amountTooSmall'
  | 'amountStep'
  | 'priceStep'
  | 'costTooSmall'
  | 'insufficientFunds'
  | 'notOpen';

export class AccountRefusal extends Error {
  constructor(
    readonly reason: RefusalReason,
    message: string,
  ) {
    super(message);
  }
}

/** An order as a stand-in hands it to the account, already parsed from the exchange's fields. */
export interface OrderRequest {
  symbol: string;
  side: Side;
  type: 'market' | 'limit';
  amount?: Decimal;
  /** Market buys by quote amount (OKX tgtCcy=quote_ccy, Coinbase quote_size). */
  quoteAmount?: Decimal;
  price?: Decimal;
  clientId: string;
  /** The partial-fill fault: at most this fraction of the amount fills. */
  fillFraction?: Decimal;
}

export interface AccountOptions {
  markets: KitMarket[];
  /** Free balances by asset (decimal strings). */
  balances: Record<string, string>;
  feePolicy: FeePolicy;
  now: () => number;
  /** The exchange's order id format (OKX numeric string, Coinbase UUID, Bitfinex integer). */
  nextOrderId: () => string;
}

/** Fees are rounded up to 8 places, in the asset they are charged in. */
const FEE_PLACES = 8;

/**
 * The in-memory account behind a stand-in: balances, orders and trades, with orders matched
 * against the market's static book at its prices (the account is always the taker; a limit
 * order's uncrossed rest rests open with its funds locked until cancelled).
 */
export class KitAccount {
  readonly markets = new Map<string, KitMarket>();
  readonly balances = new Map<string, KitBalance>();
  readonly orders: KitOrder[] = [];
  readonly trades: KitTrade[] = [];
  private readonly locked = new Map<string, Decimal>();
  private tradeId = 0;

  constructor(private readonly options: AccountOptions) {
    for (const market of options.markets) this.markets.set(market.symbol, market);
    for (const [asset, free] of Object.entries(options.balances)) this.setBalance(asset, free);
  }

  balance(asset: string): KitBalance {
    let balance = this.balances.get(asset);
    if (!balance) {
      balance = { free: new Decimal(0), locked: new Decimal(0) };
      this.balances.set(asset, balance);
    }
    return balance;
  }

  setBalance(asset: string, free: string): void {
    this.balances.set(asset, { free: new Decimal(free), locked: new Decimal(0) });
  }

  market(symbol: string): KitMarket {
    const market = this.markets.get(symbol);
    if (!market) throw new AccountRefusal('unknownMarket', `unknown market ${symbol}`);
    return market;
  }

  setBook(symbol: string, bids: Level[], asks: Level[]): void {
    this.market(symbol).book = { bids, asks };
  }

  /** Replaces a candle series ('1m', '1h', '1d' …), kept oldest first. */
  setCandles(symbol: string, interval: string, candles: KitCandle[]): void {
    this.market(symbol).candles[interval] = [...candles].sort((a, b) => a.openTime - b.openTime);
  }

  order(id: string): KitOrder | undefined {
    return this.orders.find((o) => o.id === id);
  }

  /** The latest order with this client id. */
  orderByClientId(clientId: string): KitOrder | undefined {
    return this.orders.findLast((o) => o.clientId === clientId);
  }

  tradesOf(orderId: string): KitTrade[] {
    return this.trades.filter((t) => t.orderId === orderId);
  }

  place(request: OrderRequest): KitOrder {
    const market = this.market(request.symbol);
    this.check(market, request);
    const book = request.side === 'buy' ? market.book.asks : market.book.bids;
    const feeRate = new Decimal(market.takerFee);
    // Where fees are charged in quote, a buy by quote amount spends that amount fees included
    // (Coinbase's quote_size): the book is walked for quoteAmount / (1 + fee rate).
    const budget =
      request.quoteAmount && this.options.feePolicy === 'quote'
        ? request.quoteAmount.div(feeRate.plus(1))
        : request.quoteAmount;
    let fills = planFills(book, {
      side: request.side,
      amount: request.amount,
      quoteAmount: budget,
      limit: request.type === 'limit' ? request.price : undefined,
      amountStep: new Decimal(market.amountStep),
    });
    if (request.fillFraction !== undefined) {
      const whole = request.amount ?? fills.reduce((sum, f) => sum.plus(f.amount), new Decimal(0));
      const cap = whole.times(request.fillFraction).div(market.amountStep).integerValue(Decimal.ROUND_DOWN);
      fills = capFills(fills, cap.times(market.amountStep));
    }
    const cost = fills.reduce((sum, f) => sum.plus(f.price.times(f.amount)), new Decimal(0));
    const quote = this.balance(market.quote);
    const base = this.balance(market.base);
    const feeInQuote = this.options.feePolicy === 'quote' || request.side === 'sell';
    if (request.side === 'buy') {
      const need = this.options.feePolicy === 'quote' ? cost.times(feeRate.plus(1)) : cost;
      const rest = this.restingLock(market, request, fills);
      if (need.plus(rest).gt(quote.free)) throw new AccountRefusal('insufficientFunds', 'insufficient funds');
    } else {
      // A sell by quote amount (OKX tgtCcy=quote_ccy) is checked on the BTC it would sell.
      const selling = request.amount ?? fills.reduce((sum, f) => sum.plus(f.amount), new Decimal(0));
      if (selling.gt(base.free)) throw new AccountRefusal('insufficientFunds', 'insufficient funds');
    }

    const now = this.options.now();
    const order: KitOrder = {
      id: this.options.nextOrderId(),
      clientId: request.clientId,
      symbol: market.symbol,
      side: request.side,
      type: request.type,
      amount: request.amount,
      quoteAmount: request.quoteAmount,
      price: request.price,
      filled: new Decimal(0),
      cost: new Decimal(0),
      fee: new Decimal(0),
      feeAsset: feeInQuote ? market.quote : market.base,
      status: 'open',
      createdAt: now,
      updatedAt: now,
    };
    for (const fill of fills) this.fill(order, market, fill, feeRate);
    const complete = request.amount ? order.filled.eq(request.amount) : fills.length > 0;
    if (request.type === 'limit') {
      if (complete) order.status = 'filled';
      else this.lock(order, market);
    } else {
      // A market order's unfilled rest (book too thin, or the partial-fill fault) is cancelled.
      order.status = complete && request.fillFraction === undefined ? 'filled' : 'canceled';
    }
    this.orders.push(order);
    return order;
  }

  cancel(order: KitOrder): KitOrder {
    if (order.status !== 'open') throw new AccountRefusal('notOpen', `order ${order.id} is ${order.status}`);
    const market = this.market(order.symbol);
    const asset = order.side === 'buy' ? market.quote : market.base;
    const held = this.locked.get(order.id) ?? new Decimal(0);
    const balance = this.balance(asset);
    balance.locked = balance.locked.minus(held);
    balance.free = balance.free.plus(held);
    this.locked.delete(order.id);
    order.status = 'canceled';
    order.updatedAt = this.options.now();
    return order;
  }

  private check(market: KitMarket, request: OrderRequest): void {
    if (request.amount !== undefined) {
      if (request.amount.lt(market.minAmount))
        throw new AccountRefusal('amountTooSmall', `amount below ${market.minAmount}`);
      if (!request.amount.mod(market.amountStep).isZero())
        throw new AccountRefusal('amountStep', `amount not a multiple of ${market.amountStep}`);
    }
    if (request.price !== undefined && !request.price.mod(market.priceStep).isZero())
      throw new AccountRefusal('priceStep', `price not a multiple of ${market.priceStep}`);
    const reference = request.price ?? new Decimal(market.lastPrice);
    const notional = request.quoteAmount ?? reference.times(request.amount ?? 0);
    if (notional.lt(market.minCost)) throw new AccountRefusal('costTooSmall', `cost below ${market.minCost}`);
  }

  /** The quote a limit buy's unfilled rest will lock (0 for market orders). */
  private restingLock(market: KitMarket, request: OrderRequest, fills: PlannedFill[]): Decimal {
    if (request.type !== 'limit' || !request.amount || !request.price) return new Decimal(0);
    const filled = fills.reduce((sum, f) => sum.plus(f.amount), new Decimal(0));
    const rest = request.amount.minus(filled).times(request.price);
    return this.options.feePolicy === 'quote' ? rest.times(new Decimal(market.takerFee).plus(1)) : rest;
  }

  private fill(order: KitOrder, market: KitMarket, planned: PlannedFill, feeRate: Decimal): void {
    const cost = planned.price.times(planned.amount);
    const received = order.feeAsset === market.base ? planned.amount : cost;
    const feeBase = this.options.feePolicy === 'quote' ? cost : received;
    const fee = roundDecimal(feeBase.times(feeRate), FEE_PLACES, 'ROUND_UP');
    const base = this.balance(market.base);
    const quote = this.balance(market.quote);
    if (order.side === 'buy') {
      quote.free = quote.free.minus(cost);
      base.free = base.free.plus(planned.amount);
    } else {
      base.free = base.free.minus(planned.amount);
      quote.free = quote.free.plus(cost);
    }
    const feeBalance = this.balance(order.feeAsset);
    feeBalance.free = feeBalance.free.minus(fee);
    order.filled = order.filled.plus(planned.amount);
    order.cost = order.cost.plus(cost);
    order.fee = order.fee.plus(fee);
    this.trades.push({
      id: ++this.tradeId,
      orderId: order.id,
      clientId: order.clientId,
      symbol: market.symbol,
      side: order.side,
      price: planned.price,
      amount: planned.amount,
      cost,
      fee,
      feeAsset: order.feeAsset,
      maker: false,
      time: order.createdAt,
    });
  }

  private lock(order: KitOrder, market: KitMarket): void {
    if (!order.amount || !order.price) return;
    const rest = order.amount.minus(order.filled);
    let held = order.side === 'buy' ? rest.times(order.price) : rest;
    if (order.side === 'buy' && this.options.feePolicy === 'quote')
      held = held.times(new Decimal(market.takerFee).plus(1));
    const balance = this.balance(order.side === 'buy' ? market.quote : market.base);
    balance.free = balance.free.minus(held);
    balance.locked = balance.locked.plus(held);
    this.locked.set(order.id, held);
  }
}
