import { describe, expect, it } from 'vitest';
import { toDecimal } from '../numbers/decimal.js';
import { quoteAfterBuyFee } from './fee-reserve.js';
import { decideIncrease } from './increase.js';
import { DEFAULT_STRATEGY_CONFIG } from './templates.js';

const strategy = { ...DEFAULT_STRATEGY_CONFIG, increaseAmountQuote: '100' };

describe('quoteAfterBuyFee', () => {
  it('keeps the fee out of the free quote (Kraken 0.26 %), rounding down', () => {
    expect(quoteAfterBuyFee('50', '0.0026')).toBe('49.87033712');
    // Cost plus fee never exceeds the free quote.
    const spend = toDecimal(quoteAfterBuyFee('50', '0.0026'));
    expect(spend.times('1.0026').isLessThanOrEqualTo(50)).toBe(true);
  });

  it('spends the free quote as it is where the fee is charged in BTC (rate 0)', () => {
    expect(quoteAfterBuyFee('50', '0')).toBe('50');
  });

  it('refuses a negative or implausible rate', () => {
    expect(() => quoteAfterBuyFee('50', '-0.001')).toThrow(/fee rate/);
    expect(() => quoteAfterBuyFee('50', '0.5')).toThrow(/fee rate/);
  });
});

describe('a low-balance increase with the fee charged in the quote asset', () => {
  const input = {
    position: null,
    reversalEvent: false,
    price: '30000',
    now: 0,
    strategy,
    manual: true,
  } as const;

  it('buys what free quote minus the fee pays for, so cost + fee fits the balance', () => {
    const free = '50';
    const decision = decideIncrease({
      ...input,
      balances: { quote: quoteAfterBuyFee(free, '0.0026'), base: '0' },
    });
    expect(decision).toMatchObject({ action: 'open', lowBalance: true, amountBase: '0.00166' });
    if (decision.action === 'none') throw new Error('expected a buy');
    const cost = toDecimal(decision.amountBase).times('30000');
    expect(cost.times('1.0026').isLessThanOrEqualTo(free)).toBe(true);
  });

  it('at the edge: the whole free quote buys 0.001 BTC whose fee no longer fits; the reserve buys less', () => {
    const whole = decideIncrease({ ...input, balances: { quote: '30', base: '0' } });
    expect(whole).toMatchObject({ amountBase: '0.001' });
    expect(toDecimal('0.001').times('30000').times('1.0026').isGreaterThan(30)).toBe(true);
    const reserved = decideIncrease({
      ...input,
      balances: { quote: quoteAfterBuyFee('30', '0.0026'), base: '0' },
    });
    expect(reserved).toMatchObject({ amountBase: '0.00099', lowBalance: true });
    expect(toDecimal('0.00099').times('30000').times('1.0026').isLessThanOrEqualTo(30)).toBe(true);
  });
});
