/** A sweep row as the heatmap reads it: the swept values and a figure (null: none). */
export interface HeatmapInput {
  readonly point: Readonly<Record<string, number>>;
  readonly value: number | null;
}

export interface HeatmapCell {
  readonly x: number;
  readonly y: number;
  /** The best figure among the rows at (x, y) (other swept parameters vary); null when none ran. */
  readonly value: number | null;
  /** The value's place between the smallest and the largest figure, 0…1 (null without a value). */
  readonly level: number | null;
}

export interface HeatmapGrid {
  readonly xs: readonly number[];
  readonly ys: readonly number[];
  /** Row by row: ys[0]'s cells first, each row in xs' order. */
  readonly cells: readonly HeatmapCell[];
  readonly min: number | null;
  readonly max: number | null;
}

const sorted = (values: Iterable<number>) => [...new Set(values)].sort((a, b) => a - b);

/**
 * The grid of two swept parameters: one cell per pair of their values, the best figure of the
 * rows with that pair (`higherIsBetter` says which is best), and its level on the colour scale.
 */
export function heatmapGrid(
  rows: readonly HeatmapInput[],
  xParameter: string,
  yParameter: string,
  higherIsBetter = true,
): HeatmapGrid {
  const placed = rows.filter((row) => xParameter in row.point && yParameter in row.point);
  const xs = sorted(placed.map((row) => row.point[xParameter] as number));
  const ys = sorted(placed.map((row) => row.point[yParameter] as number));
  const best = new Map<string, number>();
  for (const row of placed) {
    if (row.value === null || !Number.isFinite(row.value)) continue;
    const key = `${row.point[xParameter]}|${row.point[yParameter]}`;
    const seen = best.get(key);
    if (seen === undefined || (higherIsBetter ? row.value > seen : row.value < seen))
      best.set(key, row.value);
  }
  const values = [...best.values()];
  const min = values.length ? Math.min(...values) : null;
  const max = values.length ? Math.max(...values) : null;
  const levelOf = (value: number) => {
    if (min === null || max === null || max === min) return 0.5;
    const t = (value - min) / (max - min);
    return higherIsBetter ? t : 1 - t;
  };
  const cells = ys.flatMap((y) =>
    xs.map((x) => {
      const value = best.get(`${x}|${y}`) ?? null;
      return { x, y, value, level: value === null ? null : levelOf(value) };
    }),
  );
  return { xs, ys, cells, min, max };
}

/** The scale's colour of a level (0 worst: red, 0.5 amber, 1 best: green), as an hsl() string. */
export function heatColour(level: number): string {
  const clamped = Math.min(1, Math.max(0, level));
  return `hsl(${Math.round(clamped * 120)} 70% ${Math.round(55 - clamped * 10)}%)`;
}
