import { describe, expect, it } from 'vitest';
import { candleTableFrom } from '../../market-data/candle-table.js';
import { DEFAULT_EXCHANGE_CONFIG } from '../exchange/exchange-config.js';
import { buildFrame } from '../frame.js';
import { YEAR_MS } from '../metrics/irr.js';
import { baselinePlan, buyAndHold, dollarCostAveraging, runBaselines, valueAveraging } from './baselines.js';
import { DEFAULT_BASELINE_CONVENTIONS } from './conventions.js';

const DAY = 24 * 3600 * 1000;
const T0 = Date.UTC(2024, 0, 1);

/** 15 daily candles: 100 for a week, 50 for a week, then 200 (open = close, so fills are exact). */
function table() {
  const price = (day: number) => (day < 7 ? 100 : day < 14 ? 50 : 200);
  return candleTableFrom(
    Array.from(
      { length: 15 },
      (_, day) => [T0 + day * DAY, price(day), price(day), price(day), price(day)] as const,
    ),
  );
}

/** Fee 0 so the hand arithmetic stays readable; the fee path has its own case below. */
const frame = (fee = '0') => buildFrame(table(), '3000', { ...DEFAULT_EXCHANGE_CONFIG, feePercent: fee });
const plan = (fee = '0') => baselinePlan(frame(fee));

/** Checks an annualised XIRR (in %) against the flows it came from: NPV at that rate is ~0. */
function npvAt(percent: number, flows: [number, number][]): number {
  return flows.reduce(
    (sum, [time, amount]) => sum + amount / (1 + percent / 100) ** ((time - T0) / YEAR_MS),
    0,
  );
}

describe('baselines on a 15-day table (weekly dates: day 0, 7, 14)', () => {
  it('buy-and-hold buys everything at the first open', () => {
    const outcome = buyAndHold(plan());
    // 3000 / 100 = 30 BTC; final 30 × 200 = 6000; pnl 6000 − 3000 = 3000.
    expect(outcome).toMatchObject({
      buys: 1,
      sells: 0,
      netInvested: '3000.00',
      finalValue: '6000.00',
      pnl: '3000.00',
    });
    // Equity 3000 → 30 × 50 = 1500: (3000 − 1500) / 3000 = 50 %.
    expect(outcome.maxDrawdownPercent).toBe(50);
    // −3000 at day 0, +6000 at day 15 (end of the last candle): (6000/3000)^(365/15) − 1.
    expect(outcome.irrPercent! / ((2 ** (365 / 15) - 1) * 100)).toBeCloseTo(1, 9);
  });

  it('DCA buys starting cash ÷ 3 dates = 1000 each week', () => {
    const outcome = dollarCostAveraging(plan());
    // 1000/100 = 10, 1000/50 = 20, 1000/200 = 5 → 35 BTC; final 35 × 200 = 7000; pnl 7000 − 3000 = 4000.
    expect(outcome).toMatchObject({ buys: 3, netInvested: '3000.00', finalValue: '7000.00', pnl: '4000.00' });
    expect(outcome.trades.map((trade) => trade.amount)).toEqual(['10', '20', '5']);
    // Equity: 2000 + 10 × 100 = 3000, then 1000 + 30 × 50 = 2500: 500 / 3000 = 16.67 %.
    expect(outcome.maxDrawdownPercent).toBe(16.67);
    const flows: [number, number][] = [
      [T0, -1000],
      [T0 + 7 * DAY, -1000],
      [T0 + 14 * DAY, -1000],
      [T0 + 15 * DAY, 7000],
    ];
    expect(Math.abs(npvAt(outcome.irrPercent!, flows))).toBeLessThan(0.5);
    expect(outcome.irrPercent).toBeGreaterThan(0);
  });

  it('value averaging buys the shortfall and sells the excess of the path 1000, 2000, 3000', () => {
    const outcome = valueAveraging(plan());
    // Week 0: target 1000, holding 0 → buy 10 BTC at 100 (cash 2000).
    // Week 1: target 2000, holding 10 × 50 = 500 → buy 1500 / 50 = 30 BTC (cash 500).
    // Week 2: target 3000, holding 40 × 200 = 8000 → sell 5000 / 200 = 25 BTC (cash 5500, 15 BTC left).
    expect(outcome.trades.map((trade) => [trade.side, trade.amount])).toEqual([
      ['BUY', '10'],
      ['BUY', '30'],
      ['SELL', '25'],
    ]);
    // netInvested 1000 + 1500 − 5000 = −2500; final 15 × 200 = 3000; pnl 3000 + 2500 = 5500;
    // equity 5500 + 3000 = 8500 = start 3000 + pnl 5500.
    expect(outcome).toMatchObject({
      netInvested: '-2500.00',
      finalValue: '3000.00',
      pnl: '5500.00',
      finalEquity: '8500.00',
    });
    // Equity 2000 + 10 × 100 = 3000, then 500 + 40 × 50 = 2500: 16.67 %.
    expect(outcome.maxDrawdownPercent).toBe(16.67);
  });

  it('charges the fee inside each weekly budget', () => {
    const outcome = dollarCostAveraging(
      baselinePlan(frame('0.1'), { ...DEFAULT_BASELINE_CONVENTIONS, contribution: '1000' }),
    );
    // 1000 / (100 × 1.001) = 9.99000999 → 9.99 BTC; cost 999 + fee 0.999 = 999.999.
    expect(outcome.trades[0]).toMatchObject({ amount: '9.99', quoteAmount: '999', commission: '0.999' });
    // 1000/(50 × 1.001) = 19.98001998 → 19.98 (999 + 0.999); 1000/(200 × 1.001) = 4.99500499 → 4.995 (999 + 0.999).
    expect(outcome.netInvested).toBe('3000.00'); // 3 × 999.999 = 2999.997 → 3000.00
    expect(outcome.feesPaid).toBe('3.00'); // 3 × 0.999 = 2.997
    // final (9.99 + 19.98 + 4.995) × 200 = 34.965 × 200 = 6993.
    expect(outcome.finalValue).toBe('6993.00');
  });

  it('samples equity at each candle of a short daily table', () => {
    const outcome = dollarCostAveraging(plan());
    expect(outcome.equity.length).toBe(15);
    // Last sample: 35 BTC × 200 = 7000, no cash left.
    expect(outcome.equity[14]).toBe(7000);
  });
});

