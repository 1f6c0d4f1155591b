import { describe, expect, it } from 'vitest';
import { heatColour, heatmapGrid } from './heatmap-grid';

const row = (a: number, b: number, value: number | null, c = 0) => ({ point: { a, b, c }, value });

describe('heatmapGrid', () => {
  it('places each pair of values once, row by row, with its level between the worst and the best', () => {
    const grid = heatmapGrid([row(2, 10, 5), row(1, 10, 1), row(1, 20, 3), row(2, 20, null)], 'a', 'b');
    expect(grid.xs).toEqual([1, 2]);
    expect(grid.ys).toEqual([10, 20]);
    expect(grid.cells).toEqual([
      { x: 1, y: 10, value: 1, level: 0 },
      { x: 2, y: 10, value: 5, level: 1 },
      { x: 1, y: 20, value: 3, level: 0.5 },
      { x: 2, y: 20, value: null, level: null },
    ]);
    expect([grid.min, grid.max]).toEqual([1, 5]);
  });

  it('keeps the best row of a pair when a third parameter varies, lower being better when asked', () => {
    const rows = [row(1, 1, 4, 0), row(1, 1, 9, 1), row(2, 1, 6, 0)];
    expect(heatmapGrid(rows, 'a', 'b').cells.map((cell) => cell.value)).toEqual([9, 6]);
    const lower = heatmapGrid(rows, 'a', 'b', false);
    expect(lower.cells.map((cell) => [cell.value, cell.level])).toEqual([
      [4, 1],
      [6, 0],
    ]);
  });

  it('gives one level to equal figures and colours from red to green', () => {
    expect(heatmapGrid([row(1, 1, 3), row(2, 1, 3)], 'a', 'b').cells.map((c) => c.level)).toEqual([0.5, 0.5]);
    expect(heatmapGrid([], 'a', 'b')).toEqual({ xs: [], ys: [], cells: [], min: null, max: null });
    expect(heatColour(0)).toBe('hsl(0 70% 55%)');
    expect(heatColour(1)).toBe('hsl(120 70% 45%)');
    expect(heatColour(7)).toBe(heatColour(1));
  });
});
