import type { Balances, Trade } from '@balancer/core';
import { CodedError, Decimal, type DecimalInput, roundDecimal, toDecimal } from '@balancer/core';
import { type ExchangeConfig, parseExchangeConfig } from './exchange-config.js';

/**
 * A spot account on a simulated exchange for backtests. Market orders fill completely at the
 * price the caller passes (the backtest driver passes the next candle's open, so a decision
 * never sees the candle it trades on). The fee is `feePercent` of the order's quote value,
 * charged in quote on both sides and rounded up to 8 dp (in the exchange's favour).
 * Invariant: both balances stay ≥ 0; an order that would break it is refused with a coded error
 * and changes nothing. Every fill is recorded as a core `Trade` with decimal strings.
 */
export class BacktestExchange {
  readonly config: ExchangeConfig;
  private quote: Decimal;
  private base: Decimal;
  private readonly feeRate: Decimal;
  /** 1 + feeRate, and the minimums, read once (the same decimals the config strings hold). */
  private readonly feeFactor: Decimal;
  private readonly minOrderBase: Decimal;
  private readonly minNotional: Decimal;
  private readonly fills: Trade[] = [];
  private fees = new Decimal(0);
  /** Σ buy cost with fee − Σ sell proceeds after fee, exact. */
  private invested = new Decimal(0);
  /** Each fill's cash for the investor as a plain number (for the IRR): −cost of a buy, +proceeds of a sell. */
  private readonly cash: number[] = [];
  /** Float copies of the balances, refreshed on every fill, for per-candle equity (not money). */
  quoteValue: number;
  baseValue: number;
  /** The balances as decimal strings, refreshed on every fill (read by every decision). */
  private quoteText: string;
  private baseText: string;

  constructor(balances: Balances, config: Partial<ExchangeConfig> = {}) {
    this.config = parseExchangeConfig(config);
    this.quote = nonNegative(balances.quote, 'quote balance');
    this.base = nonNegative(balances.base, 'base balance');
    this.feeRate = toDecimal(this.config.feePercent).dividedBy(100);
    this.feeFactor = this.feeRate.plus(1);
    this.minOrderBase = toDecimal(this.config.minOrderBase);
    this.minNotional = toDecimal(this.config.minNotional);
    this.quoteText = this.quote.toFixed();
    this.baseText = this.base.toFixed();
    // The double nearest the exact balance, as toNumber() gives it (both read the same decimal).
    this.quoteValue = Number(this.quoteText);
    this.baseValue = Number(this.baseText);
  }

  /** Free balances as decimal strings. */
  balances(): Balances {
    return { quote: this.quoteText, base: this.baseText };
  }

  /** The free quote as a Decimal (immutable; the same value `balances().quote` spells). */
  freeQuote(): Decimal {
    return this.quote;
  }

  /** The free BTC as a Decimal (immutable; the same value `balances().base` spells). */
  freeBase(): Decimal {
    return this.base;
  }

  /** Every fill so far, oldest first. */
  trades(): readonly Trade[] {
    return this.fills;
  }

  /** Net invested so far, exact: Σ buy cost with fee − Σ sell proceeds after fee. */
  netInvested(): Decimal {
    return this.invested;
  }

  /** Each fill's cash flow, oldest first: −(quote + fee) of a buy, +(quote − fee) of a sell. */
  cashFlows(): readonly number[] {
    return this.cash;
  }

  /** Total fees paid, in quote. */
  feesPaid(): string {
    return this.fees.toFixed();
  }

  /** The largest amount (BTC, rounded down to the lot step) that `quote` pays for with its fee at `price`. */
  affordableBase(price: DecimalInput, quote: DecimalInput = this.quote): string {
    return this.affordableAmount(price, quote).toFixed();
  }

  /** `affordableBase` as a Decimal. */
  affordableAmount(price: DecimalInput, quote: DecimalInput = this.quote): Decimal {
    const cost = positive(price, 'price').times(this.feeFactor);
    return roundDecimal(toDecimal(quote).dividedBy(cost), this.config.lotDecimals, 'ROUND_DOWN');
  }

  /** True when an order of `amountBase` at `price` passes the lot step and both minimums. */
  meetsMinimums(amountBase: DecimalInput, price: DecimalInput): boolean {
    const amount = toDecimal(amountBase);
    return (
      amount.isGreaterThan(0) &&
      onLotStep(amount, this.config.lotDecimals) &&
      !amount.isLessThan(this.minOrderBase) &&
      !amount.times(price).isLessThan(this.minNotional)
    );
  }

