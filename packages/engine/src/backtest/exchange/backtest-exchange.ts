import type { Balances, Trade, TradeAmounts } from '@balancer/core';
import {
  CodedError,
  compare,
  Decimal,
  type DecimalInput,
  Fixed,
  fixedOf,
  fixedText,
  fixedToNumber,
  hasAtMostDecimals,
  minus,
  plus,
  quotientDown,
  roundUp,
  times,
  toDecimal,
} from '@balancer/core';
import { type ExchangeConfig, parseExchangeConfig } from './exchange-config.js';

/** An amount or price: a decimal input, or an exact `Fixed` (the backtest's own loops pass these). */
export type ExchangeInput = DecimalInput | Fixed;

/** A fill's amounts, exact: what its trade's strings spell. */
/** A fill's amounts, exact: what core's position ledger adds (`addParsedTrade`). */
export type FillParts = TradeAmounts;

/**
 * A spot account on a simulated exchange for backtests. Market orders fill completely at the
 * price the caller passes (the backtest driver passes the next candle's open, so a decision
 * never sees the candle it trades on). The fee is `feePercent` of the order's quote value,
 * charged in quote on both sides and rounded up to 8 dp (in the exchange's favour).
 * Invariant: both balances stay ≥ 0; an order that would break it is refused with a coded error
 * and changes nothing. Every fill is recorded as a core `Trade` with decimal strings.
 * Money is exact: scaled integers (`Fixed`, fixed.ts) with the Decimal roundings named where they
 * happen; strings only for the fills and the balances the decisions read.
 */
export class BacktestExchange {
  readonly config: ExchangeConfig;
  private quote: Fixed;
  private base: Fixed;
  private readonly feeRate: Fixed;
  /** 1 + feeRate, and the minimums, read once (the same decimals the config strings hold). */
  private readonly feeFactor: Fixed;
  private readonly minOrderBase: Fixed;
  private readonly minNotional: Fixed;
  private readonly fills: Trade[] = [];
  /** The latest fill's amounts (null before the first). */
  lastFill: FillParts | null = null;
  private fees = new Fixed(0n, 0);
  /** Σ buy cost with fee − Σ sell proceeds after fee, exact. */
  private invested = new Fixed(0n, 0);
  /** Each fill's cash for the investor as a plain number (for the IRR): −cost of a buy, +proceeds of a sell. */
  private readonly cash: number[] = [];
  /** Float copies of the balances, refreshed on every fill, for per-candle equity (not money). */
  quoteValue: number;
  baseValue: number;
  /** The balances as decimal strings, spelled when first asked for after a fill (null: not yet). */
  private quoteText: string | null = null;
  private baseText: string | null = null;

  constructor(balances: Balances, config: Partial<ExchangeConfig> = {}) {
    this.config = parseExchangeConfig(config);
    this.quote = nonNegative(balances.quote, 'quote balance');
    this.base = nonNegative(balances.base, 'base balance');
    const feePercent = fixedOf(this.config.feePercent);
    // feePercent / 100, exactly: the same units two places further right.
    this.feeRate = new Fixed(feePercent.units, feePercent.scale + 2);
    this.feeFactor = plus(this.feeRate, new Fixed(1n, 0));
    this.minOrderBase = fixedOf(this.config.minOrderBase);
    this.minNotional = fixedOf(this.config.minNotional);
    // The double nearest the exact balance, as toNumber() gives it (both read the same decimal).
    this.quoteValue = fixedToNumber(this.quote);
    this.baseValue = fixedToNumber(this.base);
  }

  /** Free balances as decimal strings. */
  balances(): Balances {
    this.quoteText ??= fixedText(this.quote);
    this.baseText ??= fixedText(this.base);
    return { quote: this.quoteText, base: this.baseText };
  }

  /** The free quote, exact (the same value `balances().quote` spells). */
  freeQuote(): Fixed {
    return this.quote;
  }

  /** The free BTC, exact (the same value `balances().base` spells). */
  freeBase(): Fixed {
    return this.base;
  }

  /** Every fill so far, oldest first. */
  trades(): readonly Trade[] {
    return this.fills;
  }

  /** Net invested so far, exact: Σ buy cost with fee − Σ sell proceeds after fee. */
  netInvested(): Decimal {
    return new Decimal(fixedText(this.invested));
  }

  /** Each fill's cash flow, oldest first: −(quote + fee) of a buy, +(quote − fee) of a sell. */
  cashFlows(): readonly number[] {
    return this.cash;
  }

  /** Total fees paid, in quote. */
  feesPaid(): string {
    return fixedText(this.fees);
  }

  /** The largest amount (BTC, rounded down to the lot step) that `quote` pays for with its fee at `price`. */
  affordableBase(price: ExchangeInput, quote: ExchangeInput = this.quote): string {
    return fixedText(this.affordableAmount(price, quote));
  }

  /** `affordableBase`, exact. */
  affordableAmount(price: ExchangeInput, quote: ExchangeInput = this.quote): Fixed {
    const fill = positive(price, 'price');
    const budget = fixedOf(quote);
    const { lotDecimals } = this.config;
    let amount = quotientDown(budget, times(fill, this.feeFactor), lotDecimals);
    // amount × price × (1 + fee) ≤ budget, but the fee is rounded up to 8 dp, which can cost up
    // to 10^-8 more (a budget within that of the exact cost): then one lot less.
    const lot = new Fixed(1n, lotDecimals);
    while (amount.units > 0n && compare(this.costOf(amount, fill), budget) > 0) amount = minus(amount, lot);
    return amount;
  }

