import { describe, expect, it } from 'vitest';
import type { MarketStateValue } from '../../market-state/index.js';
import { EMPTY_ACTIONS } from '../../positions/actions.js';
import { recordDecrease, recordIncrease } from '../record.js';
import { DEFAULT_STRATEGY_CONFIG } from '../templates.js';
import { openPosition, splits } from '../testing.js';
import { buildPlan, type PlanInput } from './build-plan.js';

const HOUR = 3_600_000;
const MINUTE = 60_000;
const strategy = DEFAULT_STRATEGY_CONFIG;
// ascending: −0.2, 0.1, … → 2 needs 0.85 − 0.1 = 0.75; descending: 5, 1.2, … → −2 needs −(1.2 + 0.85) = −2.05
const changes = splits([5, 0.5, 0.3, 0.1, -0.2, 0.9, 1.2, 0.4]);
const windowState = (state: MarketStateValue) => ({ state, splitStates: changes });

const plan = (input: Partial<PlanInput>) =>
  buildPlan({
    position: null,
    windowState: windowState(0),
    strongRequirement: 0.85,
    crashActive: false,
    price: '100000',
    balances: { quote: '1500', base: '0' },
    now: 0,
    strategy,
    ...input,
  });

describe('buildPlan: increase (docs/strategy.md#planner)', () => {
  it.each([
    ['1000', '1500', '0'], // needed 1000, balance 1500 → 0
    ['2000', '1500', '500'], // needed 2000, balance 1500 → 500
  ])('needs %s with %s free: missing %s', (amount, quote, missing) => {
    const result = plan({
      strategy: { ...strategy, increaseAmountQuote: amount },
      balances: { quote, base: '0' },
    });
    expect(result.increase.missingQuote).toBe(missing);
  });

  it('plans an open without a position', () => {
    expect(plan({ now: 7 })).toEqual({
      now: 7,
      increase: {
        enabled: true,
        action: 'open',
        canIncrease: true,
        reason: null,
        time: 7,
        price: '97950', // the window's −2.05 % to state −2: 100000 × 0.9795
        priceChange: -2.05,
        priceSetBy: 'strong-state',
        amountQuote: '100',
        amountBase: '0.001', // 100 ÷ 100000
        missingQuote: '0',
        strongStateChange: -2.05,
      },
      decrease: null,
    });
  });

  it('plans an add at the idle end, at the larger drop of the requirement and the window', () => {
    const actions = recordIncrease(EMPTY_ACTIONS, 'a', 0, strategy);
    const position = openPosition({ entryPrice: '100000', amount: '0.001', actions });
    const result = plan({ position, price: '99000', now: 10 * HOUR });
    // gain −1 %: the requirement asks −3 − (−1) = −2 %; the window asks −2.05 % → the window wins.
    expect(result.increase).toMatchObject({
      action: 'add',
      canIncrease: false,
      reason: 'idle',
      time: 48 * HOUR + 1, // one increase at 0: 48 h × 1, and the gate is strict (now > end)
      price: '96970.5', // 99000 × (1 − 2.05 / 100)
      priceChange: -2.05,
      priceSetBy: 'strong-state',
      amountBase: '0.00101', // 100 ÷ 99000 = 0.0010101… → 5 dp down
    });
  });

  it('applies requirement − gain to the price, as the original (entry 100, price 110, −3 % → 95.70)', () => {
    const position = openPosition({ entryPrice: '100', amount: '1' });
    // The window is already at −2 (no strong-state change): only the requirement asks.
    const result = plan({ position, price: '110', windowState: windowState(-2) });
    expect(result.increase).toMatchObject({
      price: '95.7', // 110 × (1 + (−3 − 10) / 100)
      priceChange: -13,
      priceSetBy: 'requirement',
      strongStateChange: null,
    });
  });

  it('lets the requirement set the price when it asks the larger drop', () => {
    const position = openPosition({ entryPrice: '100000', amount: '0.001' });
    // gain +5 %: the requirement asks −8 %, the window only −2.05 %.
    const result = plan({ position, price: '105000' });
    expect(result.increase).toMatchObject({ price: '96600', priceChange: -8, priceSetBy: 'requirement' });
  });

  it('drops the window constraint while a crash is active', () => {
    const position = openPosition({ entryPrice: '100000', amount: '0.001' });
    const inCrash = plan({ position, price: '99000', crashActive: true });
    expect(inCrash.increase).toMatchObject({ price: '97020', priceChange: -2, priceSetBy: 'requirement' });
    // Gain already under the requirement and a crash active: nothing asks for a lower price.
    const met = plan({ position, price: '96000', crashActive: true });
    expect(met.increase).toMatchObject({ price: null, priceChange: null, priceSetBy: null });
    expect(plan({ crashActive: true }).increase).toMatchObject({ price: null, priceSetBy: null });
  });

  it('never plans "now" while the idle gate holds the add back, even at the exact idle end', () => {
    const position = openPosition({ entryPrice: '100000', amount: '0.001' });
    // Opened at 0 without recorded increases: idle end 48 h; the gate passes only when now > 48 h.
    for (const now of [48 * HOUR - 1, 48 * HOUR, 48 * HOUR + 1]) {
      const { increase } = plan({ position, price: '96000', now });
      const waits = increase.time > now;
      expect({ now, waits, reason: increase.reason }).toEqual({
        now,
        waits: now <= 48 * HOUR,
        reason: now <= 48 * HOUR ? 'idle' : null,
      });
    }
    // At the exact end the add is still held back: the plan names the next millisecond.
    expect(plan({ position, price: '96000', now: 48 * HOUR }).increase.time).toBe(48 * HOUR + 1);
  });

  it('says an add can happen once idle and gain allow it', () => {
    const position = openPosition({ entryPrice: '100000', amount: '0.001' });
    const result = plan({ position, price: '96000', now: 49 * HOUR });
    expect(result.increase).toMatchObject({ canIncrease: true, reason: null, time: 49 * HOUR });
  });
});

