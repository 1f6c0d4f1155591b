import type { LabResultSummary } from '@balancer/core';

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
  /** The backtest strategy's final value and P&L, or the sweep's combinations and best row. */
  summary: string;
}

const field = (outcome: Record<string, unknown> | undefined, name: string): string | null => {
  const value = outcome?.[name];
  return typeof value === 'string' || typeof value === 'number' ? String(value) : null;
};

export function toResultRow(result: LabResultSummary): ResultRow {
  const sweep = result.kind === 'sweep';
  const inputs = result.inputs;
  const period = `${inputs.from ?? 'first day'} – ${inputs.to ?? 'last day'}`;
  let summary: string;
  if (sweep) {
    const combinations = 'combinations' in inputs ? inputs.combinations : null;
    const best = result.outcomes[0];
    summary = `${combinations ?? '?'} combinations${best ? `; best: ${best.label}` : ''}`;
  } else {
    const strategy = result.outcomes.find((outcome) => outcome.id === 'strategy') ?? result.outcomes[0];
    const value = field(strategy, 'finalValue');
    const pnl = field(strategy, 'pnl');
    summary = value === null ? '—' : `final ${value}${pnl === null ? '' : ` (P&L ${pnl})`}`;
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
