import { positionFromLedger } from '@balancer/core';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { positionOfFills } from './fill-position.js';
import { fills, play, prices, strategies } from './test-random-fills.js';

describe('positionOfFills', () => {
  it("gives core's positionFromLedger of the same sums, field for field (property)", () => {
    let compared = 0;
    fc.assert(
      fc.property(
        strategies,
        fc.constantFrom('50', '1000', '10000', '123456.78'),
        fills,
        fc.oneof(prices.map(String), fc.constantFrom('0', '-5', 'x')),
        (strategy, startQuote, plays, price) => {
          const { ledger, book } = play(strategy, startQuote, plays);
          if (ledger.first === null) return;
          const actions = book.actions;
          let expected: unknown;
          try {
            expected = positionFromLedger(ledger, price, strategy, actions);
          } catch (error) {
            expect(() => positionOfFills(ledger, price, strategy, actions)).toThrow((error as Error).message);
            return;
          }
          expect(positionOfFills(ledger, price, strategy, actions)).toEqual(expected);
          compared++;
        },
      ),
      { numRuns: 3_000 },
    );
    expect(compared).toBeGreaterThan(1_000);
  });
});
