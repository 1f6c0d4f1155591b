import { Decimal, isCodedError } from '@balancer/core';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { BacktestExchange } from './backtest-exchange.js';

function codeOf(run: () => unknown): string {
  try {
    run();
  } catch (error) {
    if (isCodedError(error)) return error.errorName;
    throw error;
  }
  return 'no error';
}

describe('BacktestExchange', () => {
  it('charges 0.1 % of the quote value on a buy and records a decimal trade', () => {
    const exchange = new BacktestExchange({ quote: '1000', base: '0' });
    const trade = exchange.marketBuy('0.01', '50000', 1000);
    // 0.01 × 50000 = 500 quote; fee 500 × 0.001 = 0.5; quote 1000 − 500.5 = 499.5.
    expect(trade).toEqual({
      id: 'bt-1',
      side: 'BUY',
      time: 1000,
      price: '50000',
      amount: '0.01',
      quoteAmount: '500',
      commission: '0.5',
      commissionAsset: 'QUOTE',
    });
    expect(exchange.balances()).toEqual({ quote: '499.5', base: '0.01' });
  });

  it('charges the fee on a sell from the proceeds', () => {
    const exchange = new BacktestExchange({ quote: '0', base: '0.5' }, { feePercent: '0.2' });
    exchange.marketSell('0.12345', '20000.5', 7);
    // 0.12345 × 20000.5 = 2469.061725; fee × 0.002 = 4.93812345 → 8 dp up = 4.93812345;
    // quote = 2469.061725 − 4.93812345 = 2464.12360155; base 0.5 − 0.12345 = 0.37655.
    expect(exchange.balances()).toEqual({ quote: '2464.12360155', base: '0.37655' });
    expect(exchange.feesPaid()).toBe('4.93812345');
  });

  it('rounds the fee up to 8 dp', () => {
    const exchange = new BacktestExchange({ quote: '100', base: '0' });
    exchange.marketBuy('0.00033', '33333.33', 0);
    // 0.00033 × 33333.33 = 10.9999989; fee 0.0109999989 → up to 8 dp = 0.01100000.
    expect(exchange.trades()[0]!.commission).toBe('0.011');
  });

  it('refuses orders under 0.0002 BTC or 10 quote, and off the 0.00001 lot step', () => {
    const exchange = new BacktestExchange({ quote: '1000', base: '1' });
    expect(codeOf(() => exchange.marketBuy('0.00019', '100000', 0))).toBe('BACKTEST_ORDER_BELOW_MINIMUM');
    // 0.0002 × 40000 = 8 quote < 10.
    expect(codeOf(() => exchange.marketSell('0.0002', '40000', 0))).toBe('BACKTEST_ORDER_BELOW_MINIMUM');
    expect(codeOf(() => exchange.marketBuy('0.000201', '100000', 0))).toBe('BACKTEST_INVALID_ORDER');
    expect(codeOf(() => exchange.marketBuy('0', '100000', 0))).toBe('BACKTEST_INVALID_ORDER');
    expect(codeOf(() => exchange.marketBuy('0.001', '-5', 0))).toBe('BACKTEST_INVALID_ORDER');
    expect(codeOf(() => exchange.marketBuy('0.001', 'NaN', 0))).toBe('INVALID_VALUE');
    expect(exchange.trades()).toHaveLength(0);
  });

  it("checks the lot step by the amount's decimals, trailing zeros and all lot sizes included", () => {
    const exchange = new BacktestExchange({ quote: '1000', base: '1' });
    expect(exchange.meetsMinimums('0.00100', 100_000)).toBe(true); // 3 decimals once read
    expect(exchange.meetsMinimums('0.00021', 100_000)).toBe(true); // exactly 5 dp
    expect(exchange.meetsMinimums('0.000211', 100_000)).toBe(false); // 6 dp
    expect(exchange.meetsMinimums('0.00020999999999999999999', 100_000)).toBe(false);
    const whole = new BacktestExchange(
      { quote: '1000000', base: '10' },
      { lotDecimals: 0, minOrderBase: '1' },
    );
    expect(whole.meetsMinimums('3', 100)).toBe(true);
    expect(whole.meetsMinimums('3.5', 100)).toBe(false);
    expect(codeOf(() => whole.marketBuy('1.5', '100', 0))).toBe('BACKTEST_INVALID_ORDER');
    expect(whole.marketBuy('2', '100', 0).amount).toBe('2');
  });

  it("keeps float copies of the balances equal to the decimals' toNumber", () => {
    const exchange = new BacktestExchange({ quote: '1000', base: '0' });
    // 0.00333 × 30000.01 = 99.9000333; fee 0.0999000333 → 0.09990004 (8 dp up); cost 99.99993334
    exchange.marketBuy('0.00333', '30000.01', 0);
    const { quote, base } = exchange.balances();
    expect(exchange.quoteValue).toBe(new Decimal(quote).toNumber());
    expect(exchange.baseValue).toBe(new Decimal(base).toNumber());
    expect(quote).toBe('900.00006666'); // 1000 − 99.99993334
  });

  it('refuses what the balances cannot cover, including the fee, and changes nothing', () => {
    const exchange = new BacktestExchange({ quote: '500', base: '0.001' });
    // 0.01 × 50000 = 500, + fee 0.5 = 500.5 > 500.
    expect(codeOf(() => exchange.marketBuy('0.01', '50000', 0))).toBe('BACKTEST_INSUFFICIENT_BALANCE');
    expect(codeOf(() => exchange.marketSell('0.00101', '50000', 0))).toBe('BACKTEST_INSUFFICIENT_BALANCE');
    expect(exchange.balances()).toEqual({ quote: '500', base: '0.001' });
  });

  it('keeps the affordable amount within the balance when the fee rounds up past it', () => {
    // 0.12345 × 12345.67 = 1524.0729615, fee 1.5240729615 (cost 1525.5970344615 before rounding),
    // rounded up to 1.52407297: a balance 10^-10 over the exact cost does not pay it.
    const exchange = new BacktestExchange({ quote: '1525.5970344616', base: '0' });
    expect(exchange.affordableBase('12345.67')).toBe('0.12344');
    exchange.marketBuy(exchange.affordableBase('12345.67'), '12345.67', 0);
    expect(Number(exchange.balances().quote)).toBeGreaterThan(0);
  });

  it('tells the largest affordable amount with the fee', () => {
    const exchange = new BacktestExchange({ quote: '500', base: '0' });
    // 500 / (50000 × 1.001) = 0.0099900… → 5 dp down = 0.00999.
    expect(exchange.affordableBase('50000')).toBe('0.00999');
    exchange.marketBuy(exchange.affordableBase('50000'), '50000', 0);
    // 0.00999 × 50000 = 499.5; fee 0.4995; left 500 − 499.9995 = 0.0005.
    expect(exchange.balances().quote).toBe('0.0005');
  });

  it("keeps the net invested exactly and each fill's cash flow", () => {
    const exchange = new BacktestExchange({ quote: '1000', base: '0' });
    exchange.marketBuy('0.01', '50000', 1);
    exchange.marketSell('0.004', new Decimal('60000.01'), 2);
    // Buy: 500 + 0.5 fee out. Sell: 0.004 × 60000.01 = 240.00004, fee 0.24000004 → 239.76003996 in.
    expect(exchange.cashFlows()).toEqual([-500.5, 239.76003996]);
    expect(exchange.netInvested().toFixed()).toBe('260.73996004');
  });

  it('rejects a bad configuration or negative starting balance', () => {
    expect(codeOf(() => new BacktestExchange({ quote: '1', base: '0' }, { feePercent: '-1' }))).toBe(
      'BACKTEST_INVALID_EXCHANGE_CONFIG',
    );
    expect(codeOf(() => new BacktestExchange({ quote: '1', base: '0' }, { feePercent: '11' }))).toBe(
      'BACKTEST_INVALID_EXCHANGE_CONFIG',
    );
    expect(codeOf(() => new BacktestExchange({ quote: '-1', base: '0' }))).toBe(
      'BACKTEST_INVALID_EXCHANGE_CONFIG',
    );
  });

  it('never lets a balance go negative, whatever orders arrive (property)', () => {
    const order = fc.record({
      side: fc.constantFrom('BUY' as const, 'SELL' as const),
      amount: fc.integer({ min: 1, max: 200_000 }).map((units) => (units / 100_000).toFixed(5)),
      price: fc.integer({ min: 100, max: 20_000_000 }).map((cents) => (cents / 100).toFixed(2)),
    });
    fc.assert(
      fc.property(fc.array(order, { maxLength: 40 }), (orders) => {
        const exchange = new BacktestExchange({ quote: '5000', base: '0.05' });
        for (const { side, amount, price } of orders) {
          try {
            if (side === 'BUY') exchange.marketBuy(amount, price, 0);
            else exchange.marketSell(amount, price, 0);
          } catch (error) {
            if (!isCodedError(error)) throw error;
          }
          const { quote, base } = exchange.balances();
          expect(Number(quote)).toBeGreaterThanOrEqual(0);
          expect(Number(base)).toBeGreaterThanOrEqual(0);
        }
      }),
    );
  });
});
