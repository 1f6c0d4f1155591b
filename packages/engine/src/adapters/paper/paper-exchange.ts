import { Decimal } from '@balancer/core';
import type {
  ExchangeCandle,
  ExchangeOrderBook,
  ExchangePort,
  ExchangeTicker,
  MarketDataPort,
  MarketRules,
  OrderSide,
} from '../../ports/exchange.js';
import { parseFeeRate, parseStartBalances } from '../account/config.js';
import type { FillLevel } from '../account/fill.js';
import type { SimulatedAccountOptions } from '../account/simulated-account.js';
import { SimulatedTrading } from '../account/simulated-trading.js';
import type { AccountStateStore } from '../account-state.js';

/** Levels per side fetched to fill a paper order (Binance serves 100 for the lightest weight). */
const FILL_DEPTH = 100;

export interface PaperExchangeOptions {
  /** Live market data, e.g. the ccxt adapter without keys; closed with the paper exchange. */
  data: MarketDataPort & { close?(): Promise<void> };
  /** Shown in `name`: 'paper on <venue> (simulated fills)'; default the data port's name. */
  venue?: string;
  /** Clock, epoch ms: order and balance times. */
  now?: () => number;
  /** Starting free balances; default 10,000 of the quote asset and 0 of the base. */
  balances?: Record<string, string>;
  /** Fee as a percentage of the quote value, charged in quote; default '0.1'. */
  feePercent?: string;
  /** Where the paper account survives restarts (see AccountStateStore). */
  accountStore?: AccountStateStore;
}

/**
 * Paper trading: live market data from any MarketDataPort, fills simulated against the live
 * book. A market order walks the current levels best first (asks for a BUY, bids for a SELL),
 * one fill per level taken, each charged the fee in the quote asset (rounded up to 8 dp); it
 * obeys the market's real rules (LOT_SIZE, NOTIONAL) with the simulator's refusals, and an order
 * larger than the first 100 levels is refused (EXCHANGE_ORDER_BOOK_TOO_THIN) rather than
 * guessed. The account is the simulator's (account/simulated-account.ts): idempotent by client
 * order id, persisted through the AccountStateStore. Nothing here ever sends an order anywhere.
 */
export class PaperExchange extends SimulatedTrading implements ExchangePort {
  readonly name: string;
  readonly simulated = true;
  private readonly data: PaperExchangeOptions['data'];
  private readonly feeRate: Decimal;
  private readonly options: PaperExchangeOptions;

  constructor(options: PaperExchangeOptions) {
    super(options.now ?? Date.now);
    this.options = options;
    this.data = options.data;
    this.name = `paper on ${options.venue ?? options.data.name} (simulated fills)`;
    this.feeRate = parseFeeRate(options.feePercent, 'EXCHANGE_CONFIG_INVALID');
    if (options.balances) parseStartBalances(options.balances, 'EXCHANGE_CONFIG_INVALID');
  }

  get simulatedFillFee(): string {
    return this.feeRate.toFixed();
  }

  marketRules(): Promise<MarketRules> {
    this.checkOpen();
    return this.data.marketRules();
  }

  candles(interval: string, limit: number): Promise<ExchangeCandle[]> {
    this.checkOpen();
    return this.data.candles(interval, limit);
  }

  orderBook(limit: number): Promise<ExchangeOrderBook> {
    this.checkOpen();
    return this.data.orderBook(limit);
  }

  tickers(bases: readonly string[]): Promise<ExchangeTicker[]> {
    this.checkOpen();
    return this.data.tickers(bases);
  }

  async close(): Promise<void> {
    if (this.closed) return;
    this.closed = true;
    await this.data.close?.();
  }

  protected async fillLevels(side: OrderSide): Promise<FillLevel[]> {
    const book = await this.data.orderBook(FILL_DEPTH);
    const levels = side === 'BUY' ? book.asks : book.bids;
    return levels.map(([price, size]) => ({ price: new Decimal(price), size: new Decimal(size) }));
  }

  /** The account trades the data port's market; default balances in its assets. */
  protected async accountOptions(): Promise<SimulatedAccountOptions> {
    const rules = await this.data.marketRules();
    const balances = this.options.balances ?? { [rules.quote]: '10000', [rules.base]: '0' };
    return {
      kind: 'paper',
      rules,
      balances: parseStartBalances(balances, 'EXCHANGE_CONFIG_INVALID'),
      feeRate: this.feeRate,
      now: this.now,
      store: this.options.accountStore,
    };
  }
}
