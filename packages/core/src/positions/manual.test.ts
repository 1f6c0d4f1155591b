import { describe, expect, it } from 'vitest';
import { buy, sell } from '../strategy/testing.js';
import { validateManualTrades } from './manual.js';

const NOW = 10_000;
const code = (errorName: string) => expect.objectContaining({ errorName });

describe('validateManualTrades (docs/strategy.md#positions)', () => {
  it('accepts a valid active position and returns it sorted', () => {
    const trades = [sell('2', 3000, '110', '0.004'), buy('1', 1000, '100', '0.005')];
    expect(validateManualTrades(trades, NOW, 1000).map((t) => t.id)).toEqual(['1', '2']);
  });

  it('accepts a sell of everything held (amount exactly 0) and a trade at now', () => {
    // 0.005 − 0.005 = 0 ≥ 0
    const trades = [buy('1', 1000, '100', '0.005'), sell('2', NOW, '110', '0.005')];
    expect(validateManualTrades(trades, NOW, 1000)).toHaveLength(2);
  });

  it.each([
    ['no trades', [], 'MANUAL_TRADES_EMPTY'],
    [
      'a sell first',
      [sell('1', 1000, '100', '0.001'), buy('2', 2000, '100', '0.005')],
      'MANUAL_TRADE_FIRST_NOT_BUY',
    ],
    // 0.005 − 0.006 = −0.001 < 0
    [
      'an over-sell',
      [buy('1', 1000, '100', '0.005'), sell('2', 2000, '100', '0.006')],
      'MANUAL_TRADE_NEGATIVE_AMOUNT',
    ],
    // 0.005 − 0.0049999 BTC fee − 0.0000002 = −0.0000001 < 0
    [
      'an over-sell through a BTC fee',
      [buy('1', 1000, '100', '0.005', { commission: '0.0049999' }), sell('2', 2000, '100', '0.0000002')],
      'MANUAL_TRADE_NEGATIVE_AMOUNT',
    ],
    ['a trade before the open', [buy('1', 999, '100', '0.005')], 'MANUAL_TRADE_BEFORE_OPEN'],
    [
      'a trade in the future',
      [buy('1', 1000, '100', '0.005'), buy('2', NOW + 1, '100', '0.005')],
      'MANUAL_TRADE_IN_FUTURE',
    ],
    // entry = 0.001 at 2 dp half up → 0.00
    ['an entry price of 0.00', [buy('1', 1000, '0.001', '0.005')], 'MANUAL_TRADE_INVALID_ENTRY_PRICE'],
    ['a malformed trade', [{ ...buy('1', 1000, '100', '0.005'), side: 'HOLD' }], 'INVALID_TRADE'],
  ])('rejects %s', (_name, trades, errorName) => {
    expect(() => validateManualTrades(trades as never, NOW, 1000)).toThrow(code(errorName));
  });

  it('skips the open check without an open time and rejects a bad now', () => {
    expect(validateManualTrades([buy('1', 5, '100', '0.005')], NOW)).toHaveLength(1);
    expect(() => validateManualTrades([buy('1', 5, '100', '0.005')], Number.NaN)).toThrow(
      code('INVALID_STRATEGY_INPUT'),
    );
  });
});