  /** What a buy of `amount` at `price` takes from the quote balance: amount × price plus the fee. */
  private costOf(amount: Fixed, price: Fixed): Fixed {
    const quoteAmount = times(amount, price);
    return plus(quoteAmount, this.commissionOn(quoteAmount));
  }

  /** The fee on an order worth `quoteAmount`, rounded up to 8 dp. */
  private commissionOn(quoteAmount: Fixed): Fixed {
    return roundUp(times(quoteAmount, this.feeRate), 8);
  }

  /** The BTC that `value` quote buys at `price` before the fee, rounded down to the lot step. */
  baseWorth(value: ExchangeInput, price: ExchangeInput): Fixed {
    return quotientDown(fixedOf(value), positive(price, 'price'), this.config.lotDecimals);
  }

  /** True when an order of `amountBase` at `price` passes the lot step and both minimums. */
  meetsMinimums(amountBase: ExchangeInput, price: ExchangeInput): boolean {
    const amount = fixedOf(amountBase);
    return (
      amount.units > 0n &&
      hasAtMostDecimals(amount, this.config.lotDecimals) &&
      compare(amount, this.minOrderBase) >= 0 &&
      compare(times(amount, fixedOf(price)), this.minNotional) >= 0
    );
  }

  /** Buys `amountBase` BTC at `price`; pays amount × price plus the fee from the quote balance. */
  marketBuy(amountBase: ExchangeInput, price: ExchangeInput, time: number): Trade {
    const { amount, fill, quoteAmount, commission } = this.order(amountBase, price);
    const cost = plus(quoteAmount, commission);
    if (compare(cost, this.quote) > 0) {
      throw new CodedError(
        'BACKTEST_INSUFFICIENT_BALANCE',
        `buy costs ${fixedText(cost)} quote, ${fixedText(this.quote)} free`,
      );
    }
    this.quote = minus(this.quote, cost);
    this.base = plus(this.base, amount);
    this.invested = plus(this.invested, cost);
    this.cash.push(-fixedToNumber(cost));
    return this.record('BUY', time, fill, amount, quoteAmount, commission);
  }

  /** Sells `amountBase` BTC at `price`; receives amount × price minus the fee. */
  marketSell(amountBase: ExchangeInput, price: ExchangeInput, time: number): Trade {
    const { amount, fill, quoteAmount, commission } = this.order(amountBase, price);
    if (compare(amount, this.base) > 0) {
      throw new CodedError(
        'BACKTEST_INSUFFICIENT_BALANCE',
        `sell of ${fixedText(amount)} BTC, ${fixedText(this.base)} free`,
      );
    }
    const proceeds = minus(quoteAmount, commission);
    this.base = minus(this.base, amount);
    this.quote = plus(this.quote, proceeds);
    this.invested = minus(this.invested, proceeds);
    this.cash.push(fixedToNumber(proceeds));
    return this.record('SELL', time, fill, amount, quoteAmount, commission);
  }

  /** Checks an order against the lot step and minimums and prices it. */
  private order(amountBase: ExchangeInput, price: ExchangeInput) {
    const amount = positive(amountBase, 'amount');
    const fill = positive(price, 'price');
    if (!hasAtMostDecimals(amount, this.config.lotDecimals)) {
      throw new CodedError(
        'BACKTEST_INVALID_ORDER',
        `amount ${fixedText(amount)} is not a multiple of the lot step`,
      );
    }
    const quoteAmount = times(amount, fill);
    if (compare(amount, this.minOrderBase) < 0 || compare(quoteAmount, this.minNotional) < 0) {
      throw new CodedError(
        'BACKTEST_ORDER_BELOW_MINIMUM',
        `${fixedText(amount)} BTC worth ${fixedText(quoteAmount)} quote (minimums ${this.config.minOrderBase} BTC, ${this.config.minNotional} quote)`,
      );
    }
    const commission = this.commissionOn(quoteAmount);
    return { amount, fill, quoteAmount, commission };
  }

  private record(
    side: Trade['side'],
    time: number,
    price: Fixed,
    amount: Fixed,
    quoteAmount: Fixed,
    commission: Fixed,
  ): Trade {
    this.fees = plus(this.fees, commission);
    this.lastFill = { price, amount, quoteAmount, commission };
    this.quoteText = null;
    this.baseText = null;
    // The double nearest the exact balance, as toNumber() gives it (both read the same decimal).
    this.quoteValue = fixedToNumber(this.quote);
    this.baseValue = fixedToNumber(this.base);
    const trade: Trade = {
      id: `bt-${this.fills.length + 1}`,
      side,
      time,
      price: fixedText(price),
      amount: fixedText(amount),
      quoteAmount: fixedText(quoteAmount),
      commission: fixedText(commission),
      commissionAsset: 'QUOTE',
    };
    this.fills.push(trade);
    return trade;
  }
}

function positive(value: ExchangeInput, what: string): Fixed {
  const exact = fixedOf(value);
  if (exact.units <= 0n)
    throw new CodedError('BACKTEST_INVALID_ORDER', `${what} ${fixedText(exact)} must be greater than 0`);
  return exact;
}

function nonNegative(value: DecimalInput, what: string): Fixed {
  const decimal = toDecimal(value);
  if (decimal.isNegative())
    throw new CodedError('BACKTEST_INVALID_EXCHANGE_CONFIG', `${what} must not be negative`);
  return fixedOf(decimal);
}
