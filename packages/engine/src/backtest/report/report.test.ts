import {
  backtestReportSchema,
  DEFAULT_REVERSAL_CONFIG,
  DEFAULT_STRATEGY_CONFIG,
  describeOrderReason,
  parseStrategyConfig,
} from '@balancer/core';
import { describe, expect, it } from 'vitest';
import type { CandleSource } from '../../market-data/load-candles.js';
import { DEFAULT_EXCHANGE_CONFIG } from '../exchange/exchange-config.js';
import { type BacktestOptions, runBacktest } from '../run-backtest.js';
import { DEFAULT_PROXY_CONFIG } from '../strategy/proxies.js';
import { CandleScript } from '../strategy/scenarios.fixture.js';
import { buildReport } from './build-report.js';
import { renderHtml } from './html/render-html.js';
import { renderSummary } from './summary-text.js';

const SOURCE: CandleSource = {
  file: 'synthetic.csv',
  name: 'synthetic',
  layout: 'binance-klines',
  gzip: false,
  sha256: 'f'.repeat(64),
  known: false,
  provenance: 'synthetic.csv: a user-supplied file, not one of the shipped data sets',
};

const OPTIONS: BacktestOptions = {
  startQuote: '10000',
  exchange: DEFAULT_EXCHANGE_CONFIG,
  strategy: parseStrategyConfig({ ...DEFAULT_STRATEGY_CONFIG, increaseAmountQuote: '1000' }),
  window: { size: 128, requirement: 0.025, strongRequirement: 0.85 },
  reversal: DEFAULT_REVERSAL_CONFIG,
  proxies: DEFAULT_PROXY_CONFIG,
};

// The driver's rally scenario: one buy at candle 222, ten sells on levels 1–4, position closed.
const script = new CandleScript().flat(100, 200);
script.crashAndRecovery(100);
script.candle(98, 0.05, 0.05).rally(0.1, 150);
const report = buildReport(runBacktest(script.table(), OPTIONS), OPTIONS, SOURCE, 'test strategy');

describe('backtest report', () => {
  it('lists the strategy and the four baselines, fills with their 1-based levels, and positions', () => {
    expect(report.outcomes.map((outcome) => outcome.id)).toEqual([
      'strategy',
      'buy-and-hold',
      'dca',
      'value-averaging',
      'value-averaging-no-sell',
    ]);
    expect(report.strategy.trades.map((trade) => trade.level)).toEqual([null, 1, 2, 2, 2, 3, 3, 3, 3, 4, 4]);
    // Every fill carries the reason it was ordered for, from core's builders (as the live engine's).
    const [buy, ...sells] = report.strategy.trades;
    expect(buy!.reason).toMatchObject({ rule: 'reversal-event', action: 'open', gain: null });
    expect(describeOrderReason(buy!.reason!)).toMatch(
      /^Reversal event: [\d.]+ points ≥ \d+, opened a position$/,
    );
    for (const sell of sells) {
      expect(sell.reason).toMatchObject({ rule: 'decrease-level', level: sell.level });
      const reason = sell.reason!;
      if (reason.rule !== 'decrease-level') throw new Error('not a level reason');
      expect(reason.gain).toBeGreaterThanOrEqual(reason.requirement);
    }
    expect(describeOrderReason(sells[0]!.reason!)).toMatch(
      /^Decrease level 1: gain [\d.]+ % ≥ [\d.]+ %, sold /,
    );
    expect(
      Object.values(report.baselineTrades)
        .flat()
        .every((fill) => fill.reason === null),
    ).toBe(true);
    expect(report.strategy.positions).toHaveLength(1);
    expect(report.strategy.positions[0]).toMatchObject({
      pnl: '59.31',
      trades: 11,
      closeTime: expect.any(String),
    });
    // 200 + 22 + 1 + 150 = 373 candles of 15 min = 93.25 h ≤ 800 → hourly buckets: 94 samples.
    expect(report.series.bucketMs).toBe(3_600_000);
    expect(report.series.time).toHaveLength(94);
    expect(report.series.equity.strategy).toHaveLength(94);
    expect(report.assumptions.coins).toContain('neutral');
  });

  it("is read whole by core's wire schema (the stored and served report): no field left out", () => {
    const stored = JSON.parse(JSON.stringify(report));
    expect(backtestReportSchema.parse(stored)).toEqual(stored);
  });

  it('renders markers, decrease levels and the statements into the HTML', () => {
    const html = renderHtml(report);
    expect(html).toContain('<th>Why</th>');
    expect(html).toContain('Decrease level 1: gain ');
    // One buy arrow (teal) and sell arrows (red); busy hours carry a ×n count.
    expect(html.match(/fill="#0f766e"/g)).toHaveLength(1);
    expect(html.match(/fill="#dc2626"/g)!.length).toBeGreaterThan(1);
    expect(html).toMatch(/×[2-9]/);
    // The entry line and the five decrease levels of the one position.
    expect(html.match(/class="entry"/g)).toHaveLength(1);
    expect(html.match(/class="level"/g)).toHaveLength(5);
    expect(html).toContain('Liquidity in this backtest.');
    expect(html).toContain('a user-supplied file');
  });

  it('summarises in a text table with the activity line', () => {
    const text = renderSummary(report);
    expect(text).toMatch(
      /net invested\s+cost\/BTC\s+final value\s+pnl\s+equity\s+return %\s+IRR %\/y\s+max DD %\s+buys\s+sells/,
    );
    // A short run: its IRR a year is not shown (never annualised under a year).
    expect(text).toMatch(/^Balancer strategy .* <1y /m);
    expect(text).toContain('IRR XIRR (actual days, 365-day year)');
    expect(text).toContain('Positions: 1 (1 closed, 0 open)');
    expect(text).toContain('reversal events 1 (open 1)');
    expect(text).toContain('sells by level 1/3/4/2/0');
  });
});

describe('the report states its conventions', () => {
  it('names the contributions, the baselines run and the periodic IRR in JSON, text and HTML', () => {
    const options: BacktestOptions = {
      ...OPTIONS,
      exchange: { ...DEFAULT_EXCHANGE_CONFIG, minOrderBase: '0', minNotional: '0', lotDecimals: 8 },
      conventions: {
        schedule: { cadence: 'daily', weekday: null, monthDay: null, hour: 6 },
        contribution: '50',
        baselines: ['dca', 'value-averaging-no-sell'],
        irr: { kind: 'periodic', periodsPerYear: 365 },
      },
    };
    const custom = buildReport(runBacktest(script.table(), options), options, SOURCE, 'test strategy');
    expect(custom.outcomes.map((outcome) => outcome.id)).toEqual([
      'strategy',
      'dca',
      'value-averaging-no-sell',
    ]);
    expect(custom.settings.exchange).toMatchObject({ minOrderBase: '0', minNotional: '0', lotDecimals: 8 });
    // 373 candles from 2024-01-01 00:00 = 93.25 h: 06:00 on Jan 1, 2, 3 and 4 → 4 dates.
    expect(custom.settings.conventions).toMatchObject({
      contributions: { cadence: 'daily', hour: 6, amount: '50', amountGiven: true, dates: 4 },
      irr: { convention: 'periodic', periodsPerYear: 365 },
    });
    expect(custom.outcomes[1]!.label).toBe('DCA (50.00 every day at 06:00 UTC)');
    expect(custom.assumptions.conventions).toContain('IRR convention: periodic');
    expect(renderSummary(custom)).toContain('IRR periodic, 365 periods a year');
    const html = renderHtml(custom);
    expect(html).toContain('Cost per BTC');
    expect(html).toContain('every day at 06:00 UTC');
  });
});
