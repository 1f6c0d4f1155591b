import { LAB_SWEEP_MAX_COMBINATIONS, type LabSweepBody } from '@balancer/core';

/** One parameter's range as the form holds it. */
export interface RangeInput {
  readonly parameter: string;
  readonly from: number;
  readonly to: number;
  readonly step: number;
}

/**
 * Candle replays a sweep runs per second on the default 2 threads (the lab's figure
 * `sweep_100_year_15m_s`: 100 combinations of a 35,000-candle year in about 10 s, rounded down):
 * the base of the form's estimate, never a promise.
 */
export const SWEEP_CANDLES_PER_SECOND = 300_000;

/** Decimal places of a step written in decimal (0.01 → 2, 0.001 → 3, 1 → 0). */
const placesOf = (step: number): number => {
  const text = String(step);
  const exponent = /e-(\d+)$/.exec(text);
  if (exponent) return Number(exponent[1]);
  const dot = text.indexOf('.');
  return dot === -1 ? 0 : text.length - dot - 1;
};

/**
 * A parameter's first range, `min` to `min + 2 × step`, by `step`, written on the step's grid:
 * 0.1 + 2 × 0.01 is 0.12, never 0.12000000000000001.
 */
export function defaultRange(spec: { id: string; min: number; step: number }): RangeInput {
  const places = placesOf(spec.step);
  const onGrid = (value: number) => Number(value.toFixed(places));
  return {
    parameter: spec.id,
    from: onGrid(spec.min),
    to: onGrid(spec.min + spec.step * 2),
    step: spec.step,
  };
}

/** Values a range yields: from, from + step, … up to `to` (both included); 0 when it is empty. */
export function valuesInRange(range: RangeInput): number {
  if (!(range.step > 0) || !Number.isFinite(range.from) || !Number.isFinite(range.to)) return 0;
  if (range.to < range.from) return 0;
  // A small tolerance: 0.1 + 0.1 + 0.1 lands a hair above 0.3.
  return Math.floor((range.to - range.from) / range.step + 1e-9) + 1;
}

/** Combinations a sweep runs: the grid's product, or the random search's count (at most the grid). */
export function combinationCount(ranges: readonly RangeInput[], search: LabSweepBody['search']): number {
  if (ranges.length === 0) return 0;
  const grid = ranges.reduce((product, range) => product * valuesInRange(range), 1);
  return search?.kind === 'random' ? Math.min(search.count, grid) : grid;
}

/** Whether the API accepts this many (POST /lab/sweeps refuses more than 500). */
export const withinLimit = (count: number) => count >= 1 && count <= LAB_SWEEP_MAX_COMBINATIONS;

/** Candles in a period of a data set, assuming they are evenly spread over its range. */
export function candlesInPeriod(
  set: { candles: number; fromMs: number | null; toMs: number | null },
  fromMs: number | null,
  toMs: number | null,
): number {
  if (set.fromMs === null || set.toMs === null || set.candles === 0) return 0;
  const start = Math.max(set.fromMs, fromMs ?? set.fromMs);
  const end = Math.min(set.toMs, toMs ?? set.toMs);
  if (end < start) return 0;
  const span = set.toMs - set.fromMs;
  return span === 0 ? set.candles : Math.round((set.candles * (end - start)) / span);
}

/**
 * The estimated seconds of a sweep: each combination replays the period once (the in-sample and
 * out-of-sample parts together), at SWEEP_CANDLES_PER_SECOND; at least 1 s.
 */
export function estimateSeconds(combinations: number, candles: number): number {
  return Math.max(1, Math.ceil((combinations * candles) / SWEEP_CANDLES_PER_SECOND));
}

/** "about 12 s", "about 3 min". */
export function formatEstimate(seconds: number): string {
  return seconds < 90 ? `about ${seconds} s` : `about ${Math.round(seconds / 60)} min`;
}
