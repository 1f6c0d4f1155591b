import {
  type LabDataSet,
  type LabResultSummary,
  outcomeFigures,
  settingLabel,
  sweepMetricLabel,
} from '@balancer/core';
import { formatDecimal } from '../../../lib/locale-number';
import { utcDay } from '../lab-format';

/** Compare takes two to four results. */
export const COMPARE_MIN = 2;
export const COMPARE_MAX = 4;

/** One stored result as the list shows it. */
export interface ResultRow {
  id: number;
  kind: 'Backtest' | 'Sweep';
  /** The result's own page: a backtest's at /app/lab/results/:id, a sweep's at /app/lab/sweeps/:id. */
  href: string;
  created: string;
  createdBy: string;
  dataSet: string;
  period: string;
  strategy: string;
  /**
   * The backtest strategy's final value, P&L and return over the period (core's outcomeFigures,
   * as its page shows them), or the sweep's combinations and best row.
   */
  summary: string;
}

const field = (outcome: Record<string, unknown> | undefined, name: string): string | null => {
  const value = outcome?.[name];
  return typeof value === 'string' || typeof value === 'number' ? String(value) : null;
};

const money = (text: string) => formatDecimal(text, { decimalPlaces: 2 });
const signedPercent = (value: number) => `${value > 0 ? '+' : ''}${value.toFixed(2)} %`;

/**
 * The period as dates: the days asked for, else the data set's first or last day (when the list
 * of sets knows it), else "the whole data set".
 */
export function periodText(
  inputs: { from: string | null; to: string | null },
  dataSet: LabDataSet | undefined,
): string {
  const from = inputs.from ?? (dataSet?.fromMs == null ? null : utcDay(dataSet.fromMs));
  const to = inputs.to ?? (dataSet?.toMs == null ? null : utcDay(dataSet.toMs));
  if (from === null || to === null) return 'the whole data set';
  return `${from} → ${to}`;
}

/** A sweep row's label (`increaseGainRequirement=-1, …`) with the parameters in words. */
export const sweepPointText = (label: string): string =>
  label
    .split(/,\s*/)
    .map((part) => {
      // Stored labels name the parameter by its id (`id value` or `id=value`); newer ones in words.
      const match = /^([A-Za-z][\w.]*)[= ](-?[\d.]+)$/.exec(part);
      return match ? `${settingLabel(match[1]!)} ${match[2]}` : part;
    })
    .join(', ');

/** The line a backtest's strategy outcome gets in the list: its page's figures. */
export function outcomeSummary(startQuote: string, outcome: Record<string, unknown> | undefined): string {
  const finalEquity = field(outcome, 'finalEquity');
  if (finalEquity === null) return '—';
  const figures = outcomeFigures({ startQuote, finalEquity, irrPercent: null, periodMs: null });
  return `Final value ${money(figures.finalValue)} · P&L ${money(figures.pnl)} · return over the period ${signedPercent(figures.periodReturnPercent)}`;
}

export function toResultRow(result: LabResultSummary, dataSets: readonly LabDataSet[] = []): ResultRow {
  const sweep = result.kind === 'sweep';
  const inputs = result.inputs;
  const period = periodText(
    inputs,
    dataSets.find((set) => set.name === result.dataSet),
  );
  let summary: string;
  if (sweep) {
    const combinations = 'combinations' in inputs ? inputs.combinations : null;
    const metric = 'metric' in inputs ? ` by ${sweepMetricLabel(inputs.metric).toLowerCase()}` : '';
    const best = result.outcomes[0];
    summary = `${combinations ?? '?'} combinations${best ? `; best${metric}: ${sweepPointText(best.label)}` : ''}`;
  } else {
    const strategy = result.outcomes.find((outcome) => outcome.id === 'strategy') ?? result.outcomes[0];
    summary = outcomeSummary(inputs.startQuote, strategy);
  }
  return {
    id: result.id,
    kind: sweep ? 'Sweep' : 'Backtest',
    href: sweep ? `/app/lab/sweeps/${result.id}` : `/app/lab/results/${result.id}`,
    created: `${new Date(result.createdAt).toISOString().slice(0, 16).replace('T', ' ')} UTC`,
    createdBy: result.createdBy,
    dataSet: result.dataSet,
    period,
    strategy: inputs.strategySource,
    summary,
  };
}

/** The Compare link of the picked ids (in list order), or null unless 2–4 are picked. */
export function compareHref(picked: readonly number[]): string | null {
  if (picked.length < COMPARE_MIN || picked.length > COMPARE_MAX) return null;
  return `/app/lab/compare?ids=${picked.join(',')}`;
}
