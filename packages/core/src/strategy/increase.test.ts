import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { Decimal } from '../numbers/decimal.js';
import { EMPTY_ACTIONS } from '../positions/actions.js';
import type { Position } from '../positions/types.js';
import type { StrategyConfig } from './config.js';
import { decideIncrease, type IncreaseInput } from './increase.js';
import { recordIncrease } from './record.js';
import { DEFAULT_STRATEGY_CONFIG } from './templates.js';
import { openPosition } from './testing.js';

/** Property runs are fast (~0.1 s) but get room on a loaded 2-core machine; nothing asserts on time. */
const PROPERTY_TIMEOUT_MS = 30_000;

const HOUR = 3_600_000;
const strategy = DEFAULT_STRATEGY_CONFIG; // 100 quote, −3 %, 48 h incremental
const rich = { quote: '10000', base: '0' };

/** A position opened at 0 by one recorded increase at entry 100000. */
function positionWith(increaseTimes: number[], config: StrategyConfig = strategy): Position {
  let actions = EMPTY_ACTIONS;
  increaseTimes.forEach((time, i) => {
    actions = recordIncrease(actions, `tx${i}`, time, config);
  });
  return openPosition({ entryPrice: '100000', amount: '0.001', actions, strategy: config });
}

const decide = (input: Partial<IncreaseInput>) =>
  decideIncrease({
    position: null,
    reversalEvent: true,
    price: '100000',
    balances: rich,
    now: 0,
    strategy,
    ...input,
  });

describe('decideIncrease gates (docs/strategy.md#increase)', () => {
  it('opens on a reversal event when no position is active', () => {
    // 100 ÷ 100000 = 0.001 BTC; estimate 0.001 × 100000 = 100
    expect(decide({})).toEqual({
      action: 'open',
      amountBase: '0.001',
      quoteEstimate: '100',
      lowBalance: false,
    });
  });

  it('needs a reversal event and canIncrease', () => {
    expect(decide({ reversalEvent: false })).toEqual({ action: 'none', reason: 'no-reversal-event' });
    expect(decide({ strategy: { ...strategy, canIncrease: false } })).toEqual({
      action: 'none',
      reason: 'disabled',
    });
  });

  it('treats a closed position as none', () => {
    const closed = { ...positionWith([0]), close: 5 };
    expect(decide({ position: closed, now: 10 })).toMatchObject({ action: 'open' });
  });

  it('refuses an add during the idle time and allows it once it has passed', () => {
    const position = positionWith([0]);
    // 97000 is −3 % from 100000: the gain gate passes; one increase so far → wait 48 h × 1.
    // Strict, as the original: at exactly the idle end it still waits; a ms later it adds.
    expect(decide({ position, price: '97000', now: 48 * HOUR })).toEqual({
      action: 'none',
      reason: 'idle',
    });
    expect(decide({ position, price: '97000', now: 48 * HOUR + 1 })).toMatchObject({ action: 'add' });
  });

  it('refuses an add while the gain is above the requirement', () => {
    const position = positionWith([0]);
    const now = 48 * HOUR + 1;
    // pct(100000, 97010) = −2.99 > −3
    expect(decide({ position, price: '97010', now })).toEqual({ action: 'none', reason: 'gain-requirement' });
    // pct(100000, 97000) = −3 ≤ −3; 100 ÷ 97000 = 0.00103092… → 0.00103; 0.00103 × 97000 = 99.91
    expect(decide({ position, price: '97000', now })).toEqual({
      action: 'add',
      amountBase: '0.00103',
      quoteEstimate: '99.91',
      lowBalance: false,
    });
  });

  it('skips the gain check when the requirement is 0', () => {
    const config = { ...strategy, increaseGainRequirement: 0 };
    const position = positionWith([0], config);
    // +20 % would fail any negative requirement
    expect(decide({ position, price: '120000', now: 48 * HOUR + 1, strategy: config })).toMatchObject({
      action: 'add',
    });
  });

  it('grows the idle time with the number of increases in incremental mode', () => {
    // increases at 0 and 48 h: the second sets a wait of 48 h × 2 = 96 h → next at 144 h
    const position = positionWith([0, 48 * HOUR]);
    expect(decide({ position, price: '97000', now: 144 * HOUR })).toEqual({
      action: 'none',
      reason: 'idle',
    });
    expect(decide({ position, price: '97000', now: 144 * HOUR + 1 })).toMatchObject({ action: 'add' });
  });

  it('keeps the idle time constant in fixed mode', () => {
    const config: StrategyConfig = { ...strategy, increaseIdleMode: 'fixed' };
    // increases at 0 and 48 h: wait 48 h → next at 96 h
    const position = positionWith([0, 48 * HOUR], config);
    expect(decide({ position, price: '97000', now: 96 * HOUR, strategy: config })).toMatchObject({
      reason: 'idle',
    });
    expect(decide({ position, price: '97000', now: 96 * HOUR + 1, strategy: config })).toMatchObject({
      action: 'add',
    });
  });

  it('counts the open as the one increase when none was recorded', () => {
    const position = openPosition({ entryPrice: '100000', amount: '0.001', open: 10 * HOUR });
    // idle end = open 10 h + 48 h
    expect(decide({ position, price: '97000', now: 58 * HOUR })).toMatchObject({ reason: 'idle' });
    expect(decide({ position, price: '97000', now: 58 * HOUR + 1 })).toMatchObject({ action: 'add' });
  });

  it('lets a manual increase skip every gate', () => {
    const position = positionWith([0]);
    const disabled = { ...strategy, canIncrease: false };
    const input = {
      position,
      reversalEvent: false,
      price: '120000',
      now: 1,
      strategy: disabled,
      manual: true,
    };
    // 100 ÷ 120000 = 0.000833… → 0.00083; 0.00083 × 120000 = 99.6
    expect(decide(input)).toEqual({
      action: 'add',
      amountBase: '0.00083',
      quoteEstimate: '99.6',
      lowBalance: false,
    });
  });
});