describe('buildPlan: decrease (docs/strategy.md#planner)', () => {
  const position = openPosition({ entryPrice: '100000', amount: '0.01' });

  it('plans the first level while the gain is under it', () => {
    const result = plan({
      position,
      price: '101000',
      windowState: windowState(2),
      balances: { quote: '0', base: '0.0002' },
    });
    expect(result.decrease).toEqual({
      enabled: true,
      canDecrease: false,
      reason: 'gain-requirement', // pct(100000, 101000) = 1 < 1.5
      level: 0,
      time: 0,
      price: '101500', // 100000 × 1.015
      priceChange: 0.5, // pct(101000, 101500) = 500 / 101000 × 100 = 0.495… → 0.5
      percentage: 5,
      amountBase: '0.0005', // 5 % of 0.01 (worth 1015 > 30: not whole)
      missingBase: '0.0003', // 0.0005 − 0.0002 free
      levels: [
        { gainRequirement: 1.5, percentage: 5, price: '101500', idleUntil: null },
        { gainRequirement: 3.5, percentage: 10, price: '103500', idleUntil: null },
        { gainRequirement: 5.5, percentage: 17.5, price: '105500', idleUntil: null },
        { gainRequirement: 7.5, percentage: 25, price: '107500', idleUntil: null },
        { gainRequirement: 10, percentage: 35, price: '110000', idleUntil: null },
      ],
      strongStateChange: null, // the window is already in state 2
    });
  });

  it('plans after a level wait, at the current price once above the level', () => {
    const actions = recordDecrease(EMPTY_ACTIONS, 0, 's', 0, strategy);
    const sold = { ...position, actions };
    const result = plan({ position: sold, price: '101600', windowState: windowState(2), now: 60 * MINUTE });
    expect(result.decrease).toMatchObject({
      canDecrease: false,
      reason: 'level-idle',
      level: 0,
      time: 240 * MINUTE + 1, // sold at 0, frequency 240 min; strict gate → the next ms
      price: '101600',
      priceChange: 0,
      missingBase: '0.0005', // nothing free
    });
    expect(result.decrease!.levels[0]!.idleUntil).toBe(240 * MINUTE + 1);
  });

  it('never plans "now" while a level or the global wait holds the sell back', () => {
    const sold = { ...position, actions: recordDecrease(EMPTY_ACTIONS, 0, 's', 0, strategy) };
    const input = { position: sold, price: '101600', windowState: windowState(2 as const) };
    // Level 1's wait ends at 240 min; a sell needs now > 240 min.
    for (const now of [240 * MINUTE, 240 * MINUTE + 1]) {
      const { decrease } = plan({ ...input, balances: { quote: '0', base: '1' }, now });
      expect({ waits: decrease!.time > now, reason: decrease!.reason }).toEqual(
        now === 240 * MINUTE ? { waits: true, reason: 'level-idle' } : { waits: false, reason: null },
      );
      expect(decrease!.levels[0]!.idleUntil).toBe(now === 240 * MINUTE ? 240 * MINUTE + 1 : null);
    }
  });

  it('says a decrease can happen now in state 2 at an active level', () => {
    const result = plan({
      position,
      price: '103600',
      windowState: windowState(2),
      balances: { quote: '0', base: '1' },
    });
    // pct(100000, 103600) = 3.6 ≥ 3.5 → level 1 sells 10 % of 0.01
    expect(result.decrease).toMatchObject({
      canDecrease: true,
      level: 1,
      percentage: 10,
      amountBase: '0.001',
    });
  });

  it('rejects a malformed window state', () => {
    const code = expect.objectContaining({ errorName: 'INVALID_STRATEGY_INPUT' });
    expect(() => plan({ windowState: null as never })).toThrow(code);
    expect(() => plan({ windowState: { state: 7, splitStates: changes } as never })).toThrow(code);
    expect(() => plan({ crashActive: 'yes' as never })).toThrow(code);
  });
});
