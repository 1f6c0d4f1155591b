import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { Decimal } from '../numbers/decimal.js';
import { STRATEGY_TEMPLATES } from '../strategy/templates.js';
import { buy, sell } from '../strategy/testing.js';
import { EMPTY_ACTIONS } from './actions.js';
import { computePosition } from './compute.js';

/** Property runs are fast (~0.1 s) but get room on a loaded 2-core machine; nothing asserts on time. */
const PROPERTY_TIMEOUT_MS = 30_000;

const strategy = STRATEGY_TEMPLATES.EAGER_SCALPER;

describe('computePosition (docs/strategy.md#positions)', () => {
  it('accounts two buys and a sell with commissions', () => {
    const trades = [
      // Listed out of order on purpose: positions replay by time.
      sell('3', 3000, '110000', '0.001', {
        quoteAmount: '110',
        commission: '0.11',
        commissionAsset: 'QUOTE',
      }),
      buy('1', 1000, '100000', '0.002', {
        quoteAmount: '200',
        commission: '0.000002',
        commissionAsset: 'BASE',
      }),
      buy('2', 2000, '90000', '0.003', {
        quoteAmount: '270',
        commission: '0.000003',
        commissionAsset: 'BASE',
      }),
    ];
    const position = computePosition(trades, '105000', strategy, EMPTY_ACTIONS);
    expect(position).toEqual({
      open: 1000,
      close: null,
      // (100000 × 0.002 + 90000 × 0.003) / (0.002 + 0.003) = 470 / 0.005 = 94000 (buys only, gross)
      entryPrice: '94000',
      // 0.002 − 0.000002 + 0.003 − 0.000003 − 0.001 = 0.003995 BTC
      amount: '0.003995',
      // 0.003995 × 105000 = 419.475 → 419.48 (2 dp half up)
      amountQuote: '419.48',
      // 200 + 270
      amountQuoteIn: '470',
      // 110 − 0.11 commission paid in quote
      amountQuoteOut: '109.89',
      // 419.48 + 109.89 − 470
      pnl: '59.37',
      // pct(470, 419.48 + 109.89 = 529.37) = 59.37 / 470 × 100 = 12.6319… → 12.63
      roi: 12.63,
      // pct(94000, 105000) = 11000 / 94000 × 100 = 11.7021… → 11.7
      gain: 11.7,
      // 94000 × 1.015, × 1.035, × 1.055, × 1.075, × 1.10
      decreasePriceLevels: ['95410', '97290', '99170', '101050', '103400'],
      actions: EMPTY_ACTIONS,
    });
  });

  it('closes on the sell that leaves less than 0.0002 BTC', () => {
    const trades = [
      buy('1', 1000, '50000', '0.01'), // in 500
      sell('2', 2000, '55000', '0.006'), // out 330, 0.004 left
      sell('3', 3000, '60000', '0.0039'), // out 234, 0.0001 left < 0.0002 → closed
    ];
    const position = computePosition(trades, '60000', strategy, EMPTY_ACTIONS);
    expect(position.close).toBe(3000);
    expect(position.amount).toBe('0.0001');
    // 0.0001 × 60000 = 6 still held; pnl = 6 + (330 + 234) − 500 = 70
    expect(position.amountQuote).toBe('6');
    expect(position.pnl).toBe('70');
    // pct(500, 570) = 14
    expect(position.roi).toBe(14);
  });

  it('uses the chosen roundings for awkward numbers', () => {
    const trades = [
      buy('1', 1, '30000.01', '0.00333333', { quoteAmount: '100.00002333' }),
      buy('2', 2, '29000.02', '0.00344827', { quoteAmount: '100.0000896' }),
    ];
    const position = computePosition(trades, '31000.5', strategy, EMPTY_ACTIONS);
    // Σ price × amount = 100.0000233333 + 99.99990896654 = 199.99993229984
    // ÷ (0.00333333 + 0.00344827 = 0.0067816) BTC = 29491.5436… → 29491.54 (2 dp half up)
    const exact = new Decimal('30000.01')
      .times('0.00333333')
      .plus(new Decimal('29000.02').times('0.00344827'));
    expect(position.entryPrice).toBe(
      exact.dividedBy('0.0067816').decimalPlaces(2, Decimal.ROUND_HALF_UP).toFixed(),
    );
    expect(position.entryPrice).toBe('29491.54');
    // 100.00002333 + 100.0000896 = 200.00011293 → 200 at 2 dp
    expect(position.amountQuoteIn).toBe('200');
    // 0.0067816 × 31000.5 = 210.2330 (210.23299…) → 210.23
    expect(position.amountQuote).toBe('210.23');
    expect(position.pnl).toBe('10.23');
    // levels round half up, as the original: 29491.54 × 1.015 = 29933.9131 → 29933.91
    expect(position.decreasePriceLevels[0]).toBe('29933.91');
    // pct(29491.54, 31000.5) = 1508.96 / 29491.54 × 100 = 5.1166… → 5.12
    expect(position.gain).toBe(5.12);
  });

  it('counts a quote-paid buy fee as cost and ignores fees paid in another asset', () => {
    const trades = [
      buy('1', 1, '100000', '0.001', { quoteAmount: '100', commission: '0.1', commissionAsset: 'QUOTE' }),
      buy('2', 2, '100000', '0.001', { quoteAmount: '100', commission: '0.0002', commissionAsset: 'OTHER' }),
    ];
    const position = computePosition(trades, '100000', strategy, EMPTY_ACTIONS);
    // in = 100 + 0.1 + 100; amount = 0.002 (the BNB-like fee is not BTC)
    expect(position.amountQuoteIn).toBe('200.1');
    expect(position.amount).toBe('0.002');
    expect(position.pnl).toBe('-0.1');
  });

  it('gives roi 0 when the buys cost less than 0.005 quote', () => {
    // 0.00000001 BTC × 1 = 0.00000001 quote → in rounds to 0 at 2 dp
    const position = computePosition([buy('1', 1, '1', '0.00000001')], '2', strategy, EMPTY_ACTIONS);
    expect(position.amountQuoteIn).toBe('0');
    expect(position.roi).toBe(0);
    expect(position.gain).toBe(100); // pct(1, 2)
  });

  it('floors an over-sold position at 0 BTC', () => {
    const trades = [buy('1', 1, '100000', '0.001'), sell('2', 2, '100000', '0.0015')];
    const position = computePosition(trades, '100000', strategy, EMPTY_ACTIONS);
    expect(position.amount).toBe('0');
    expect(position.close).toBe(2);
  });

  it('rejects positions that do not start with a buy, bad prices and bad trades', () => {
    const code = (name: string) => expect.objectContaining({ errorName: name });
    expect(() => computePosition([], '1', strategy, EMPTY_ACTIONS)).toThrow(code('POSITION_WITHOUT_BUY'));
    const leadingSell = [sell('1', 1, '100', '0.01'), buy('2', 2, '100', '0.01')];
    expect(() => computePosition(leadingSell, '1', strategy, EMPTY_ACTIONS)).toThrow(
      code('POSITION_WITHOUT_BUY'),
    );
    const trades = [buy('1', 1, '100', '0.01')];
    expect(() => computePosition(trades, '-1', strategy, EMPTY_ACTIONS)).toThrow(
      code('INVALID_STRATEGY_INPUT'),
    );
    expect(() => computePosition(trades, 'NaN', strategy, EMPTY_ACTIONS)).toThrow(
      code('INVALID_STRATEGY_INPUT'),
    );
    expect(() => computePosition([buy('1', 1, '0', '0.01')], '1', strategy, EMPTY_ACTIONS)).toThrow(
      code('INVALID_TRADE'),
    );
    const badActions = { increases: [], decreases: [[]] };
    expect(() => computePosition(trades, '1', strategy, badActions)).toThrow(
      code('INVALID_POSITION_ACTIONS'),
    );
  });

  it('reports a loss that rounds to zero as 0, not −0 (found by the property below)', () => {
    // in = 0.0588809 × 199,999.78 = 11,776.17 (2 dp); the sell of 0.00000016 BTC brings back 0.02
    // and the rest is worth 0.05888074 × 199,999.94 = 11,776.14: roi = pct(11,776.17, 11,776.16)
    // = −0.0000849… %, which rounds to −0.00.
    const trades = [
      buy('0', 0, '199999.78', '0.0588809'),
      sell('1', 1, '123021.24', '0.00000016', { commission: '0.00000000', commissionAsset: 'OTHER' }),
    ];
    const position = computePosition(trades, '199999.94', STRATEGY_TEMPLATES.EAGER_SCALPER, EMPTY_ACTIONS);
    expect(Object.is(position.roi, -0)).toBe(false);
    expect(JSON.parse(JSON.stringify(position))).toEqual(position);
  });

  it(
    'keeps pnl = amountQuote + out − in exactly and JSON round-trips',
    () => {
      const amount = fc
        .integer({ min: 1, max: 10_000_000 })
        .map((n) => new Decimal(n).shiftedBy(-8).toFixed());
      const price = fc
        .integer({ min: 100, max: 20_000_000 })
        .map((n) => new Decimal(n).shiftedBy(-2).toFixed());
      const step = fc.record({
        sell: fc.boolean(),
        amount,
        price,
        fee: fc.constantFrom('BASE', 'QUOTE', 'OTHER'),
      });
      fc.assert(
        fc.property(
          amount,
          price,
          fc.array(step, { maxLength: 8 }),
          price,
          (firstAmount, firstPrice, steps, now) => {
            const trades = [buy('0', 0, firstPrice, firstAmount)];
            steps.forEach((s, i) => {
              const quote = new Decimal(s.price).times(s.amount);
              const fee =
                s.fee === 'QUOTE'
                  ? quote.times('0.001').toFixed(8)
                  : new Decimal(s.amount).times('0.001').toFixed(8);
              const make = s.sell ? sell : buy;
              trades.push(
                make(String(i + 1), i + 1, s.price, s.amount, { commission: fee, commissionAsset: s.fee }),
              );
            });
            const position = computePosition(trades, now, strategy, EMPTY_ACTIONS);
            const sum = new Decimal(position.amountQuote)
              .plus(position.amountQuoteOut)
              .minus(position.amountQuoteIn);
            expect(new Decimal(position.pnl).eq(sum)).toBe(true);
            expect(new Decimal(position.amount).gte(0)).toBe(true);
            expect(JSON.parse(JSON.stringify(position))).toEqual(position);
          },
        ),
      );
    },
    PROPERTY_TIMEOUT_MS,
  );
});