describe('baseline conventions', () => {
  const conventions = DEFAULT_BASELINE_CONVENTIONS;

  it('value averaging without selling keeps the excess: buys 10, 30, then waits', () => {
    const outcome = valueAveraging(plan(), false);
    expect(outcome.id).toBe('value-averaging-no-sell');
    expect(outcome.label).toBe('Value averaging without selling (+1000.00 a week)');
    // Week 0: buy 1000/100 = 10; week 1: 2000 − 10 × 50 = 1500 → 30; week 2: 40 × 200 = 8000 ≥ 3000: nothing.
    expect(outcome.trades.map((trade) => [trade.side, trade.amount])).toEqual([
      ['BUY', '10'],
      ['BUY', '30'],
    ]);
    expect(outcome.sells).toBe(0);
    // net invested 1000 + 1500 = 2500; cost per BTC 2500 / 40 = 62.50; final 40 × 200 = 8000.
    expect(outcome).toMatchObject({ netInvested: '2500.00', costPerBtc: '62.50', finalValue: '8000.00' });
  });

  it('states cost per BTC as net invested ÷ BTC held', () => {
    // DCA: 3000 / 35 = 85.714… → 85.71; VA: −2500 / 15 = −166.666… → −166.67 (sells took out more).
    expect(dollarCostAveraging(plan()).costPerBtc).toBe('85.71');
    expect(valueAveraging(plan()).costPerBtc).toBe('-166.67');
    // Buy-and-hold: 3000 / 30 = 100.
    expect(buyAndHold(plan()).costPerBtc).toBe('100.00');
  });

  it('weekly on monday 00:00: DCA buys on mondays only (2024-01-01 is a monday: days 0, 7, 14)', () => {
    const shifted = buildFrame(
      candleTableFrom(
        Array.from({ length: 15 }, (_, day) => [T0 + 12 * 3600e3 + day * DAY, 100, 100, 100, 100] as const),
      ),
      '3000',
      { ...DEFAULT_EXCHANGE_CONFIG, feePercent: '0' },
    );
    const monday = baselinePlan(shifted, {
      ...conventions,
      schedule: { cadence: 'weekly', weekday: 'monday', monthDay: null, hour: 0 },
    });
    const outcome = dollarCostAveraging(monday);
    // Candles open at 12:00 from Monday 1 January: the first at or after Monday 8 Jan 00:00 is 8 Jan
    // 12:00, then 15 Jan 12:00; 2 dates → 1500 each.
    expect(outcome.trades.map((trade) => new Date(trade.time).toISOString())).toEqual([
      '2024-01-08T12:00:00.000Z',
      '2024-01-15T12:00:00.000Z',
    ]);
    expect(outcome.label).toBe('DCA (1500.00 every monday at 00:00 UTC)');
    // Buy-and-hold still buys at the first open (1 January).
    expect(buyAndHold(monday).trades[0]!.time).toBe(T0 + 12 * 3600e3);
  });

  it('accepts minimums of 0 with 8 lot decimals: a 1-quote contribution still buys', () => {
    const theoretical = buildFrame(table(), '3000', {
      feePercent: '0',
      minOrderBase: '0',
      minNotional: '0',
      lotDecimals: 8,
    });
    const outcome = dollarCostAveraging(baselinePlan(theoretical, { ...conventions, contribution: '1' }));
    // 1 / 100 = 0.01, 1 / 50 = 0.02, 1 / 200 = 0.005 BTC.
    expect(outcome.trades.map((trade) => trade.amount)).toEqual(['0.01', '0.02', '0.005']);
    // With the default 10-quote minimum none of them is placed.
    const real = dollarCostAveraging(baselinePlan(frame(), { ...conventions, contribution: '1' }));
    expect(real.buys).toBe(0);
    expect(real.costPerBtc).toBeNull();
  });

  it('runs the chosen baselines in the report order', () => {
    const ids = runBaselines(frame(), {
      ...conventions,
      baselines: ['value-averaging-no-sell', 'buy-and-hold'],
    }).map((outcome) => outcome.id);
    expect(ids).toEqual(['buy-and-hold', 'value-averaging-no-sell']);
    expect(runBaselines(frame(), { ...conventions, baselines: [] })).toEqual([]);
  });

  it('computes the periodic IRR with the periods per year of the frame', () => {
    const periodic = { ...frame(), irr: { kind: 'periodic', periodsPerYear: 52 } as const };
    const outcome = buyAndHold(baselinePlan(periodic));
    // −3000 at day 0, +6000 at day 15 = round(15 / (365/52)) = 2 periods: 2 = (1 + r)^2, annual (1 + r)^52 − 1 = 2^26 − 1.
    expect(outcome.irrPercent! / ((2 ** 26 - 1) * 100)).toBeCloseTo(1, 9);
  });
});
