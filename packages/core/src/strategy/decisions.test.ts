import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { actionsOfPlays, heldPosition, randomPlays } from '../testing/held-positions.js';
import { MINUTE, randomPriceTexts, randomStrategies } from '../testing/random-strategies.js';
import { decideDecrease } from './decrease.js';
import { decideIncrease } from './increase.js';
import { referenceDecrease, referenceIncrease } from './test-reference.js';

// Core's decisions (exact scaled integers, fast percentage paths) against the plain decimal
// references of test-reference.ts on random valid states.

/** Amounts of 0–3 BTC with up to 8 decimals. */
const amounts = fc.integer({ min: 0, max: 300_000_000 }).map((sats) => (sats / 1e8).toFixed(8));
const quotes = fc.integer({ min: 0, max: 100_000_000 }).map((cents) => (cents / 100).toFixed(2));

/** Positions opened at 0 with random increases and level sells over the following days. */
const positions = fc.option(
  fc
    .tuple(randomPriceTexts, amounts, randomPlays)
    .map(([entryPrice, amount, plays]) => ({ entryPrice, amount, plays })),
);

describe('decideIncrease and decideDecrease', () => {
  it('decide as the plain decimal rules do on random states (property)', () => {
    fc.assert(
      fc.property(
        randomStrategies,
        positions,
        randomPriceTexts,
        quotes,
        amounts,
        fc.integer({ min: 0, max: 10 * 24 * 60 }),
        (strategy, held, price, quote, base, minutes) => {
          const position =
            held === null
              ? null
              : heldPosition(held.entryPrice, held.amount, actionsOfPlays(strategy, held.plays));
          const input = { position, price, balances: { quote, base }, now: minutes * MINUTE, strategy };
          expect(decideIncrease({ ...input, reversalEvent: true })).toEqual(referenceIncrease(input));
          expect(decideDecrease({ ...input, windowState: 2 })).toEqual(referenceDecrease(input));
        },
      ),
      { numRuns: 2_000 },
    );
  });
});
