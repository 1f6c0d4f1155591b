import {
  decideDecrease,
  decideIncrease,
  fixedText,
  parseStrategyConfig,
  STRATEGY_TEMPLATES,
  type StrategyConfig,
} from '@balancer/core';
import { MINUTE, randomPrices, randomStrategies } from '@balancer/core/testing';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import type { BacktestExchange } from '../exchange/backtest-exchange.js';
import { FastDecisions } from './fast-decisions.js';
import type { PositionBook } from './position-book.js';
import { fills, play } from './test-random-fills.js';

// The backtest's state as FastDecisions hands it to core's decreaseOn / increaseOn, against core's
// decideDecrease / decideIncrease reading the same state from the strings a live tick would hand
// them: a book and an exchange after random buys and sells, at a random close and time. The rules
// themselves are core's, compared with plain decimal references in core (decisions.test.ts).

/** What core's decisions read, as the strings a live tick would hand them. */
function coreInputs(
  book: PositionBook,
  exchange: BacktestExchange,
  close: number,
  now: number,
  strategy: StrategyConfig,
) {
  return { position: book.position, price: String(close), balances: exchange.balances(), now, strategy };
}

/** `fast.decided` holds the decision's amount, exact (null for none). */
function expectDecided(fast: FastDecisions, decision: { action: string; amountBase?: string }): void {
  const exact = fast.decided.amountBase;
  expect(exact === null ? undefined : fixedText(exact)).toBe(
    decision.action === 'none' ? undefined : decision.amountBase,
  );
}

describe('FastDecisions', () => {
  it("decides as core's decideDecrease and decideIncrease on the same state (property)", () => {
    fc.assert(
      fc.property(
        randomStrategies,
        fc.constantFrom('50', '1000', '10000', '123456.78'),
        fills,
        randomPrices,
        fc.integer({ min: 0, max: 5 * 24 * 60 }),
        (strategy, startQuote, plays, close, minutes) => {
          const { exchange, book, time } = play(strategy, startQuote, plays);
          const now = time + minutes * MINUTE;
          const fast = new FastDecisions(strategy);
          const core = coreInputs(book, exchange, close, now, strategy);
          const increase = fast.increase(book, exchange, close, now);
          expect(increase).toEqual(decideIncrease({ ...core, reversalEvent: true }));
          expectDecided(fast, increase);
          if (book.isOpen) {
            const decrease = fast.decrease(book, exchange, close, now);
            expect(decrease).toEqual(decideDecrease({ ...core, windowState: 2 }));
            expectDecided(fast, decrease);
          }
        },
      ),
      { numRuns: 3_000 },
    );
  });

  it('decides on a position core reads without a double (an entry price of more than 15 digits)', () => {
    const strategy = parseStrategyConfig({
      ...STRATEGY_TEMPLATES.EAGER_SCALPER,
      increaseAmountQuote: '100000',
    });
    const { exchange, book, time } = play(strategy, '10000000000000000', [
      { buy: true, price: 12_345_678_901_234.5, share: 50, level: 0, minutes: 1 },
    ]);
    expect(book.entryPrice!.units > 10n ** 15n).toBe(true);
    const now = time + MINUTE;
    const close = 13_345_678_901_234.5;
    const core = coreInputs(book, exchange, close, now, strategy);
    const fast = new FastDecisions(strategy);
    expect(fast.decrease(book, exchange, close, now)).toEqual(decideDecrease({ ...core, windowState: 2 }));
    expect(fast.increase(book, exchange, close, now)).toEqual(
      decideIncrease({ ...core, reversalEvent: true }),
    );
  });
});
