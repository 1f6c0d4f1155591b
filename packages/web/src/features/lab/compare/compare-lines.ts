import type { LabReport } from '../report';
import { type ChartLine, drawdownPoints, equityPoints, RESULT_COLORS } from '../result/series';

/** A result on Compare: its id and its backtest report. */
export interface ComparedResult {
  id: number;
  report: LabReport;
}

/** Each result's strategy equity as one line ("#12 Strategy"), a colour per result. */
export function compareEquityLines(results: readonly ComparedResult[]): ChartLine[] {
  return results.map(({ id, report }, i) => ({
    id: String(id),
    label: `#${id} ${report.outcomes.find((outcome) => outcome.id === 'strategy')?.label ?? 'Strategy'}`,
    color: RESULT_COLORS[i % RESULT_COLORS.length]!,
    points: equityPoints(report, 'strategy'),
  }));
}

/** The same lines as drawdowns. */
export function compareDrawdownLines(results: readonly ComparedResult[]): ChartLine[] {
  return compareEquityLines(results).map((line) => ({ ...line, points: drawdownPoints(line.points) }));
}
