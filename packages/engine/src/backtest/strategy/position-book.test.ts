import { computePosition, DEFAULT_STRATEGY_CONFIG, freezeStrategy, type Trade } from '@balancer/core';
import { randomStrategies } from '@balancer/core/testing';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { BacktestExchange } from '../exchange/backtest-exchange.js';
import { PositionBook } from './position-book.js';
import { fills, play } from './test-random-fills.js';

const strategy = freezeStrategy({ ...DEFAULT_STRATEGY_CONFIG, increaseAmountQuote: '1000' });

describe('PositionBook', () => {
  it('holds computePosition of the active trades at the last fill price, after every fill', () => {
    const exchange = new BacktestExchange({ quote: '10000', base: '0' });
    const book = new PositionBook(strategy);
    let active: Trade[] = [];
    // [side, amount, price, decrease level]: open, add, three level sells, then the rest (closes)
    const script: [Trade['side'], string, number, number][] = [
      ['BUY', '0.01', 100_000, -1],
      ['BUY', '0.012', 90_000, -1],
      ['SELL', '0.0011', 97_000, 0],
      ['SELL', '0.00209', 99_000, 1],
      ['SELL', '0.0034', 101_000, 2],
      ['SELL', '0.01541', 102_000, 3], // 0.022 − 0.0011 − 0.00209 − 0.0034 = 0.01541: all of it
    ];
    script.forEach(([side, amount, price, level], i) => {
      const time = (i + 1) * 900_000;
      const trade =
        side === 'BUY' ? exchange.marketBuy(amount, price, time) : exchange.marketSell(amount, price, time);
      if (side === 'BUY') book.onBuy(trade);
      else book.onSell(trade, level);
      active.push(trade);
      const expected = computePosition(active, trade.price, strategy, book.actions);
      if (expected.close !== null) {
        expect(book.position).toBeNull();
        expect(book.entry).toBeNaN();
        active = [];
      } else {
        // Every field of core's position, read through the book's (some are getters).
        const position = book.position!;
        const fields = Object.keys(expected) as (keyof typeof expected)[];
        expect(Object.fromEntries(fields.map((field) => [field, position[field]]))).toEqual(expected);
        expect(book.entry).toBe(Number(expected.entryPrice));
      }
    });
    expect(active).toEqual([]);
    // (100000 × 0.01 + 90000 × 0.012) / 0.022 = 2080 / 0.022 = 94545.4545… → 94545.45
    const [closed] = book.finalPositions('102000');
    expect(closed).toMatchObject({ entryPrice: '94545.45', close: 6 * 900_000, amount: '0' });
  });

  it('computes a sold position only when asked, at the price of that sell', () => {
    const exchange = new BacktestExchange({ quote: '10000', base: '0' });
    const book = new PositionBook(strategy);
    const trades = [exchange.marketBuy('0.01', 100_000, 1), exchange.marketSell('0.001', 103_000, 2)];
    book.onBuy(trades[0]!);
    book.onSell(trades[1]!, 0);
    // 0.01 − 0.001 = 0.009 BTC valued at the sell's 103000: 927
    expect(book.position).toMatchObject({ amount: '0.009', amountQuote: '927' });
    expect(book.position).toBe(book.position); // computed once
  });
});

describe('PositionBook actions', () => {
  it("are what core's recordIncrease / recordDecrease make of the same fills (property)", () => {
    let compared = 0;
    fc.assert(
      fc.property(
        randomStrategies,
        fc.constantFrom('1000', '10000'),
        fills,
        (strategy, startQuote, plays) => {
          const { book, coreActions } = play(strategy, startQuote, plays);
          expect(book.actions).toEqual(coreActions);
          if (book.isOpen) {
            expect(book.position!.actions).toEqual(coreActions);
            compared++;
          }
        },
      ),
      { numRuns: 2_000 },
    );
    expect(compared).toBeGreaterThan(500);
  });
});
