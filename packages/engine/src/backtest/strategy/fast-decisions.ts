import {
  type DecidedAmount,
  type DecisionState,
  type DecreaseDecision,
  decideDecrease,
  decideIncrease,
  decreaseOn,
  fixedOf,
  type IncreaseDecision,
  increaseOn,
  type StrategyConfig,
} from '@balancer/core';
import type { BacktestExchange } from '../exchange/backtest-exchange.js';
import type { PositionBook } from './position-book.js';

/**
 * Core's automatic decisions on the backtest's own state: core's `decreaseOn` / `increaseOn` (the
 * one implementation of each rule, which `decideDecrease` / `decideIncrease` call after reading
 * their strings) on the exact values the book and the exchange hold — the position's open time,
 * entry price, held amount, actions and global decrease wait, the free balances, the close — without spelling them as
 * strings and reading them back. `coreDecrease` / `coreIncrease` take the string path instead
 * (the driver's `exhaustive` runs); fast-decisions.test.ts holds the two equal on random states.
 */
export class FastDecisions {
  /** The exact amount of the last decision that buys or sells (null after one that does not). */
  readonly decided: DecidedAmount = { amountBase: null };

  constructor(private readonly strategy: StrategyConfig) {}

  private state(book: PositionBook, exchange: BacktestExchange, close: number, now: number): DecisionState {
    return {
      position: book.isOpen
        ? {
            open: book.openTime,
            entryPrice: book.entryPrice!,
            amount: book.heldAmount,
            actions: book.actions,
            decreaseIdleEnd: book.decreaseIdleEnd,
          }
        : null,
      price: fixedOf(close),
      freeQuote: exchange.freeQuote(),
      freeBase: exchange.freeBase(),
      now,
      strategy: this.strategy,
    };
  }

  /** `decideDecrease` at window state 2 with the book's position. */
  decrease(book: PositionBook, exchange: BacktestExchange, close: number, now: number): DecreaseDecision {
    return decreaseOn(this.state(book, exchange, close, now), 2, null, this.decided);
  }

  /** `decideIncrease` on a reversal event with the book's position (open or not). */
  increase(book: PositionBook, exchange: BacktestExchange, close: number, now: number): IncreaseDecision {
    return increaseOn(this.state(book, exchange, close, now), true, false, this.decided);
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
}
