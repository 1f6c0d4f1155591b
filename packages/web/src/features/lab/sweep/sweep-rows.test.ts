import { describe, expect, it } from 'vitest';
import { type SweepFigures, sortRows } from './sweep-rows';

const figures = (returnPercent: number, irrPercent: number | null = 1): SweepFigures => ({
  finalEquity: String(10_000 + returnPercent * 100),
  pnl: String(returnPercent * 100),
  returnPercent,
  irrPercent,
  maxDrawdownPercent: 5,
  returnDrawdown: returnPercent / 5,
  trades: 3,
});
const rows = [
  { point: { a: 3 }, inSample: figures(9), outOfSample: figures(-1) },
  { point: { a: 1 }, inSample: figures(7), outOfSample: figures(4, null) },
  { point: { a: 2 }, inSample: figures(7), outOfSample: null },
];

describe('sortRows', () => {
  it('keeps the rank, sorts by a parameter or a figure either way, ties in rank order', () => {
    expect(sortRows(rows, { kind: 'rank' }, true).map((r) => r.rank)).toEqual([0, 1, 2]);
    expect(sortRows(rows, { kind: 'parameter', id: 'a' }, true).map((r) => r.point.a)).toEqual([1, 2, 3]);
    const inSample = { kind: 'figure', period: 'inSample', id: 'returnPercent' } as const;
    expect(sortRows(rows, inSample, true).map((r) => r.rank)).toEqual([1, 2, 0]);
    expect(sortRows(rows, inSample, false).map((r) => r.rank)).toEqual([0, 1, 2]);
    expect(sortRows(rows, { ...inSample, id: 'finalEquity' }, true).map((r) => r.rank)).toEqual([1, 2, 0]);
  });

  it('puts rows without the figure last, ascending or descending', () => {
    const out = { kind: 'figure', period: 'outOfSample', id: 'returnPercent' } as const;
    expect(sortRows(rows, out, true).map((r) => r.rank)).toEqual([0, 1, 2]);
    expect(sortRows(rows, out, false).map((r) => r.rank)).toEqual([1, 0, 2]);
    const irr = { kind: 'figure', period: 'outOfSample', id: 'irrPercent' } as const;
    expect(sortRows(rows, irr, false).map((r) => r.rank)).toEqual([0, 1, 2]);
  });
});
