import { CodedError, STRATEGY_TEMPLATES } from '@balancer/core';
import { describe, expect, it } from 'vitest';
import { templateOptions } from './inputs.js';

const invalid = (detail: string) => new CodedError('BACKTEST_INVALID_FLAG', detail);

describe('templateOptions', () => {
  it("builds a template's options with the increase amount advised for the cash, fee and period", () => {
    const { options, strategy } = templateOptions(
      { template: 'SCALPER', startQuote: '5000', feePercent: '0.2', fromMs: 1_000, toMs: 2_000 },
      invalid,
    );
    expect(strategy).toEqual({ ...STRATEGY_TEMPLATES.SCALPER, increaseAmountQuote: '500' });
    expect(options).toMatchObject({ startQuote: '5000', strategy, fromMs: 1_000, toMs: 2_000 });
    expect(options.exchange.feePercent).toBe('0.2');
  });

  it('takes the default template without one, and refuses an unknown one with the caller’s error', () => {
    expect(templateOptions({ startQuote: '10000', feePercent: '0.1' }, invalid).strategy).toMatchObject({
      ...STRATEGY_TEMPLATES.EAGER_SCALPER,
      increaseAmountQuote: '1000',
    });
    expect(() =>
      templateOptions({ template: 'NOPE', startQuote: '10000', feePercent: '0.1' }, invalid),
    ).toThrow(expect.objectContaining({ errorName: 'BACKTEST_INVALID_FLAG' }));
  });
});
