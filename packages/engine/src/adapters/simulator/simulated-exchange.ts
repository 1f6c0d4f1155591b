import { CodedError, Decimal, toNonNegativeDecimal } from '@balancer/core';
import type { CandleTable } from '../../market-data/candle-table.js';
import type {
  ExchangeBalances,
  ExchangeCandle,
  ExchangeOrder,
  ExchangeOrderBook,
  ExchangePort,
  ExchangeTicker,
  ExchangeTrade,
  MarketRules,
  OrderSide,
} from '../../ports/exchange.js';
import { bookFill, type Ledger, planFill } from './fill.js';
import { SimulatedMarket } from './market.js';

/** The market rules of the simulated BTC/USDT market (Binance's LOT_SIZE and NOTIONAL). */
export const SIMULATED_RULES: MarketRules = {
  symbol: 'BTCUSDT',
  base: 'BTC',
  quote: 'USDT',
  amountStep: '0.00001',
  minAmount: '0.00001',
  minNotional: '10',
};

/** Binance's rule for client order ids: 1–36 of these characters. */
const CLIENT_ORDER_ID = /^[.A-Z:/a-z0-9_-]{1,36}$/;

/** Options of the adapter; `market` is the SimulatedMarket config (speed, startTime, wallStart, seed). */
export interface SimulatedExchangeOptions {
  table: CandleTable;
  market: unknown;
  /** Injected clock, epoch ms (tests drive virtual time through it). */
  now: () => number;
  /** Starting free balances, decimal strings; default 10,000 USDT and 0 BTC. */
  balances?: Record<string, string>;
  /** Fee as a percentage of the quote value; default '0.1'. */
  feePercent?: string;
}

/**
 * The simulator adapter of the exchange port: market data from `SimulatedMarket`, an in-memory
 * spot account. A market order fills completely in one fill at the touch (best ask for a BUY,
 * best bid for a SELL) of the synthetic book, the fee in quote (see fill.ts). Orders are
 * idempotent by client order id: a repeated id returns the first order unchanged. A refused
 * order is not recorded (as on Binance), so its id can be used again.
 */
export class SimulatedExchange implements ExchangePort {
  readonly name = 'simulated (replay of real Binance BTC/USDT candles; synthetic book and altcoins)';
  readonly simulated = true;
  readonly market: SimulatedMarket;
  private readonly now: () => number;
  private readonly ledger: Ledger;
  private readonly feeRate: Decimal;
  private readonly orders = new Map<string, ExchangeOrder>();
  private readonly fills: ExchangeTrade[] = [];
  private closed = false;

  constructor(options: SimulatedExchangeOptions) {
    this.market = new SimulatedMarket(options.table, options.market);
    this.now = options.now;
    this.ledger = {};
    for (const [asset, amount] of Object.entries(options.balances ?? { USDT: '10000', BTC: '0' })) {
      this.ledger[asset] = configDecimal(amount, `balance ${asset}`);
    }
    const fee = configDecimal(options.feePercent ?? '0.1', 'feePercent');
    if (fee.isGreaterThanOrEqualTo(100)) {
      throw new CodedError('EXCHANGE_SIMULATOR_CONFIG_INVALID', 'feePercent: must be below 100');
    }
    this.feeRate = fee.dividedBy(100);
  }

  async marketRules(): Promise<MarketRules> {
    this.open();
    return { ...SIMULATED_RULES };
  }

  async candles(interval: string, limit: number): Promise<ExchangeCandle[]> {
    this.open();
    return this.market.candles(interval, limit, this.now());
  }

  async orderBook(limit: number): Promise<ExchangeOrderBook> {
    this.open();
    return this.market.orderBook(limit, this.now());
  }

  async tickers(bases: readonly string[]): Promise<ExchangeTicker[]> {
    this.open();
    return this.market.tickers(bases, this.now());
  }

  async balances(): Promise<ExchangeBalances> {
    this.open();
    const free: Record<string, string> = {};
    for (const [asset, amount] of Object.entries(this.ledger)) free[asset] = amount.toFixed();
    return { free, time: this.now() };
  }

  async marketOrder(side: OrderSide, amount: string, clientOrderId: string): Promise<ExchangeOrder> {
    this.open();
    if (typeof clientOrderId !== 'string' || !CLIENT_ORDER_ID.test(clientOrderId)) {
      throw new CodedError('EXCHANGE_ORDER_INVALID', `client order id ${String(clientOrderId)}`);
    }
    const existing = this.orders.get(clientOrderId);
    if (existing) return structuredClone(existing);
    if (side !== 'BUY' && side !== 'SELL')
      throw new CodedError('EXCHANGE_ORDER_INVALID', `side ${String(side)}`);
    const time = this.now();
    const touch = this.market.touch(time);
    const plan = planFill(
      amount,
      new Decimal(side === 'BUY' ? touch.ask : touch.bid),
      SIMULATED_RULES,
      this.feeRate,
    );
    bookFill(this.ledger, side, plan, SIMULATED_RULES);
    const sequence = this.orders.size + 1;
    const fill = {
      id: `sim-trade-${sequence}`,
      price: plan.price.toFixed(),
      amount: plan.amount.toFixed(),
      quoteAmount: plan.quote.toFixed(),
      commission: plan.commission.toFixed(),
      commissionAsset: SIMULATED_RULES.quote,
      time,
    };
    const order: ExchangeOrder = {
      exchangeOrderId: `sim-order-${sequence}`,
      clientOrderId,
      side,
      status: 'FILLED',
      amount: fill.amount,
      filled: fill.amount,
      quoteFilled: fill.quoteAmount,
      fills: [fill],
      time,
    };
    this.orders.set(clientOrderId, order);
    this.fills.push({ ...fill, side, orderId: order.exchangeOrderId, clientOrderId });
    return structuredClone(order);
  }

  async orderByClientId(clientOrderId: string): Promise<ExchangeOrder | null> {
    this.open();
    const order = this.orders.get(clientOrderId);
    return order ? structuredClone(order) : null;
  }

  async trades(since: number): Promise<ExchangeTrade[]> {
    this.open();
    if (!Number.isFinite(since)) throw new CodedError('EXCHANGE_REQUEST_INVALID', `since ${since}`);
    return this.fills.filter((trade) => trade.time >= since).map((trade) => ({ ...trade }));
  }

  async close(): Promise<void> {
    this.closed = true;
  }

  private open(): void {
    if (this.closed) throw new CodedError('EXCHANGE_CLOSED', this.name);
  }
}

function configDecimal(value: string, field: string): Decimal {
  try {
    if (typeof value !== 'string') throw new Error('not a string');
    return toNonNegativeDecimal(value);
  } catch {
    throw new CodedError(
      'EXCHANGE_SIMULATOR_CONFIG_INVALID',
      `${field}: ${String(value)} is not a decimal ≥ 0`,
    );
  }
}
