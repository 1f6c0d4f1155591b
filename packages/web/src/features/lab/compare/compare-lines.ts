import type { BacktestReport } from '@balancer/core';
import { type ChartLine, drawdownPoints, equityPoints, RESULT_COLORS, resampled } from '../result/series';

/** A result on Compare: its id and its backtest report. */
export interface ComparedResult {
  id: number;
  report: BacktestReport;
}

/** Whether the results cover the same period (then the charts show calendar time). */
export function samePeriod(results: readonly ComparedResult[]): boolean {
  const first = results[0]?.report.data;
  return results.every(({ report }) => report.data.start === first?.start && report.data.end === first?.end);
}

/**
 * Each result's strategy equity as one line ("#12 Balancer strategy"), a colour per result. Over
 * different periods the lines are aligned at their starts: each is shifted so it begins where the
 * first result begins (the time axis then reads as the first result's dates). All are on the
 * coarsest chart bucket of the results.
 */
export function compareEquityLines(results: readonly ComparedResult[]): ChartLine[] {
  const aligned = !samePeriod(results);
  const origin = startSeconds(results[0]);
  const bucket = Math.max(...results.map(({ report }) => report.series.bucketMs)) / 1000;
  return results.map((result, i) => {
    const shift = aligned ? origin - startSeconds(result) : 0;
    return {
      id: String(result.id),
      label: `#${result.id} ${result.report.outcomes.find((outcome) => outcome.id === 'strategy')?.label ?? 'Strategy'}`,
      color: RESULT_COLORS[i % RESULT_COLORS.length]!,
      points: resampled(
        equityPoints(result.report, 'strategy').map((point) => ({ ...point, time: point.time + shift })),
        bucket,
      ),
    };
  });
}

const startSeconds = (result: ComparedResult | undefined) =>
  Math.floor((result?.report.series.time[0] ?? 0) / 1000);

/** The same lines as drawdowns. */
export function compareDrawdownLines(results: readonly ComparedResult[]): ChartLine[] {
  return compareEquityLines(results).map((line) => ({ ...line, points: drawdownPoints(line.points) }));
}
