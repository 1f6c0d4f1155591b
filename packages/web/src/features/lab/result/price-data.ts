import type { BacktestReport } from '@balancer/core';
import type { ChartCandle } from '../../../lib/chart/candles';
import { type ChartMarker, tradeMarker } from '../../../lib/chart/markers';

/** A point of a line, or a gap (`value` absent) that breaks it. */
export interface GapPoint {
  time: number;
  value?: number;
}

const seconds = (ms: number) => Math.floor(ms / 1000);

/** The report's candles, one per chart bucket (times ms → s). */
export function reportCandles(report: BacktestReport): ChartCandle[] {
  const { time, open, high, low, close } = report.series;
  return time.map((ms, i) => ({
    time: seconds(ms),
    open: open[i]!,
    high: high[i]!,
    low: low[i]!,
    close: close[i]!,
  }));
}

/** The bucket start (s) a time falls in (buckets are UTC-aligned, bucketMs wide). */
function bucketOf(report: BacktestReport, ms: number): number {
  const width = report.series.bucketMs;
  return seconds(Math.floor(ms / width) * width);
}

/** The strategy's fills as markers on the candle of their bucket, oldest first. */
export function fillMarkers(report: BacktestReport): ChartMarker[] {
  return [...report.strategy.trades]
    .sort((a, b) => a.timeMs - b.timeMs)
    .map((fill) => tradeMarker(fill.side, bucketOf(report, fill.timeMs)));
}

/**
 * Lines for the entry price (index 0) and the five decrease levels (1–5): each position's value
 * from its open bucket to its close bucket (an open one to the last candle), a gap after it, so
 * one series per level draws every position. Times ascend strictly; a value wins over a gap at
 * the same time.
 */
export function levelLines(report: BacktestReport): GapPoint[][] {
  const last = report.series.time.at(-1) ?? 0;
  const lines: GapPoint[][] = Array.from({ length: 6 }, () => []);
  for (const position of [...report.strategy.positions].sort((a, b) => a.open - b.open)) {
    const prices = [position.entryPrice, ...position.decreasePriceLevels].map(Number);
    const from = bucketOf(report, position.open);
    const to = bucketOf(report, Math.min(position.close ?? last, last));
    prices.slice(0, 6).forEach((price, i) => {
      lines[i]!.push({ time: from, value: price }, { time: Math.max(to, from), value: price });
      lines[i]!.push({ time: Math.max(to, from) + report.series.bucketMs / 1000 });
    });
  }
  return lines.map(ascending);
}

function ascending(points: GapPoint[]): GapPoint[] {
  const byTime = new Map<number, GapPoint>();
  for (const point of points) {
    const held = byTime.get(point.time);
    if (held === undefined || point.value !== undefined) byTime.set(point.time, point);
  }
  return [...byTime.values()].sort((a, b) => a.time - b.time);
}
