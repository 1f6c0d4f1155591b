import type { BacktestReport } from '@balancer/core';

/** A line's points as lightweight-charts takes them: `time` in seconds. */
export interface LinePoint {
  time: number;
  value: number;
}

/** One line of a chart with its legend label and colour. */
export interface ChartLine {
  id: string;
  label: string;
  color: string;
  points: LinePoint[];
}

const OUTCOME_COLORS: Record<string, string> = {
  strategy: '#2563eb',
  dca: '#d97706',
  'value-averaging': '#7c3aed',
  'value-averaging-no-sell': '#db2777',
  'buy-and-hold': '#4b5563',
};
/** Colours of the results on Compare, in order. */
export const RESULT_COLORS = ['#2563eb', '#d97706', '#059669', '#db2777'] as const;

export const outcomeColor = (id: string) => OUTCOME_COLORS[id] ?? '#0891b2';

/** Drawdown at each value, in percent (≤ 0): how far below the highest value so far. */
export function drawdownPercents(values: readonly number[]): number[] {
  let peak = Number.NEGATIVE_INFINITY;
  return values.map((value) => {
    peak = Math.max(peak, value);
    return peak > 0 ? Math.round(((value - peak) / peak) * 10_000) / 100 : 0;
  });
}

/** An outcome's equity per bucket as line points (bucket start times ms → s). */
export function equityPoints(report: BacktestReport, outcomeId: string): LinePoint[] {
  const values = report.series.equity[outcomeId] ?? [];
  return values.map((value, i) => ({ time: Math.floor(report.series.time[i]! / 1000), value }));
}

/** The same times with each value's drawdown. */
export function drawdownPoints(points: readonly LinePoint[]): LinePoint[] {
  const drawdowns = drawdownPercents(points.map((point) => point.value));
  return points.map((point, i) => ({ time: point.time, value: drawdowns[i]! }));
}

/** Every outcome of one report as equity lines, the strategy first. */
export function outcomeLines(report: BacktestReport): ChartLine[] {
  return report.outcomes.map((outcome) => ({
    id: outcome.id,
    label: outcome.label,
    color: outcomeColor(outcome.id),
    points: equityPoints(report, outcome.id),
  }));
}

/**
 * The points on a coarser grid: one per `bucketSeconds` (UTC-aligned), the last value in each, at
 * the bucket's start. Lines of results with different chart buckets then share one spacing (the
 * chart spaces points by their order, not by their time).
 */
export function resampled(points: readonly LinePoint[], bucketSeconds: number): LinePoint[] {
  const byBucket = new Map<number, number>();
  for (const point of points)
    byBucket.set(Math.floor(point.time / bucketSeconds) * bucketSeconds, point.value);
  return [...byBucket].map(([time, value]) => ({ time, value }));
}
