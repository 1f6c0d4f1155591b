import type { LabLiveOrigin } from '@balancer/core';

type Origin = LabLiveOrigin;

/** "sweep 12, row 3" or "backtest 7": what the live settings came from. */
export function originName(origin: Origin): string {
  return origin.row === null
    ? `backtest ${origin.resultId}`
    : `sweep ${origin.resultId}, row ${origin.row + 1}`;
}

/** Where the stored result opens in the lab (null when it is gone: the snapshot remains). */
export function originLink(origin: Origin): string | null {
  if (!origin.resultStored) return null;
  return origin.kind === 'sweep'
    ? `/app/lab/sweeps/${origin.resultId}`
    : `/app/lab/results/${origin.resultId}`;
}

const num = (value: unknown) =>
  typeof value === 'number' ? value.toLocaleString('en-US', { maximumFractionDigits: 2 }) : null;

/** The headline figures as label/value pairs: a sweep row's in/out-of-sample, a backtest's outcome. */
export function originFigures(origin: Origin): Array<readonly [string, string]> {
  const figures = origin.figures as Record<string, Record<string, unknown> | null | undefined>;
  const rows: Array<readonly [string, string]> = [];
  const period = (label: string, part: Record<string, unknown> | null | undefined) => {
    if (!part) return;
    rows.push([`Final value (${label})`, String(part.finalEquity ?? '–')]);
    rows.push([`Return % (${label})`, num(part.returnPercent) ?? '–']);
    rows.push([`Max drawdown % (${label})`, num(part.maxDrawdownPercent) ?? '–']);
  };
  if (origin.row !== null) {
    period('in-sample', figures.inSample);
    period('out-of-sample', figures.outOfSample);
  } else {
    const outcome = figures.outcome;
    if (outcome) {
      rows.push(['Final value', String(outcome.finalEquity ?? '–')]);
      if (outcome.irrPercent !== undefined) rows.push(['IRR %', num(outcome.irrPercent) ?? '–']);
      if (outcome.maxDrawdownPercent !== undefined)
        rows.push(['Max drawdown %', num(outcome.maxDrawdownPercent) ?? '–']);
    }
  }
  return rows;
}
