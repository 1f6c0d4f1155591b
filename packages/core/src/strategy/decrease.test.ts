import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { Decimal } from '../numbers/decimal.js';
import { EMPTY_ACTIONS } from '../positions/actions.js';
import type { PositionActions } from '../positions/types.js';
import { type DecreaseInput, decideDecrease } from './decrease.js';
import { recordDecrease } from './record.js';
import { DEFAULT_STRATEGY_CONFIG } from './templates.js';
import { openPosition } from './testing.js';

/** Property runs are fast (~0.1 s) but get room on a loaded 2-core machine; nothing asserts on time. */
const PROPERTY_TIMEOUT_MS = 30_000;

const MINUTE = 60_000;
const strategy = DEFAULT_STRATEGY_CONFIG; // levels 1.5/5/240 · 3.5/10/120 · 5.5/17.5/80 · 7.5/25/30 · 10/35/10
const position = openPosition({ entryPrice: '100000', amount: '0.01' });
const balances = { quote: '0', base: '1' };

const decide = (input: Partial<DecreaseInput>) =>
  decideDecrease({ position, windowState: 2, price: '101500', balances, now: 0, strategy, ...input });

/** Actions after sells of `level` at each of `times`. */
function sold(sells: [level: number, time: number][]): PositionActions {
  return sells.reduce(
    (actions, [level, time], i) => recordDecrease(actions, level, `s${i}`, time, strategy),
    EMPTY_ACTIONS,
  );
}

describe('decideDecrease gates (docs/strategy.md#decrease)', () => {
  it('needs canDecrease, an active position and window state 2', () => {
    expect(decide({ strategy: { ...strategy, canDecrease: false } })).toEqual({
      action: 'none',
      reason: 'disabled',
    });
    expect(decide({ position: null })).toEqual({ action: 'none', reason: 'no-position' });
    expect(decide({ position: { ...position, close: 1 } })).toEqual({
      action: 'none',
      reason: 'no-position',
    });
    expect(decide({ windowState: 1 })).toEqual({ action: 'none', reason: 'window-state' });
  });

  it('picks the highest level whose requirement the gain reaches', () => {
    // pct(100000, 101490) = 1.49 < 1.5
    expect(decide({ price: '101490' })).toEqual({ action: 'none', reason: 'gain-requirement' });
    // gain 1.5 → level 0 sells 5 % of 0.01 = 0.0005
    expect(decide({ price: '101500' })).toEqual({
      action: 'decrease',
      level: 0,
      amountBase: '0.0005',
      wholePosition: false,
    });
    // gain 5.5 → level 2 sells 17.5 % of 0.01 = 0.00175
    expect(decide({ price: '105500' })).toMatchObject({ level: 2, amountBase: '0.00175' });
    // gain 12 → level 4 sells 35 % of 0.01 = 0.0035
    expect(decide({ price: '112000' })).toMatchObject({ level: 4, amountBase: '0.0035' });
  });

  it("waits each level's frequency after its own last sell", () => {
    const withSell = { ...position, actions: sold([[0, 0]]) };
    // level 0 sold at 0; frequency 240 minutes; strict, as the original: at 240 min it still waits
    expect(decide({ position: withSell, now: 240 * MINUTE })).toEqual({
      action: 'none',
      reason: 'level-idle',
    });
    expect(decide({ position: withSell, now: 240 * MINUTE + 1 })).toMatchObject({
      action: 'decrease',
      level: 0,
    });
    // level 1 (gain 3.5) never sold: only the 1-minute global wait applies (strictly: after 1 min)
    expect(decide({ position: withSell, price: '103500', now: MINUTE })).toMatchObject({
      reason: 'global-idle',
    });
    expect(decide({ position: withSell, price: '103500', now: MINUTE + 1 })).toMatchObject({ level: 1 });
  });

  it('waits 1 minute after the last automatic sell of any level', () => {
    const withSell = { ...position, actions: sold([[3, 10 * MINUTE]]) };
    // level 4 (gain 10) never sold, but level 3 sold at 10 min
    const atLevel4 = { position: withSell, price: '110000' };
    expect(decide({ ...atLevel4, now: 11 * MINUTE })).toEqual({ action: 'none', reason: 'global-idle' });
    expect(decide({ ...atLevel4, now: 11 * MINUTE + 1 })).toMatchObject({ action: 'decrease', level: 4 });
  });

  it('lets a manual decrease skip the gates', () => {
    const input = {
      windowState: -2 as const,
      price: '90000',
      strategy: { ...strategy, canDecrease: false },
      position: { ...position, actions: sold([[0, 0]]) },
      manualPercentage: 50,
    };
    // 50 % of 0.01
    expect(decide(input)).toEqual({
      action: 'decrease',
      level: -1,
      amountBase: '0.005',
      wholePosition: false,
    });
    expect(decide({ ...input, position: null })).toEqual({ action: 'none', reason: 'no-position' });
  });

  it.each([0.5, 101, Number.NaN])('rejects the manual percentage %s', (manualPercentage) => {
    expect(() => decide({ manualPercentage })).toThrow(
      expect.objectContaining({ errorName: 'INVALID_DECREASE_PERCENTAGE' }),
    );
  });

  it.each([
    ['a negative price', { price: '-5' }],
    ['a bad balance', { balances: { quote: '0', base: 'x' } }],
    ['a bad window state', { windowState: 3 as never }],
    ['a position without an entry price', { position: { ...position, entryPrice: '0' } }],
  ])('rejects %s', (_name, input) => {
    expect(() => decide(input)).toThrow(expect.objectContaining({ errorName: 'INVALID_STRATEGY_INPUT' }));
  });
});

