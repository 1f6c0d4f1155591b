// The three landing images as plain data (rendered by landing-images.page.ts): every number comes
// from the default backtest and core's planner (landing-images.data.ts).
import type { Trade } from '@balancer/core';
import { type Backtest, type Bar, barsBetween, planAt, START_QUOTE } from './landing-images.data.js';

const HOUR = 3600_000;
const BUY = '#0f766e';
const SELL = '#dc2626';

export interface Marker {
  time: number;
  position: 'aboveBar' | 'belowBar';
  color: string;
  shape: 'arrowUp' | 'arrowDown';
  text: string;
}
export interface PriceLine {
  price: number;
  color: string;
  title: string;
  /** lightweight-charts LineStyle: 0 solid, 2 dashed. */
  lineStyle: 0 | 2;
}
export interface ChartScene {
  kind: 'chart';
  title: string;
  subtitle: string;
  bars: Bar[];
  markers: Marker[];
  lines: PriceLine[];
  note: string;
}
export interface MonitoringScene {
  kind: 'monitoring';
  title: string;
  subtitle: string;
  equity: { strategy: Point[]; hold: Point[] };
  stats: Array<{ label: string; value: string }>;
  trades: string[][];
  note: string;
}
export interface Point {
  time: number;
  value: number;
}
export type Scene = ChartScene | MonitoringScene;

const day = (ms: number) => new Date(ms).toISOString().slice(0, 10);
const money = (value: string | number) =>
  Number(value).toLocaleString('en-US', { minimumFractionDigits: 2, maximumFractionDigits: 2 });
const DATA_NOTE =
  'Backtest on real Binance BTC/USDT 15m candles (market-data/), Eager Scalper, 10,000 USDT, fee 0.1 %.';

/** Buy and sell arrows for the strategy's fills in [from, to); sells carry their decrease level. */
function markers(backtest: Backtest, from: number, to: number, bucketMs: number): Marker[] {
  const { outcome, sellLevels } = backtest.result.strategy;
  let lastText = '';
  return outcome.trades
    .filter((trade) => trade.time >= from && trade.time < to)
    .map((trade) => {
      const time = Math.floor(trade.time / bucketMs) * (bucketMs / 1000);
      if (trade.side === 'BUY')
        return { time, position: 'belowBar', color: BUY, shape: 'arrowUp', text: 'Buy' };
      // Label a sell only when its level differs from the previous sell's: runs would overlap.
      const text = `L${(sellLevels[trade.id] ?? 0) + 1}`;
      const shown = text === lastText ? '' : text;
      lastText = text;
      return { time, position: 'aboveBar', color: SELL, shape: 'arrowDown', text: shown };
    });
}

/** The strategy's trades of the position that was open at `ms`, up to `ms`. */
function positionTradesAt(backtest: Backtest, ms: number): Trade[] {
  const position = backtest.result.strategy.positions.find(
    (p) => p.open <= ms && (p.close === null || p.close >= ms),
  );
  if (!position) throw new Error(`no position open at ${new Date(ms).toISOString()}`);
  return backtest.result.strategy.outcome.trades.filter((t) => t.time >= position.open && t.time <= ms);
}

/** (a) The Oct 2025 – Feb 2026 fall: the strategy's buys and the planner's next increase level. */
export function increaseScene(backtest: Backtest): ChartScene {
  const from = Date.UTC(2025, 9, 29);
  const to = Date.UTC(2026, 1, 21);
  const planTime = to - HOUR;
  const plan = planAt(backtest, positionTradesAt(backtest, planTime), planTime);
  const lines: PriceLine[] = [];
  if (plan.increase.price !== null)
    lines.push({ price: Number(plan.increase.price), color: BUY, title: 'Next increase ≤', lineStyle: 2 });
  const first = plan.decrease?.levels[0];
  if (first) lines.push({ price: Number(first.price), color: SELL, title: 'Decrease L1 ≥', lineStyle: 2 });
  return {
    kind: 'chart',
    title: 'Plan to increase a position',
    subtitle: `BTC/USDT, 4h candles, ${day(from)} → ${day(to - 1)}: ${money(plan.increase.amountQuote)} USDT per buy during the crash`,
    bars: barsBetween(backtest.table, from, to, 4 * HOUR),
    markers: markers(backtest, from, to, 4 * HOUR),
    lines,
    note: `${DATA_NOTE} Levels from the planner on ${day(planTime)}.`,
  };
}

/** (b) The April 2025 rally: the strategy's sells by decrease level and the five level prices. */
export function decreaseScene(backtest: Backtest): ChartScene {
  const from = Date.UTC(2025, 3, 3);
  const to = Date.UTC(2025, 3, 19);
  const planTime = Date.UTC(2025, 3, 9, 12);
  const plan = planAt(backtest, positionTradesAt(backtest, planTime), planTime);
  const levels = plan.decrease?.levels ?? [];
  return {
    kind: 'chart',
    title: 'Plan to decrease a position',
    subtitle: `BTC/USDT, 2h candles, ${day(from)} → ${day(to - 1)}: sells in steps as the rally passes each level`,
    bars: barsBetween(backtest.table, from, to, 2 * HOUR),
    markers: markers(backtest, from, to, 2 * HOUR),
    lines: levels.map((level, i) => ({
      price: Number(level.price),
      color: SELL,
      title: `L${i + 1} +${level.gainRequirement}% sell ${level.percentage}%`,
      lineStyle: 2,
    })),
    note: `${DATA_NOTE} Level prices from the planner on ${day(planTime)}.`,
  };
}

/** (c) The whole year: equity against buy-and-hold, the summary and the latest trades. */
export function monitoringScene(backtest: Backtest): MonitoringScene {
  const { result } = backtest;
  const { frame, strategy } = result;
  const hold = result.baselines.find((b) => b.id === 'buy-and-hold')!;
  const series = (equity: Float64Array) =>
    Array.from(frame.samples, (index, i) => ({ time: frame.table.time[index]! / 1000, value: equity[i]! }));
  const o = strategy.outcome;
  const levels = strategy.sellLevels;
  const last = frame.table.length - 1;
  return {
    kind: 'monitoring',
    title: 'Monitoring',
    subtitle: `Equity of ${money(START_QUOTE)} USDT, ${day(frame.table.time[0]!)} → ${day(frame.table.time[last]!)}`,
    equity: { strategy: series(o.equity), hold: series(hold.equity) },
    stats: [
      { label: 'Final equity', value: `$${money(o.finalEquity)}` },
      { label: 'Buy and hold', value: `$${money(hold.finalEquity)}` },
      {
        label: 'Max drawdown',
        value: `${o.maxDrawdownPercent.toFixed(2)}% vs ${hold.maxDrawdownPercent.toFixed(2)}%`,
      },
      { label: 'Positions', value: `${strategy.positions.length} · ${o.buys} buys · ${o.sells} sells` },
    ],
    trades: o.trades
      .slice(-5)
      .map((t) => [
        day(t.time),
        t.side === 'BUY' ? 'Increase' : `Decrease L${(levels[t.id] ?? 0) + 1}`,
        `$${money(t.price)}`,
        `${Number(t.amount).toFixed(8)} BTC`,
        `$${money(t.quoteAmount)}`,
      ]),
    note: DATA_NOTE,
  };
}
