import {
  decideDecrease,
  decideIncrease,
  parseStrategyConfig,
  STRATEGY_TEMPLATES,
  type StrategyConfig,
} from '@balancer/core';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { BacktestExchange } from '../exchange/backtest-exchange.js';
import { DEFAULT_EXCHANGE_CONFIG } from '../exchange/exchange-config.js';
import { fixedOf, quotientDown, roundDown, times } from '../exchange/fixed.js';
import { FastDecisions } from './fast-decisions.js';
import { PositionBook } from './position-book.js';

// FastDecisions against core's decideDecrease / decideIncrease on the same state: a book and an
// exchange after random buys and sells, at a random close and time. The driver test also compares
// whole runs on the real year with `exhaustive` (core itself).

const MINUTE = 60_000;

const strategies = fc
  .tuple(
    fc.constantFrom(...Object.values(STRATEGY_TEMPLATES)),
    fc.constantFrom('100', '250.5', '1000', '3333.33', '100000'),
    fc.boolean(),
    fc.constantFrom(0, 1, 5),
    fc.constantFrom(true, true, true, false),
    fc.constantFrom(true, true, true, false),
  )
  .map(([template, amount, fixedIdle, gain, canIncrease, canDecrease]) =>
    parseStrategyConfig({
      ...template,
      increaseAmountQuote: amount,
      increaseIdleMode: fixedIdle ? 'fixed' : 'incremental',
      increaseGainRequirement: gain === 0 ? 0 : -gain,
      canIncrease,
      canDecrease,
    }),
  );

/** Prices as candles have them (2 dp) and as arbitrary doubles (core's exact fall-back path). */
const prices = fc.oneof(
  fc.integer({ min: 1_000, max: 15_000_000 }).map((cents) => cents / 100),
  fc.double({ min: 0.5, max: 200_000, noNaN: true }),
);

interface Fill {
  buy: boolean;
  price: number;
  /** Share of what the balance allows, 1–100 %. */
  share: number;
  level: number;
  minutes: number;
}

const fills = fc.array(
  fc.record({
    buy: fc.boolean(),
    price: prices,
    share: fc.integer({ min: 1, max: 100 }),
    level: fc.integer({ min: 0, max: 4 }),
    minutes: fc.integer({ min: 1, max: 3 * 24 * 60 }),
  }),
  { maxLength: 8 },
);

/** Plays the fills on a fresh exchange and book (those the minimums refuse are skipped). */
function play(strategy: StrategyConfig, startQuote: string, plays: Fill[]) {
  const exchange = new BacktestExchange({ quote: startQuote, base: '0' }, DEFAULT_EXCHANGE_CONFIG);
  const book = new PositionBook(strategy);
  let time = Date.UTC(2024, 0, 1);
  for (const fill of plays) {
    time += fill.minutes * MINUTE;
    const price = fixedOf(fill.price);
    const most = fill.buy ? exchange.affordableAmount(price) : exchange.freeBase();
    const amount = roundDown(
      quotientDown(times(most, fixedOf(fill.share)), fixedOf(100), 8),
      DEFAULT_EXCHANGE_CONFIG.lotDecimals,
    );
    if (!exchange.meetsMinimums(amount, price)) continue;
    if (fill.buy) book.onBuy(exchange.marketBuy(amount, price, time), exchange.lastFill!);
    else if (book.isOpen)
      book.onSell(exchange.marketSell(amount, price, time), fill.level, exchange.lastFill!);
  }
  return { exchange, book, time };
}

describe('FastDecisions', () => {
  it("decides as core's decideDecrease and decideIncrease on the same state (property)", () => {
    fc.assert(
      fc.property(
        strategies,
        fc.constantFrom('50', '1000', '10000', '123456.78'),
        fills,
        prices,
        fc.integer({ min: 0, max: 5 * 24 * 60 }),
        (strategy, startQuote, plays, close, minutes) => {
          const { exchange, book, time } = play(strategy, startQuote, plays);
          const now = time + minutes * MINUTE;
          const fast = new FastDecisions(strategy);
          const core = {
            position: book.position,
            price: String(close),
            balances: exchange.balances(),
            now,
            strategy,
          };
          expect(fast.increase(book, exchange, close, now)).toEqual(
            decideIncrease({ ...core, reversalEvent: true }),
          );
          if (book.isOpen) {
            expect(fast.decrease(book, exchange, close, now)).toEqual(
              decideDecrease({ ...core, windowState: 2 }),
            );
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
    const core = {
      position: book.position,
      price: String(close),
      balances: exchange.balances(),
      now,
      strategy,
    };
    const fast = new FastDecisions(strategy);
    expect(fast.decrease(book, exchange, close, now)).toEqual(decideDecrease({ ...core, windowState: 2 }));
    expect(fast.increase(book, exchange, close, now)).toEqual(
      decideIncrease({ ...core, reversalEvent: true }),
    );
  });
});
