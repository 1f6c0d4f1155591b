import path from 'node:path';
import {
  DEFAULT_REVERSAL_CONFIG,
  DEFAULT_STRATEGY_CONFIG,
  parseStrategyConfig,
  type StrategyConfig,
} from '@balancer/core';
import { describe, expect, it } from 'vitest';
import type { CandleTable } from '../../market-data/candle-table.js';
import { loadCandleFile } from '../../market-data/load-candles.js';
import { DEFAULT_EXCHANGE_CONFIG } from '../exchange/exchange-config.js';
import { type BacktestResult, runBacktest } from '../run-backtest.js';
import { DEFAULT_PROXY_CONFIG } from './proxies.js';
import { CandleScript, MINUTES_15 } from './scenarios.fixture.js';

const STRATEGY = parseStrategyConfig({ ...DEFAULT_STRATEGY_CONFIG, increaseAmountQuote: '1000' });

function run(
  table: CandleTable,
  strategy: StrategyConfig = STRATEGY,
  exhaustive = false,
  exchange = DEFAULT_EXCHANGE_CONFIG,
): BacktestResult {
  return runBacktest(table, {
    startQuote: '10000',
    exchange,
    strategy,
    window: { size: 128, requirement: 0.025, strongRequirement: 0.85 },
    reversal: DEFAULT_REVERSAL_CONFIG,
    proxies: DEFAULT_PROXY_CONFIG,
    exhaustive,
  });
}

/** Flat at 100 for 200 candles, then the crash-and-recovery pattern (event at c21 = index 221). */
function crashThenRecovery(): { script: CandleScript; event: number } {
  const script = new CandleScript().flat(100, 200);
  return { script, event: script.crashAndRecovery(100) };
}

/** [candle index of the fill, side, price, amount, decrease level 1–5 or '-'] of every fill. */
function fills(result: BacktestResult) {
  const t0 = result.frame.table.time[0]!;
  return result.strategy.outcome.trades.map((trade) => {
    const level = result.strategy.sellLevels[trade.id];
    return [
      (trade.time - t0) / MINUTES_15,
      trade.side,
      trade.price,
      trade.amount,
      level === undefined ? '-' : level + 1,
    ];
  });
}

describe('backtest driver: a crash then a recovery', () => {
  it('opens a position at the reversal event, filled at the next open', () => {
    const { script, event } = crashThenRecovery();
    script.flat(98, 20);
    const result = run(script.table());
    // The crash starts at c0's close (index 200 → time T0 + 201 × 15 min); the event fires at
    // c21's close (index 221) with 35 + 30.47 + 16.25 = 81.72 points (see scenarios.fixture.ts).
    expect(event).toBe(221);
    expect(result.strategy.stats.reversalEvents).toEqual([
      {
        crashId: `crash-${CandleScript.closeTime(200)}`,
        time: CandleScript.closeTime(221),
        points: 81.72,
        decision: 'open',
      },
    ]);
    // Filled at candle 222's open = c21's close 98: 1000 / 98 = 10.204081… → 10.20408 BTC.
    expect(fills(result)).toEqual([[222, 'BUY', '98', '10.20408', '-']]);
    const [position] = result.strategy.positions;
    // Cost 10.20408 × 98 = 999.99984 + fee 0.99999984 → 1.00 (8 dp up) = 1000.99984 → 1001.00.
    expect(position).toMatchObject({
      close: null,
      entryPrice: '98',
      amount: '10.20408',
      amountQuoteIn: '1001',
    });
    expect(result.strategy.stats.warmupCandles).toBe(127);
  });

  it('does not buy when the liquidity proxy stays low (no candle closes at its high)', () => {
    const script = new CandleScript().flat(100, 200);
    script.crashAndRecovery(100);
    // Give the event candle an upper wick like the others: its close sits at 72 % of its range.
    const row = script.rows.at(-1)!;
    row[2] = row[4] + 0.2;
    expect(run(script.table()).strategy.stats.reversalEvents).toEqual([]);
  });
});

describe('backtest driver: a rally sells level by level with the waits', () => {
  const { script } = crashThenRecovery();
  script.candle(98, 0.05, 0.05).rally(0.1, 150);
  const result = run(script.table());

  it('sells each level when its gain is reached and repeats it only after its frequency', () => {
    // Entry 98. The window reaches state 2 once the close is ≥ 0.85 % above the flat 100 of the
    // long splits: first at 100.9 (gain 2.96 %, level 1). Each candle adds 0.1 %.
    // Level 1 sells 5 % of 10.20408 = 0.510204 → 0.5102; level 2 first at 101.5 (gain 3.57 %),
    // again once more than 120 min passed (the gate is strict: 8 candles is exactly 120 min, so the
    // 9th); level 3 at 103.4 (5.51 %), then every 80 min (the 6th candle, 90 min); level 4 at
    // 105.43 (7.58 %) and once more than 30 min passed (3 candles), when the rest
    // (2.45531 BTC ≈ 260 quote ≤ 30 % of the 1000 increase) is sold whole.
    expect(fills(result)).toEqual([
      [222, 'BUY', '98', '10.20408', '-'],
      [252, 'SELL', '100.9', '0.5102', 1],
      [258, 'SELL', '101.5', '0.96938', 2],
      [267, 'SELL', '102.4', '0.87245', 2],
      [276, 'SELL', '103.3', '0.7852', 2],
      [277, 'SELL', '103.4', '1.23669', 3],
      [283, 'SELL', '104', '1.02027', 3],
      [289, 'SELL', '104.6', '0.84173', 3],
      [295, 'SELL', '105.21', '0.69442', 3],
      [297, 'SELL', '105.43', '0.81843', 4],
      [300, 'SELL', '105.76', '2.45531', 4],
    ]);
  });

  it('closes the position when the last sell leaves nothing, with pnl = value + out − in', () => {
    const [position] = result.strategy.positions;
    expect(position!.close).toBe(CandleScript.closeTime(299));
    expect(position!.amount).toBe('0');
    // pnl = 0 + 1060.31 − 1001 = 59.31.
    expect(position).toMatchObject({ amountQuoteIn: '1001', amountQuoteOut: '1060.31', pnl: '59.31' });
    expect(result.strategy.stats.decreasesByLevel).toEqual([1, 3, 4, 2, 0]);
  });
});