describe('decideIncrease amounts', () => {
  it('spends the whole free quote when it is short but buys ≥ 0.0002 BTC', () => {
    // 50 ÷ 100000 = 0.0005 BTC
    const decision = decide({ balances: { quote: '50', base: '0' } });
    expect(decision).toEqual({ action: 'open', amountBase: '0.0005', quoteEstimate: '50', lowBalance: true });
  });

  it('buys nothing when the free quote buys less than 0.0002 BTC', () => {
    // 19.99 ÷ 100000 = 0.0001999 → 0.00019 < 0.0002
    expect(decide({ balances: { quote: '19.99', base: '0' } })).toEqual({
      action: 'none',
      reason: 'insufficient-balance',
    });
  });

  it('never returns an order under the minimum, even with enough quote', () => {
    // 100 ÷ 600000 = 0.000166… → 0.00016 < 0.0002
    expect(decide({ price: '600000' })).toEqual({ action: 'none', reason: 'below-minimum' });
  });

  it('rounds the BTC amount down to 5 dp', () => {
    // 100 ÷ 97123.45 = 0.00102961… → 0.00102; 0.00102 × 97123.45 = 99.065919
    expect(decide({ price: '97123.45' })).toMatchObject({
      amountBase: '0.00102',
      quoteEstimate: '99.065919',
    });
  });

  it.each([
    ['a negative price', { price: '-1' }],
    ['a zero price', { price: '0' }],
    ['a NaN price', { price: 'NaN' }],
    ['a negative balance', { balances: { quote: '-1', base: '0' } }],
    ['a missing balance', { balances: { quote: '10' } as never }],
    ['a negative time', { now: -1 }],
  ])('rejects %s', (_name, input) => {
    expect(() => decide(input)).toThrow(expect.objectContaining({ errorName: 'INVALID_STRATEGY_INPUT' }));
  });

  it('rejects a bad strategy', () => {
    const bad = { ...strategy, increaseIdleDuration: 0 };
    expect(() => decide({ strategy: bad })).toThrow(
      expect.objectContaining({ errorName: 'INVALID_STRATEGY_CONFIG' }),
    );
  });

  it(
    'never spends more than the free quote and orders ≥ 0.0002 BTC with ≤ 5 decimals',
    () => {
      const cents = (min: number, max: number) =>
        fc.integer({ min, max }).map((n) => new Decimal(n).shiftedBy(-2).toFixed());
      fc.assert(
        fc.property(
          cents(100, 100_000_000),
          cents(10_000, 100_000),
          cents(0, 1_000_000),
          (price, amount, quote) => {
            const config = { ...strategy, increaseAmountQuote: amount };
            const decision = decide({
              price,
              balances: { quote, base: '0' },
              strategy: config,
              manual: true,
            });
            if (decision.action === 'none') return;
            const base = new Decimal(decision.amountBase);
            expect(base.gte('0.0002')).toBe(true);
            expect(base.decimalPlaces()).toBeLessThanOrEqual(5);
            expect(base.times(price).lte(quote)).toBe(true);
            expect(new Decimal(decision.quoteEstimate).lte(quote)).toBe(true);
            expect(base.times(price).lte(amount)).toBe(true);
          },
        ),
      );
    },
    PROPERTY_TIMEOUT_MS,
  );
});
