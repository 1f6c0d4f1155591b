import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { Decimal, pctChange } from '../numbers/decimal.js';
import { EMPTY_ACTIONS } from '../positions/actions.js';
import { actionsOfPlays, heldPosition, randomPlays } from '../testing/held-positions.js';
import { MINUTE, randomPriceTexts, randomStrategies } from '../testing/random-strategies.js';
import { activeLevel, decideDecrease } from './decrease.js';
import { DECREASE_FILTER_GAIN_MARGIN, mayDecrease } from './decrease-filter.js';
import { appendDecrease, copyActions } from './record.js';
import { DEFAULT_STRATEGY_CONFIG } from './templates.js';
import { levelIdleEnd } from './timing.js';

// The backtest asks decideDecrease only where mayDecrease says true, so the filter must never say
// false where core would sell. Random states, with prices and times drawn at the rule's edges: a
// gain within ±0.015 % of a level's requirement, a time within 1 ms of a level's wait.

/** A price: random, or one whose gain on `entry` is a level's requirement + `offset` (1e-5 %). */
const priceChoices = fc.oneof(
  randomPriceTexts.map((price) => ({ price, level: null, offset: 0, decimals: 0 })),
  fc.record({
    price: fc.constant(''),
    level: fc.integer({ min: 0, max: 4 }),
    offset: fc.integer({ min: -1_500, max: 1_500 }),
    decimals: fc.integer({ min: 2, max: 12 }),
  }),
);

/** A time: random, or 1 ms around the wait end of the level the gain reaches (when it sold before). */
const timeChoices = fc.oneof(
  fc.integer({ min: 0, max: 40_000 }).map((minutes) => ({ minutes, atWaitEnd: false, offset: 0 })),
  fc.integer({ min: -1, max: 1 }).map((offset) => ({ minutes: 0, atWaitEnd: true, offset })),
);

describe('mayDecrease', () => {
  it('never says false where decideDecrease sells (property, at the edges of the gain and the wait)', () => {
    const seen = { sells: 0, sellsAtGainEdge: 0, sellsAtWaitEdge: 0, filtered: 0 };
    fc.assert(
      fc.property(
        randomStrategies,
        randomPriceTexts,
        randomPlays,
        priceChoices,
        timeChoices,
        (drawn, entry, played, priceChoice, timeChoice) => {
          const strategy = { ...drawn, canDecrease: true };
          const actions = actionsOfPlays(strategy, played);
          let price = priceChoice.price;
          if (priceChoice.level !== null) {
            const gain = new Decimal(strategy.decreaseLevels[priceChoice.level]!.gainRequirement).plus(
              new Decimal(priceChoice.offset).div(100_000),
            );
            price = new Decimal(entry)
              .times(gain.div(100).plus(1))
              .decimalPlaces(priceChoice.decimals, Decimal.ROUND_HALF_UP)
              .toFixed();
            if (!new Decimal(price).gt(0)) return;
          }
          let now = timeChoice.minutes * MINUTE;
          if (timeChoice.atWaitEnd) {
            const level = activeLevel(pctChange(entry, price), strategy);
            const end = level < 0 ? null : levelIdleEnd(actions, level, strategy);
            if (end !== null) now = end + timeChoice.offset;
          }
          const decision = decideDecrease({
            position: heldPosition(entry, '1.00000000', actions),
            windowState: 2,
            price,
            balances: { quote: '0', base: '1' },
            now,
            strategy,
          });
          const passes = mayDecrease(Number(entry), Number(price), now, actions, strategy);
          if (!passes) seen.filtered++;
          if (decision.action !== 'decrease') return;
          seen.sells++;
          const requirement = strategy.decreaseLevels[decision.level]!.gainRequirement;
          if (Math.abs(pctChange(entry, price, 6) - requirement) <= DECREASE_FILTER_GAIN_MARGIN)
            seen.sellsAtGainEdge++;
          if (now === (levelIdleEnd(actions, decision.level, strategy) ?? Number.NaN) + 1)
            seen.sellsAtWaitEdge++;
          expect(passes, `${decision.level} at ${price} on ${entry}, now ${now}`).toBe(true);
        },
      ),
      { numRuns: 3_000 },
    );
    // The draws reach what the property is about: sells at both edges, and states the filter skips.
    expect(seen.sells).toBeGreaterThan(300);
    expect(seen.sellsAtGainEdge).toBeGreaterThan(100);
    expect(seen.sellsAtWaitEdge).toBeGreaterThan(20);
    expect(seen.filtered).toBeGreaterThan(300);
  });

  it("keeps a sell whose gain only core's 2 dp rounding lifts to the requirement", () => {
    const strategy = { ...DEFAULT_STRATEGY_CONFIG, canDecrease: true };
    const requirement = strategy.decreaseLevels[0]!.gainRequirement;
    const price = new Decimal(100).plus(requirement).minus('0.005').toFixed();
    const input = {
      position: heldPosition('100', '1.00000000', EMPTY_ACTIONS),
      windowState: 2 as const,
      price,
      balances: { quote: '0', base: '1' },
      now: MINUTE,
      strategy,
    };
    expect(decideDecrease(input)).toMatchObject({ action: 'decrease', level: 0 });
    expect(mayDecrease(100, Number(price), MINUTE, EMPTY_ACTIONS, strategy)).toBe(true);
    // Beyond the rounding and the margin, nothing sells and the filter says so.
    const below = new Decimal(100).plus(requirement).minus('0.02').toFixed();
    expect(decideDecrease({ ...input, price: below })).toMatchObject({
      action: 'none',
      reason: 'gain-requirement',
    });
    expect(mayDecrease(100, Number(below), MINUTE, EMPTY_ACTIONS, strategy)).toBe(false);
  });

  it('says false while every level the gain may reach is waiting, true once one is free', () => {
    const strategy = { ...DEFAULT_STRATEGY_CONFIG, canDecrease: true };
    const actions = copyActions(EMPTY_ACTIONS);
    appendDecrease(actions, 0, 't0', MINUTE, strategy);
    const end = levelIdleEnd(actions, 0, strategy)!;
    const price = String(100 + strategy.decreaseLevels[0]!.gainRequirement + 0.1);
    expect(mayDecrease(100, Number(price), end, actions, strategy)).toBe(false);
    expect(mayDecrease(100, Number(price), end + 1, actions, strategy)).toBe(true);
  });
});
