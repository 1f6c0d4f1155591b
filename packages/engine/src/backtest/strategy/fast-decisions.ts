import {
  activeLevel,
  compare,
  type DecreaseDecision,
  decideDecrease,
  decideIncrease,
  Fixed,
  fixedOf,
  fixedText,
  globalDecreaseIdleEnd,
  type IncreaseDecision,
  increaseIdleEnd,
  levelIdleEnd,
  MIN_ORDER_BASE,
  minus,
  ORDER_BASE_DECIMALS,
  pctNumber,
  quotientDown,
  readsAsDouble,
  roundDown,
  type StrategyConfig,
  times,
  WHOLE_POSITION_SHARE,
} from '@balancer/core';
import type { BacktestExchange } from '../exchange/backtest-exchange.js';
import type { PositionBook } from './position-book.js';

/** Core's quote estimate of an increase: 8 dp, down (strategy/constants.ts). */
const QUOTE_ESTIMATE_DECIMALS = 8;
const MIN_BASE = fixedOf(MIN_ORDER_BASE);
const WHOLE_SHARE = fixedOf(WHOLE_POSITION_SHARE);
const HUNDRED = new Fixed(100n, 0);
/** Decimal's DECIMAL_PLACES: a quotient's decimals. */
const QUOTIENT_PLACES = 40;

const down5 = (value: Fixed): Fixed => roundDown(value, ORDER_BASE_DECIMALS);

/**
 * Core's automatic `decideDecrease` and `decideIncrease` for the backtest's own state, on exact
 * scaled integers: the same steps as core (strategy/decrease.ts, increase.ts, amounts.ts) on the
 * values core would read from the strings — the book's held amount and entry price, the
 * exchange's free balances, the close — without spelling them and reading them back as
 * `Decimal`s. Anything outside the usual case (a price or entry core would not read as a double,
 * no increase amount) goes to core itself with the strings, so every answer is core's; a property
 * test compares the two on random states and the driver test compares whole runs.
 */
export class FastDecisions {
  private readonly amountQuote: Fixed;
  /** Each decrease level's percentage, exact. */
  private readonly percentages: Fixed[];
  /** The amount of the last decision that buys or sells, exact (null after one that does not). */
  amount: Fixed | null = null;

  constructor(private readonly strategy: StrategyConfig) {
    this.amountQuote = fixedOf(strategy.increaseAmountQuote);
    this.percentages = strategy.decreaseLevels.map((level) => fixedOf(level.percentage));
  }

  /** `decideDecrease` at window state 2 with the book's position (which must be open). */
  decrease(book: PositionBook, exchange: BacktestExchange, close: number, now: number): DecreaseDecision {
    const { strategy } = this;
    this.amount = null;
    if (!strategy.canDecrease) return { action: 'none', reason: 'disabled' };
    const price = fixedOf(close);
    const entry = book.entryPrice;
    if (entry === null || !readsAsDouble(entry) || !readsAsDouble(price)) {
      return this.coreDecrease(book, exchange, close, now);
    }
    const level = activeLevel(pctNumber(book.entry, close), strategy);
    if (level < 0) return { action: 'none', reason: 'gain-requirement' };
    const levelEnd = levelIdleEnd(book.actions, level, strategy);
    if (levelEnd !== null && now <= levelEnd) return { action: 'none', reason: 'level-idle' };
    const globalEnd = globalDecreaseIdleEnd(book.actions);
    if (globalEnd !== null && now <= globalEnd) return { action: 'none', reason: 'global-idle' };
    const held = book.heldAmount;
    const desired = this.desiredDecrease(held, this.percentages[level]!, price);
    const capped = compare(desired.amountBase, exchange.freeBase()) > 0;
    const amountBase = down5(capped ? exchange.freeBase() : desired.amountBase);
    if (compare(amountBase, MIN_BASE) < 0) {
      return { action: 'none', reason: capped ? 'insufficient-balance' : 'below-minimum' };
    }
    this.amount = amountBase;
    return {
      action: 'decrease',
      level,
      amountBase: fixedText(amountBase),
      wholePosition: desired.wholePosition,
    };
  }

  /** Core's `desiredDecrease` (amounts.ts). */
  private desiredDecrease(
    held: Fixed,
    percentage: Fixed,
    price: Fixed,
  ): { amountBase: Fixed; wholePosition: boolean } {
    const whole = { amountBase: down5(held), wholePosition: true };
    if (compare(times(held, price), times(this.amountQuote, WHOLE_SHARE)) <= 0) return whole;
    // held × percentage ÷ 100 (Decimal's 40 dp quotient), down to 5 dp, at least the minimum. A
    // product of at most 38 decimals ÷ 100 is exact at 40 dp: the same units, two places right.
    const product = times(held, percentage);
    const share =
      product.scale + 2 <= QUOTIENT_PLACES
        ? down5(new Fixed(product.units, product.scale + 2))
        : quotientDown(product, HUNDRED, ORDER_BASE_DECIMALS);
    const part = compare(share, MIN_BASE) < 0 ? MIN_BASE : share;
    if (compare(minus(held, part), MIN_BASE) < 0) return whole;
    return { amountBase: part, wholePosition: false };
  }

  /** Core's own `decideDecrease` at window state 2, with the strings it reads. */
  coreDecrease(book: PositionBook, exchange: BacktestExchange, close: number, now: number): DecreaseDecision {
    return decideDecrease({ ...this.coreInputs(book, exchange, close, now), windowState: 2 });
  }

  /** Core's own `decideIncrease` on a reversal event, with the strings it reads. */
  coreIncrease(book: PositionBook, exchange: BacktestExchange, close: number, now: number): IncreaseDecision {
    return decideIncrease({ ...this.coreInputs(book, exchange, close, now), reversalEvent: true });
  }

  private coreInputs(book: PositionBook, exchange: BacktestExchange, close: number, now: number) {
    const { strategy } = this;
    return { position: book.position, price: String(close), balances: exchange.balances(), now, strategy };
  }

  /** `decideIncrease` on a reversal event with the book's position (open or not). */
  increase(book: PositionBook, exchange: BacktestExchange, close: number, now: number): IncreaseDecision {
    const { strategy } = this;
    this.amount = null;
    if (!strategy.canIncrease) return { action: 'none', reason: 'disabled' };
    const price = fixedOf(close);
    const entry = book.entryPrice;
    if (!readsAsDouble(price) || (book.isOpen && (entry === null || !readsAsDouble(entry)))) {
      return this.coreIncrease(book, exchange, close, now);
    }
    if (book.isOpen) {
      if (now <= increaseIdleEnd(book.position!, strategy)) return { action: 'none', reason: 'idle' };
      const requirement = strategy.increaseGainRequirement;
      if (requirement !== 0 && pctNumber(book.entry, close) > requirement)
        return { action: 'none', reason: 'gain-requirement' };
    }
    const freeQuote = exchange.freeQuote();
    const lowBalance = compare(freeQuote, this.amountQuote) < 0;
    const amountBase = quotientDown(lowBalance ? freeQuote : this.amountQuote, price, ORDER_BASE_DECIMALS);
    if (compare(amountBase, MIN_BASE) < 0) {
      return { action: 'none', reason: lowBalance ? 'insufficient-balance' : 'below-minimum' };
    }
    this.amount = amountBase;
    return {
      action: book.isOpen ? 'add' : 'open',
      amountBase: fixedText(amountBase),
      quoteEstimate: fixedText(roundDown(times(amountBase, price), QUOTE_ESTIMATE_DECIMALS)),
      lowBalance,
    };
  }
}
