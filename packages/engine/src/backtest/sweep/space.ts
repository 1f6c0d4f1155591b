import { CodedError, Decimal, seededRandom } from '@balancer/core';
import { type SweepParameter, sweepParameter } from './parameters.js';

/** The values one parameter takes: `from` to `to` (both included) by `step`. */
export interface SweepRange {
  readonly parameter: string;
  readonly from: number;
  readonly to: number;
  readonly step: number;
}

/** One combination: parameter id → value. */
export type SweepPoint = Readonly<Record<string, number>>;

/** The most combinations one sweep may run (a year of 15 m candles: ~40 ms each, ~7 min). */
export const MAX_SWEEP_COMBINATIONS = 10_000;

const invalid = (detail: string) => new CodedError('SWEEP_INVALID', detail);

/** A range's values as exact decimals (0.1 + 0.2 stays 0.3), checked against the parameter's bounds. */
export function rangeValues(range: SweepRange): number[] {
  const parameter = sweepParameter(range.parameter);
  const { from, to, step } = range;
  if (![from, to, step].every(Number.isFinite) || step <= 0 || from > to)
    throw invalid(`${range.parameter}: wants FROM ≤ TO and a STEP above 0`);
  if (from < parameter.min || to > parameter.max)
    throw invalid(`${range.parameter}: ${from}…${to} leaves its bounds ${parameter.min}…${parameter.max}`);
  if (!onGrid(step, parameter) || !onGrid(from, parameter))
    throw invalid(`${range.parameter}: FROM and STEP must be multiples of ${parameter.step}`);
  const count = new Decimal(to).minus(from).dividedToIntegerBy(step).toNumber() + 1;
  if (count > MAX_SWEEP_COMBINATIONS) throw invalid(`${range.parameter}: ${count} values`);
  return Array.from({ length: count }, (_, k) => new Decimal(step).times(k).plus(from).toNumber());
}

function onGrid(value: number, parameter: SweepParameter): boolean {
  return new Decimal(value).modulo(parameter.step).isZero();
}

/** Every combination of the ranges' values (a parameter may appear once). */
export function gridPoints(ranges: readonly SweepRange[]): SweepPoint[] {
  if (ranges.length === 0) throw invalid('no parameter to sweep');
  const ids = ranges.map((range) => range.parameter);
  if (new Set(ids).size !== ids.length) throw invalid('a parameter appears twice');
  const values = ranges.map(rangeValues);
  const total = values.reduce((product, list) => product * list.length, 1);
  if (total > MAX_SWEEP_COMBINATIONS)
    throw new CodedError('SWEEP_TOO_LARGE', `${total} combinations (at most ${MAX_SWEEP_COMBINATIONS})`);
  let points: Record<string, number>[] = [{}];
  ranges.forEach((range, index) => {
    points = points.flatMap((point) =>
      (values[index] ?? []).map((value) => ({ ...point, [range.parameter]: value })),
    );
  });
  return points;
}

/**
 * `count` combinations drawn uniformly from the ranges' values with `seed` (repeats removed, so a
 * small space may give fewer).
 */
export function randomPoints(ranges: readonly SweepRange[], count: number, seed: number): SweepPoint[] {
  if (!Number.isInteger(count) || count < 1 || count > MAX_SWEEP_COMBINATIONS)
    throw invalid(`random search wants 1…${MAX_SWEEP_COMBINATIONS} combinations`);
  if (ranges.length === 0) throw invalid('no parameter to sweep');
  const values = ranges.map(rangeValues);
  const next = seededRandom(seed);
  const seen = new Map<string, SweepPoint>();
  for (let drawn = 0; drawn < count * 4 && seen.size < count; drawn++) {
    const point: Record<string, number> = {};
    ranges.forEach((range, index) => {
      const list = values[index] ?? [];
      point[range.parameter] = list[Math.floor(next() * list.length)] ?? list[0]!;
    });
    seen.set(JSON.stringify(point), point);
  }
  return [...seen.values()];
}
