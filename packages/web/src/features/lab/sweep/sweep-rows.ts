import { type LabSweepFigures, type LabSweepRow, spansAYear } from '@balancer/core';

export type SweepFigures = LabSweepFigures;
/** A ranked row (its index in the stored rows is its rank: 0 the best). */
export type SweepRow = LabSweepRow;

export type FigureId = keyof SweepFigures;

/** The figures the table shows, with the direction that is better. */
export const FIGURES: readonly { id: FigureId; label: string; higherIsBetter: boolean }[] = [
  { id: 'finalEquity', label: 'Final value', higherIsBetter: true },
  { id: 'returnPercent', label: 'Return over the period %', higherIsBetter: true },
  { id: 'irrPercent', label: 'IRR a year % (on the money invested)', higherIsBetter: true },
  { id: 'maxDrawdownPercent', label: 'Max drawdown %', higherIsBetter: false },
  { id: 'returnDrawdown', label: 'Return ÷ max drawdown', higherIsBetter: true },
  { id: 'trades', label: 'Fills', higherIsBetter: true },
];

/** A sweep's periods, ms long: the in-sample one and the out-of-sample one (null without a split). */
export interface SweepPeriods {
  readonly inSample: number;
  readonly outOfSample: number | null;
}

/**
 * The figures shown for a sweep: the IRR (a rate a year) only when the in-sample period is a year
 * or longer; a shorter period is never annualised (its return over the period stands).
 */
export const figuresFor = (periods: SweepPeriods) =>
  FIGURES.filter((figure) => figure.id !== 'irrPercent' || spansAYear(periods.inSample));

/** The column a table sorts by: the rank, a swept parameter, or a figure of one period. */
export type SortKey =
  | { kind: 'rank' }
  | { kind: 'parameter'; id: string }
  | { kind: 'figure'; period: 'inSample' | 'outOfSample'; id: FigureId };

export interface RankedRow extends SweepRow {
  readonly rank: number;
}

/** A figure as a number (decimal text of money read for ordering only); null when absent. */
export function figureOf(
  row: SweepRow,
  period: 'inSample' | 'outOfSample',
  id: FigureId,
  periods?: SweepPeriods,
): number | null {
  const figures = row[period];
  if (!figures) return null;
  // An IRR a year is not shown for a period under a year.
  if (id === 'irrPercent' && periods && !spansAYear(periods[period])) return null;
  const value = figures[id];
  return value === null ? null : Number(value);
}

function keyValue(row: RankedRow, key: SortKey): number | null {
  if (key.kind === 'rank') return row.rank;
  if (key.kind === 'parameter') return row.point[key.id] ?? null;
  return figureOf(row, key.period, key.id);
}

/** The rows ordered by `key` (missing values last either way; ties keep the rank order). */
export function sortRows(rows: readonly SweepRow[], key: SortKey, ascending: boolean): RankedRow[] {
  const ranked = rows.map((row, rank) => ({ ...row, rank }));
  return ranked.sort((a, b) => {
    const left = keyValue(a, key);
    const right = keyValue(b, key);
    if (left === null || right === null) return left === right ? a.rank - b.rank : left === null ? 1 : -1;
    const order = ascending ? left - right : right - left;
    return order === 0 ? a.rank - b.rank : order;
  });
}