  /** Buys `amountBase` BTC at `price`; pays amount × price plus the fee from the quote balance. */
  marketBuy(amountBase: DecimalInput, price: DecimalInput, time: number): Trade {
    const { amount, fill, quoteAmount, commission } = this.order(amountBase, price);
    const cost = quoteAmount.plus(commission);
    if (cost.isGreaterThan(this.quote)) {
      throw new CodedError(
        'BACKTEST_INSUFFICIENT_BALANCE',
        `buy costs ${cost.toFixed()} quote, ${this.quote.toFixed()} free`,
      );
    }
    this.quote = this.quote.minus(cost);
    this.base = this.base.plus(amount);
    this.invested = this.invested.plus(cost);
    this.cash.push(-cost.toNumber());
    return this.record('BUY', time, fill, amount, quoteAmount, commission);
  }

  /** Sells `amountBase` BTC at `price`; receives amount × price minus the fee. */
  marketSell(amountBase: DecimalInput, price: DecimalInput, time: number): Trade {
    const { amount, fill, quoteAmount, commission } = this.order(amountBase, price);
    if (amount.isGreaterThan(this.base)) {
      throw new CodedError(
        'BACKTEST_INSUFFICIENT_BALANCE',
        `sell of ${amount.toFixed()} BTC, ${this.base.toFixed()} free`,
      );
    }
    const proceeds = quoteAmount.minus(commission);
    this.base = this.base.minus(amount);
    this.quote = this.quote.plus(proceeds);
    this.invested = this.invested.minus(proceeds);
    this.cash.push(proceeds.toNumber());
    return this.record('SELL', time, fill, amount, quoteAmount, commission);
  }

  /** Checks an order against the lot step and minimums and prices it. */
  private order(amountBase: DecimalInput, price: DecimalInput) {
    const amount = positive(amountBase, 'amount');
    const fill = positive(price, 'price');
    if (!onLotStep(amount, this.config.lotDecimals)) {
      throw new CodedError(
        'BACKTEST_INVALID_ORDER',
        `amount ${amount.toFixed()} is not a multiple of the lot step`,
      );
    }
    const quoteAmount = amount.times(fill);
    if (amount.isLessThan(this.minOrderBase) || quoteAmount.isLessThan(this.minNotional)) {
      throw new CodedError(
        'BACKTEST_ORDER_BELOW_MINIMUM',
        `${amount.toFixed()} BTC worth ${quoteAmount.toFixed()} quote (minimums ${this.config.minOrderBase} BTC, ${this.config.minNotional} quote)`,
      );
    }
    const commission = roundDecimal(quoteAmount.times(this.feeRate), 8, 'ROUND_UP');
    return { amount, fill, quoteAmount, commission };
  }

  private record(
    side: Trade['side'],
    time: number,
    price: Decimal,
    amount: Decimal,
    quoteAmount: Decimal,
    commission: Decimal,
  ): Trade {
    this.fees = this.fees.plus(commission);
    this.quoteText = this.quote.toFixed();
    this.baseText = this.base.toFixed();
    // The double nearest the exact balance, as toNumber() gives it (both read the same decimal).
    this.quoteValue = Number(this.quoteText);
    this.baseValue = Number(this.baseText);
    const trade: Trade = {
      id: `bt-${this.fills.length + 1}`,
      side,
      time,
      price: price.toFixed(),
      amount: amount.toFixed(),
      quoteAmount: quoteAmount.toFixed(),
      commission: commission.toFixed(),
      commissionAsset: 'QUOTE',
    };
    this.fills.push(trade);
    return trade;
  }
}

/** Whether a (finite) amount is a multiple of the lot step 10^-lotDecimals: no more decimals than that. */
function onLotStep(amount: Decimal, lotDecimals: number): boolean {
  return (amount.decimalPlaces() ?? 0) <= lotDecimals;
}

function positive(value: DecimalInput, what: string): Decimal {
  const decimal = toDecimal(value);
  if (!decimal.isGreaterThan(0))
    throw new CodedError('BACKTEST_INVALID_ORDER', `${what} ${decimal.toFixed()} must be greater than 0`);
  return decimal;
}

function nonNegative(value: DecimalInput, what: string): Decimal {
  const decimal = toDecimal(value);
  if (decimal.isNegative())
    throw new CodedError('BACKTEST_INVALID_EXCHANGE_CONFIG', `${what} must not be negative`);
  return decimal;
}