describe('backtest driver: the exchange refuses what core allows', () => {
  it('retries a level whose sell is under the minimum notional on later ticks', () => {
    const { script } = crashThenRecovery();
    script.candle(98, 0.05, 0.05).rally(0.1, 150);
    const result = run(script.table(), STRATEGY, false, { ...DEFAULT_EXCHANGE_CONFIG, minNotional: '60' });
    const sells = fills(result).filter((fill) => fill[1] === 'SELL');
    // Level 1's 0.5102 BTC × 100.9 = 51.48 quote < 60: refused at candle 252 and retried on
    // each tick (candles 252…257, all < 60 quote) until level 2 takes over at 101.5, candle 258:
    // 10 % of the untouched 10.20408 = 1.020408 → 1.0204 BTC, 1.0204 × 101.5 = 103.57 ≥ 60.
    expect(sells[0]).toEqual([258, 'SELL', '101.5', '1.0204', 2]);
    expect(result.strategy.stats.rejectedOrders).toBe(6);
  });
});

describe('backtest driver: idle time and the gain requirement gate adds', () => {
  // Four crash-and-recovery patterns 152 candles (38 h) apart; decreases off to isolate adds.
  const script = new CandleScript().flat(100, 200);
  const events = [script.crashAndRecovery(100)];
  script.flat(100, 130);
  events.push(script.crashAndRecovery(100));
  script.flat(100, 130);
  events.push(script.crashAndRecovery(100));
  script.flat(90, 130);
  events.push(script.crashAndRecovery(90));
  script.flat(88.2, 10);
  const result = run(script.table(), parseStrategyConfig({ ...STRATEGY, canDecrease: false }));

  it('opens, waits out the idle time, refuses an add above −3 %, then adds', () => {
    expect(events).toEqual([221, 373, 525, 677]);
    // 1: open at 98. 2: 152 candles × 15 min = 38 h < 48 h idle → 'idle'.
    // 3: 76 h ≥ 48 h, but the gain pct(98, 98) = 0 % > −3 % → 'gain-requirement'.
    // 4: 114 h, gain pct(98, 88.2) = −10 % ≤ −3 % → 'add'.
    expect(result.strategy.stats.reversalEvents.map((event) => [event.time, event.decision])).toEqual([
      [CandleScript.closeTime(221), 'open'],
      [CandleScript.closeTime(373), 'idle'],
      [CandleScript.closeTime(525), 'gain-requirement'],
      [CandleScript.closeTime(677), 'add'],
    ]);
    // The add buys 1000 / 88.2 = 11.337868… → 11.33786 BTC at candle 678's open.
    expect(fills(result)).toEqual([
      [222, 'BUY', '98', '10.20408', '-'],
      [678, 'BUY', '88.2', '11.33786', '-'],
    ]);
    // Entry = (10.20408 × 98 + 11.33786 × 88.2) / 21.54194 = 2000.000… / 21.54194 = 92.84.
    expect(result.strategy.positions[0]).toMatchObject({ entryPrice: '92.84', amount: '21.54194' });
  });
});

describe('backtest driver on the real Binance year', () => {
  const file = path.resolve(import.meta.dirname, '../../../../../market-data/binance-btcusdt-15m.csv.gz');
  const { table } = loadCandleFile(file);

  it("trades the same with and without the decrease pre-filter and with core's own decisions", () => {
    const filtered = run(table);
    const exhaustive = run(table, STRATEGY, true);
    expect(filtered.strategy.outcome.trades.length).toBeGreaterThan(10);
    expect(filtered.strategy.outcome.trades).toEqual(exhaustive.strategy.outcome.trades);
    // FastDecisions answered every reversal event as core did (the reasons of those that bought nothing too).
    expect(filtered.strategy.stats.reversalEvents.length).toBeGreaterThan(10);
    expect(filtered.strategy.stats.reversalEvents).toEqual(exhaustive.strategy.stats.reversalEvents);
    expect(filtered.strategy.positions).toEqual(exhaustive.strategy.positions);
    // The filter only skips calls: core ran on far fewer candles.
    expect(filtered.strategy.stats.decreaseChecks).toBeLessThan(exhaustive.strategy.stats.decreaseChecks);
  });

  it('keeps equity = start + pnl and never lets balances go negative', () => {
    const { outcome } = run(table).strategy;
    // finalEquity = cash + final BTC value = 10000 − netInvested + finalValue = 10000 + pnl.
    expect(Number(outcome.finalEquity)).toBeCloseTo(10000 + Number(outcome.pnl), 1);
    expect(Number(outcome.baseHeld)).toBeGreaterThanOrEqual(0);
  });
});
