import { Decimal } from '@balancer/core';
import type { CandleTable } from '../../market-data/candle-table.js';
import type {
  ExchangeCandle,
  ExchangeOrderBook,
  ExchangePort,
  ExchangeTicker,
  MarketRules,
  OrderSide,
} from '../../ports/exchange.js';
import { parseFeeRate, parseStartBalances } from '../account/config.js';
import type { FillLevel } from '../account/fill.js';
import type { SimulatedAccountOptions } from '../account/simulated-account.js';
import { SimulatedTrading } from '../account/simulated-trading.js';
import type { AccountStateStore } from '../account-state.js';
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
  /**
   * Where the account (balances, orders, fills) survives a restart: loaded on first use (or
   * `start()`), saved after every order. Without it the account lives in memory only.
   */
  accountStore?: AccountStateStore;
}

/**
 * The simulator adapter of the exchange port: market data from `SimulatedMarket`, a simulated
 * spot account (account/simulated-account.ts). A market order fills completely in one fill at the
 * touch (best ask for a BUY, best bid for a SELL) of the synthetic book, the fee in quote (see
 * account/fill.ts). Orders are idempotent by client order id: a repeated id returns the first
 * order unchanged. A refused order is not recorded (as on Binance), so its id can be used again.
 */
export class SimulatedExchange extends SimulatedTrading implements ExchangePort {
  readonly name = 'simulated (replay of real Binance BTC/USDT candles; synthetic book and altcoins)';
  readonly simulated = true;
  readonly market: SimulatedMarket;
  private readonly options: SimulatedAccountOptions;

  constructor(options: SimulatedExchangeOptions) {
    super(options.now);
    this.market = new SimulatedMarket(options.table, options.market);
    this.options = {
      kind: 'simulator',
      rules: SIMULATED_RULES,
      balances: parseStartBalances(
        options.balances ?? { USDT: '10000', BTC: '0' },
        'EXCHANGE_SIMULATOR_CONFIG_INVALID',
      ),
      feeRate: parseFeeRate(options.feePercent, 'EXCHANGE_SIMULATOR_CONFIG_INVALID'),
      // Fills are stamped in market time, like the candles, so trades sit on the replayed chart.
      now: () => this.marketNow(),
      store: options.accountStore,
    };
  }

  /**
   * The replay's market time now (epoch ms of the replayed candles). The engine running on this
   * exchange should use it as its clock, so that its decisions, trades and candles share one time.
   */
  marketNow(): number {
    return Math.floor(this.market.marketTime(this.now()));
  }

  readonly marketClock = (): number => this.marketNow();

  get simulatedFillFee(): string {
    return this.options.feeRate.toFixed();
  }

  async marketRules(): Promise<MarketRules> {
    this.checkOpen();
    return { ...SIMULATED_RULES };
  }

  async candles(interval: string, limit: number): Promise<ExchangeCandle[]> {
    this.checkOpen();
    return this.market.candles(interval, limit, this.now());
  }

  async orderBook(limit: number): Promise<ExchangeOrderBook> {
    this.checkOpen();
    return this.market.orderBook(limit, this.now());
  }

  async tickers(bases: readonly string[]): Promise<ExchangeTicker[]> {
    this.checkOpen();
    return this.market.tickers(bases, this.now());
  }

  async close(): Promise<void> {
    this.closed = true;
  }

  protected async fillLevels(side: OrderSide): Promise<FillLevel[]> {
    const touch = this.market.touch(this.now());
    return [{ price: new Decimal(side === 'BUY' ? touch.ask : touch.bid), size: null }];
  }

  protected async accountOptions(): Promise<SimulatedAccountOptions> {
    return this.options;
  }
}
