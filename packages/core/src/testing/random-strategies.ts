import fc from 'fast-check';
import { parseStrategyConfig } from '../strategy/config.js';
import { STRATEGY_TEMPLATES } from '../strategy/templates.js';

// Random inputs for the property tests of the trading rules, core's and the backtest's alike
// (exported to other packages' tests as `@balancer/core/testing`).

export const MINUTE = 60_000;

/** Valid strategies: every template, with other amounts, idle modes, gain requirements and switches. */
export const randomStrategies = fc
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
export const randomPrices = fc.oneof(
  fc.integer({ min: 1_000, max: 15_000_000 }).map((cents) => cents / 100),
  fc.double({ min: 0.5, max: 200_000, noNaN: true }),
);

/** Price texts: `randomPrices` spelt as strings, and prices of more than 15 digits. */
export const randomPriceTexts = fc.oneof(
  randomPrices.map(String),
  fc.bigInt({ min: 10n ** 15n, max: 10n ** 18n }).map((units) => `${units / 100n}.${units % 100n}`),
);
