// Real data for the landing page's images (see landing-images.ts): core's LANDING_BACKTEST (the
// default backtest of `npm run backtest` on the shipped Binance BTC/USDT 15m year, as the lab runs it), and the planner's levels computed by
// core's buildPlan from the backtest's own position at a given time. Nothing here is invented.
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import {
  buildPlan,
  CodedError,
  computePosition,
  DEFAULT_WINDOW_CONFIG,
  Decimal,
  EMPTY_ACTIONS,
  LANDING_BACKTEST,
  type Plan,
  type StrategyConfig,
  type Trade,
  windowState,
} from '@balancer/core';
import {
  type BacktestResult,
  type CandleTable,
  loadCandleFile,
  runBacktest,
  templateOptions,
} from '@balancer/engine';

const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
export const DATA_FILE = path.join(ROOT, 'market-data', LANDING_BACKTEST.dataSet);
export const START_QUOTE = LANDING_BACKTEST.startQuote;

export interface Backtest {
  table: CandleTable;
  result: BacktestResult;
  strategy: StrategyConfig;
}

/** The CLI's defaults (docs/backtesting.md): Eager Scalper, 10,000 quote, increase = cash ÷ 10, fee 0.1 %. */
export function runDefaultBacktest(): Backtest {
  const { table } = loadCandleFile(DATA_FILE, `market-data/${LANDING_BACKTEST.dataSet}`);
  // The lab's own path for LANDING_BACKTEST (POST /lab/backtests checks and builds it so), so the
  // lab reproduces these images' figures exactly.
  const { options, strategy } = templateOptions(
    {
      template: LANDING_BACKTEST.strategy.template,
      startQuote: LANDING_BACKTEST.startQuote,
      feePercent: LANDING_BACKTEST.feePercent,
    },
    (detail) => new CodedError('LAB_INVALID_INPUT', detail),
  );
  const result = runBacktest(table, options);
  return { table, result, strategy };
}

/** One chart candle; time in seconds (lightweight-charts' UTCTimestamp). */
export interface Bar {
  time: number;
  open: number;
  high: number;
  low: number;
  close: number;
}

/** Merges the 15m candles opening in [fromMs, toMs) into bars `bucketMs` wide (UTC-aligned). */
export function barsBetween(table: CandleTable, fromMs: number, toMs: number, bucketMs: number): Bar[] {
  const bars: Bar[] = [];
  for (let i = 0; i < table.length; i++) {
    const time = table.time[i]!;
    if (time < fromMs || time >= toMs) continue;
    const bucket = Math.floor(time / bucketMs) * bucketMs;
    const last = bars.at(-1);
    if (last && last.time === bucket / 1000) {
      last.high = Math.max(last.high, table.high[i]!);
      last.low = Math.min(last.low, table.low[i]!);
      last.close = table.close[i]!;
    } else {
      const [open, high, low, close] = [table.open[i]!, table.high[i]!, table.low[i]!, table.close[i]!];
      bars.push({ time: bucket / 1000, open, high, low, close });
    }
  }
  return bars;
}

/** Index of the last candle opening at or before `ms`. */
function candleAt(table: CandleTable, ms: number): number {
  let index = 0;
  while (index + 1 < table.length && table.time[index + 1]! <= ms) index++;
  return index;
}

/**
 * The planner's answer (core buildPlan) at the close of the candle open at `ms`, for the
 * backtest's position made of `positionTrades` (its trades up to then) and the cash they left.
 */
export function planAt(backtest: Backtest, positionTrades: Trade[], ms: number): Plan {
  const { table, result, strategy } = backtest;
  const index = candleAt(table, ms);
  const price = table.close[index]!.toFixed(2);
  const closes = Array.from(
    table.close.subarray(Math.max(0, index - DEFAULT_WINDOW_CONFIG.size + 1), index + 1),
  );
  let quote = new Decimal(START_QUOTE);
  let base = new Decimal(0);
  for (const trade of result.strategy.outcome.trades) {
    if (trade.time > ms) break;
    const cost = new Decimal(trade.quoteAmount);
    const buy = trade.side === 'BUY';
    quote = buy ? quote.minus(cost).minus(trade.commission) : quote.plus(cost).minus(trade.commission);
    base = buy ? base.plus(trade.amount) : base.minus(trade.amount);
  }
  const now = table.time[index]! + table.intervalMs;
  const crashActive = result.strategy.stats.crashPeriods.some(({ start, end }) => start <= now && now <= end);
  return buildPlan({
    position: computePosition(positionTrades, price, strategy, EMPTY_ACTIONS),
    windowState: windowState(closes, DEFAULT_WINDOW_CONFIG),
    strongRequirement: DEFAULT_WINDOW_CONFIG.strongRequirement,
    crashActive,
    price,
    balances: { quote: quote.toFixed(), base: base.toFixed() },
    now,
    strategy,
  });
}
