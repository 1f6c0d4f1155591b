import { describe, expect, it } from 'vitest';
import { STRATEGY_TEMPLATES } from '../strategy/templates.js';
import {
  crashIdParamsSchema,
  manualTradeBodySchema,
  manualTradeSchema,
  recordIdParamsSchema,
  strategyUpdateBodySchema,
} from './trading.js';

const trade = { side: 'BUY', time: 1_767_225_600_000, price: '95000.5', amount: '0.00105' };

describe('trading route arguments', () => {
  it('reads record ids from route text', () => {
    expect(recordIdParamsSchema.parse({ id: '42' })).toEqual({ id: 42 });
    for (const id of ['0', '-1', '1.5', '1e3', 'abc', '', ' 7']) {
      expect(recordIdParamsSchema.safeParse({ id }).success, id).toBe(false);
    }
  });

  it('accepts crash ids as the reversal indicator names them', () => {
    expect(crashIdParamsSchema.parse({ id: 'crash-1767225600000' })).toEqual({ id: 'crash-1767225600000' });
    for (const id of ['crash-', 'crash-1a', '1767225600000', 'Crash-1']) {
      expect(crashIdParamsSchema.safeParse({ id }).success, id).toBe(false);
    }
  });

  it('accepts a manual trade with plain decimal strings and optional fee fields', () => {
    expect(manualTradeSchema.parse(trade)).toEqual(trade);
    const full = { ...trade, quoteAmount: '99.75', commission: '0', commissionAsset: 'OTHER' };
    expect(manualTradeBodySchema.parse({ trade: full })).toEqual({ trade: full });
    for (const bad of [
      { ...trade, price: '0' },
      { ...trade, price: '0.000' },
      { ...trade, amount: '-0.1' },
      { ...trade, amount: 0.001 },
      { ...trade, amount: '1e-3' },
      { ...trade, commission: '-1' },
      { ...trade, commissionAsset: 'BTC' },
      { ...trade, side: 'buy' },
      { ...trade, time: 1.5 },
      { ...trade, id: 'x' },
    ]) {
      expect(manualTradeSchema.safeParse(bad).success, JSON.stringify(bad)).toBe(false);
    }
  });

  it('takes a full strategy or a template id for the strategy update', () => {
    const full = { newConfig: STRATEGY_TEMPLATES.SCALPER };
    expect(strategyUpdateBodySchema.parse(full)).toEqual(full);
    expect(strategyUpdateBodySchema.parse({ newConfig: { template: 'SWING_TRADER' } })).toEqual({
      newConfig: { template: 'SWING_TRADER' },
    });
    for (const bad of [
      { newConfig: { template: 'DAY_TRADER' } },
      { newConfig: {} },
      { template: 'SCALPER' },
    ]) {
      expect(strategyUpdateBodySchema.safeParse(bad).success, JSON.stringify(bad)).toBe(false);
    }
  });
});
