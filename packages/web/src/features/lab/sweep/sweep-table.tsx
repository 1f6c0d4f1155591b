import { settingLabel } from '@balancer/core';
import { useState } from 'react';
import { Button } from '../../../components/ui/button';
import {
  figureOf,
  figuresFor,
  type RankedRow,
  type SortKey,
  type SweepPeriods,
  type SweepRow,
  sortRows,
} from './sweep-rows';

const same = (a: SortKey, b: SortKey) => JSON.stringify(a) === JSON.stringify(b);
const show = (value: number | null) =>
  value === null ? '–' : value.toLocaleString('en-US', { maximumFractionDigits: 2 });

/**
 * The ranked rows: the swept values, then each figure in-sample and out-of-sample side by side;
 * every header sorts (again: the other way). `onApply` opens the apply of a row (by rank).
 */
export function SweepTable({
  rows,
  parameters,
  periods,
  onApply,
}: {
  rows: readonly SweepRow[];
  parameters: readonly string[];
  periods: SweepPeriods;
  onApply: ((row: RankedRow) => void) | null;
}) {
  const [key, setKey] = useState<SortKey>({ kind: 'rank' });
  const [ascending, setAscending] = useState(true);
  const sorted = sortRows(rows, key, ascending);
  const outOfSample = rows.some((row) => row.outOfSample !== null);
  const FIGURES = figuresFor(periods);
  const header = (label: string, next: SortKey) => {
    const active = same(key, next);
    return (
      <th
        scope="col"
        aria-sort={active ? (ascending ? 'ascending' : 'descending') : 'none'}
        className="whitespace-nowrap px-2 py-1 text-left font-medium"
      >
        <button
          type="button"
          className="underline-offset-2 hover:underline"
          onClick={() => {
            setAscending(active ? !ascending : true);
            setKey(next);
          }}
        >
          {label}
          {active ? (ascending ? ' ▲' : ' ▼') : ''}
        </button>
      </th>
    );
  };
  return (
    <div className="overflow-x-auto">
      <table className="w-full text-sm tabular-nums">
        <thead className="border-b border-neutral-200">
          <tr>
            {header('Rank', { kind: 'rank' })}
            {parameters.map((id) => header(settingLabel(id), { kind: 'parameter', id }))}
            {FIGURES.flatMap((figure) => [
              header(`${figure.label} (in)`, { kind: 'figure', period: 'inSample', id: figure.id }),
              ...(outOfSample
                ? [header(`${figure.label} (out)`, { kind: 'figure', period: 'outOfSample', id: figure.id })]
                : []),
            ])}
            {onApply && <th scope="col" className="px-2 py-1" />}
          </tr>
        </thead>
        <tbody>
          {sorted.map((row) => (
            <tr key={row.rank} className="border-b border-neutral-100" data-rank={row.rank}>
              <td className="px-2 py-1">{row.rank + 1}</td>
              {parameters.map((id) => (
                <td key={id} className="px-2 py-1">
                  {show(row.point[id] ?? null)}
                </td>
              ))}
              {FIGURES.flatMap((figure) => [
                <td key={`${figure.id}-in`} className="px-2 py-1">
                  {show(figureOf(row, 'inSample', figure.id, periods))}
                </td>,
                ...(outOfSample
                  ? [
                      <td key={`${figure.id}-out`} className="bg-neutral-50 px-2 py-1">
                        {show(figureOf(row, 'outOfSample', figure.id, periods))}
                      </td>,
                    ]
                  : []),
              ])}
              {onApply && (
                <td className="whitespace-nowrap px-2 py-1">
                  <Button
                    size="sm"
                    variant="outline"
                    className="whitespace-nowrap"
                    onClick={() => onApply(row)}
                  >
                    Apply to live strategy
                  </Button>
                </td>
              )}
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}
