import {
  CodedError,
  LAB_SWEEP_MAX_COMBINATIONS,
  type LabSweepBody,
  type LabSweepInputs,
  type StrategyConfig,
} from '@balancer/core';
import { gridPoints, randomPoints, rangeValues, type SweepPoint } from '@balancer/engine';
import { checkBacktestInputs } from './backtest-inputs.js';

/** The in-sample share when the body names none: rank on 70 %, check on the last 30 %. */
const DEFAULT_TRAIN_FRACTION = 0.7;

/**
 * A sweep request's inputs: the backtest's checks (the combinations' starting point), then each
 * range against its parameter's bounds and step (SWEEP_INVALID), and the count of combinations
 * against the API's bound (SWEEP_TOO_LARGE, naming the count): every problem before any job.
 */
export function checkSweepInputs(body: LabSweepBody, liveStrategy: StrategyConfig): LabSweepInputs {
  const { ranges, search: wanted, metric, trainFraction, ...backtest } = body;
  const inputs = checkBacktestInputs(backtest, liveStrategy);
  const search = wanted ?? { kind: 'grid' as const };
  const fraction = trainFraction === undefined ? DEFAULT_TRAIN_FRACTION : trainFraction;
  if (fraction !== null && !(fraction >= 0.5 && fraction <= 0.9))
    throw new CodedError('SWEEP_INVALID', 'trainFraction must be 0.5…0.9 (or null: no out-of-sample check)');
  const ids = ranges.map((range) => range.parameter);
  if (new Set(ids).size !== ids.length) throw new CodedError('SWEEP_INVALID', 'a parameter appears twice');
  const sizes = ranges.map((range) => rangeValues(range).length);
  const grid = sizes.reduce((product, size) => product * size, 1);
  const combinations = search.kind === 'grid' ? grid : Math.min(search.count, grid);
  if (combinations > LAB_SWEEP_MAX_COMBINATIONS)
    throw new CodedError(
      'SWEEP_TOO_LARGE',
      `${combinations} combinations (at most ${LAB_SWEEP_MAX_COMBINATIONS}: narrow a range, widen a step or draw a random search)`,
    );
  return {
    ...inputs,
    ranges,
    search,
    metric: metric ?? 'return-drawdown',
    trainFraction: fraction,
    combinations,
  };
}

/** The combinations of checked inputs (a random search draws them with its seed). */
export function sweepPointsOf(inputs: LabSweepInputs): SweepPoint[] {
  return inputs.search.kind === 'grid'
    ? gridPoints(inputs.ranges)
    : randomPoints(inputs.ranges, inputs.search.count, inputs.search.seed);
}
