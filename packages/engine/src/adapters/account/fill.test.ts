import { Decimal } from '@balancer/core';
import { describe, expect, it } from 'vitest';
import { SIMULATED_RULES } from '../simulator/simulated-exchange.js';
import { errorNameOf } from '../simulator/test-table.js';
import { checkAmount, type FillLevel, planFill } from './fill.js';

const RULES = SIMULATED_RULES;
const FEE = new Decimal('0.001');
const level = (price: string, size: string | null): FillLevel => ({
  price: new Decimal(price),
  size: size === null ? null : new Decimal(size),
});
const asks = [level('100', '0.5'), level('101', '0.25'), level('105', '1')];

describe('planFill', () => {
  it('walks the levels best first, one part per level, each with its own rounded-up fee', () => {
    const plan = planFill(new Decimal('0.8'), asks, RULES, FEE);
    expect(plan.parts.map((p) => [p.price.toFixed(), p.amount.toFixed(), p.quote.toFixed()])).toEqual([
      ['100', '0.5', '50'], // 0.5 · 100
      ['101', '0.25', '25.25'], // 0.25 · 101
      ['105', '0.05', '5.25'], // 0.8 − 0.75 = 0.05 · 105
    ]);
    expect(plan.quote.toFixed()).toBe('80.5'); // 50 + 25.25 + 5.25
    expect(plan.commission.toFixed()).toBe('0.0805'); // 0.05 + 0.02525 + 0.00525
  });

  it('rounds each part’s fee up to 8 dp', () => {
    // 0.00011 · 99999.99 = 10.9999989; fee 0.0109999989 → 0.01100000 (up).
    const plan = planFill(new Decimal('0.00011'), [level('99999.99', null)], RULES, FEE);
    expect(plan.commission.toFixed()).toBe('0.011');
  });

  it('refuses an amount larger than the levels, and a value below the minimum notional', async () => {
    expect(await errorNameOf(() => planFill(new Decimal('1.76'), asks, RULES, FEE))).toBe(
      'EXCHANGE_ORDER_BOOK_TOO_THIN', // the levels hold 0.5 + 0.25 + 1 = 1.75
    );
    // 0.09 · 100 = 9 < 10.
    expect(await errorNameOf(() => planFill(new Decimal('0.09'), asks, RULES, FEE))).toBe(
      'EXCHANGE_ORDER_MIN_NOTIONAL',
    );
    expect(await errorNameOf(() => planFill(new Decimal('0.1'), [], RULES, FEE))).toBe(
      'EXCHANGE_ORDER_BOOK_TOO_THIN',
    );
  });
});

describe('checkAmount', () => {
  it.each([
    ['0.000015', 'EXCHANGE_ORDER_LOT_SIZE'],
    ['0.000001', 'EXCHANGE_ORDER_LOT_SIZE'],
    ['0', 'EXCHANGE_ORDER_INVALID'],
    ['abc', 'EXCHANGE_ORDER_INVALID'],
    ['0.00002', 'none'],
  ])('%s → %s', async (amount, name) => {
    expect(await errorNameOf(() => checkAmount(amount, RULES))).toBe(name);
  });
});