describe('decideDecrease amounts', () => {
  const big = { ...strategy, increaseAmountQuote: '1000' }; // whole-position threshold 30 % × 1000 = 300

  it('sells the whole position when it is worth ≤ 30 % of the increase amount', () => {
    const small = openPosition({ entryPrice: '20000', amount: '0.0147', strategy: big });
    // 0.0147 × 20300 = 298.41 ≤ 300 → whole
    expect(decide({ position: small, price: '20300', strategy: big })).toEqual({
      action: 'decrease',
      level: 0,
      amountBase: '0.0147',
      wholePosition: true,
    });
    const larger = openPosition({ entryPrice: '20000', amount: '0.015', strategy: big });
    // 0.015 × 20300 = 304.5 > 300 → 5 % of 0.015 = 0.00075
    expect(decide({ position: larger, price: '20300', strategy: big })).toMatchObject({
      amountBase: '0.00075',
      wholePosition: false,
    });
  });

  it('sells the whole position when the rest would be under 0.0002 BTC', () => {
    // 99 % of 0.01 = 0.0099 leaves 0.0001 < 0.0002 → all 0.01
    expect(decide({ manualPercentage: 99 })).toMatchObject({ amountBase: '0.01', wholePosition: true });
  });

  it('raises a part under the minimum to 0.0002 BTC', () => {
    const modest = openPosition({ entryPrice: '100000', amount: '0.003' });
    // worth 304.5 > 30; 5 % of 0.003 = 0.00015 → 0.0002, leaving 0.0028
    expect(decide({ position: modest })).toMatchObject({ amountBase: '0.0002', wholePosition: false });
  });

  it('never sells more than the free BTC', () => {
    // wants 0.0005, holds 0.0003 free
    expect(decide({ balances: { quote: '0', base: '0.0003' } })).toMatchObject({ amountBase: '0.0003' });
    expect(decide({ balances: { quote: '0', base: '0.00019' } })).toEqual({
      action: 'none',
      reason: 'insufficient-balance',
    });
  });

  it(
    'never sells more than the free BTC or the position, in orders ≥ 0.0002 with ≤ 5 decimals',
    () => {
      const sats = (min: number, max: number) =>
        fc.integer({ min, max }).map((n) => new Decimal(n).shiftedBy(-8).toFixed());
      const cents = (min: number, max: number) =>
        fc.integer({ min, max }).map((n) => new Decimal(n).shiftedBy(-2).toFixed());
      fc.assert(
        fc.property(
          sats(20_000, 1_000_000_000),
          sats(0, 1_000_000_000),
          cents(100, 50_000_000),
          fc.integer({ min: 1, max: 100 }),
          (amount, freeBase, price, manualPercentage) => {
            const held = openPosition({ entryPrice: '30000', amount, price });
            const input = { position: held, price, balances: { quote: '0', base: freeBase } };
            const decision = decide({ ...input, manualPercentage });
            if (decision.action === 'none') return;
            const sold = new Decimal(decision.amountBase);
            expect(sold.gte('0.0002')).toBe(true);
            expect(sold.decimalPlaces()).toBeLessThanOrEqual(5);
            expect(sold.lte(freeBase)).toBe(true);
            expect(sold.lte(amount)).toBe(true);
          },
        ),
      );
    },
    PROPERTY_TIMEOUT_MS,
  );
});
