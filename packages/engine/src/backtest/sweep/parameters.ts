import { CodedError, Decimal, parseStrategyConfig, parseWindowConfig } from '@balancer/core';
import type { BacktestOptions } from '../run-backtest.js';

/**
 * The settings a sweep may vary, each within the bounds the live settings accept (core's strategy
 * and window schemas) and on the step those settings are written in. A combination the schemas
 * refuse as a whole (a strong requirement below the requirement, decrease levels out of order) is
 * skipped and counted, never bent into range.
 */
export interface SweepParameter {
  readonly id: string;
  readonly description: string;
  readonly min: number;
  readonly max: number;
  /** The values' grid: every value is min + k × step (2-decimal settings: 0.01). */
  readonly step: number;
  /** Whether the value is read by the window indicator (else only by the strategy's decisions). */
  readonly indicator: boolean;
  /** The options with this value in place (unchecked: checkCombination validates the whole). */
  apply(options: BacktestOptions, value: number): BacktestOptions;
}

/** 2-decimal rounding of a scaled percentage, half-up as core rounds. */
const twoDp = (value: number) => new Decimal(value).decimalPlaces(2, Decimal.ROUND_HALF_UP).toNumber();

const strategy = (
  id: string,
  description: string,
  bounds: { min: number; max: number; step: number },
  set: (options: BacktestOptions, value: number) => BacktestOptions['strategy'],
): SweepParameter => ({
  id,
  description,
  ...bounds,
  indicator: false,
  apply: (options, value) => ({ ...options, strategy: set(options, value) }),
});

export const SWEEP_PARAMETERS: readonly SweepParameter[] = [
  strategy(
    'increaseGainRequirement',
    'an add needs the position gain at or below this % (−99…0)',
    { min: -99, max: 0, step: 0.01 },
    (options, value) => ({ ...options.strategy, increaseGainRequirement: value }),
  ),
  strategy(
    'increaseIdleDuration',
    'hours to wait after an increase (1…1440)',
    { min: 1, max: 1440, step: 1 },
    (options, value) => ({ ...options.strategy, increaseIdleDuration: value }),
  ),
  strategy(
    'decreaseGainScale',
    "every decrease level's gain requirement × this factor (0.1…10, 2-decimal gains)",
    { min: 0.1, max: 10, step: 0.01 },
    (options, value) => ({
      ...options.strategy,
      decreaseLevels: options.strategy.decreaseLevels.map((level) => ({
        ...level,
        gainRequirement: twoDp(level.gainRequirement * value),
      })) as BacktestOptions['strategy']['decreaseLevels'],
    }),
  ),
  strategy(
    'decreasePercentageScale',
    "every decrease level's sell % × this factor, at most 100 (0.1…10)",
    { min: 0.1, max: 10, step: 0.01 },
    (options, value) => ({
      ...options.strategy,
      decreaseLevels: options.strategy.decreaseLevels.map((level) => ({
        ...level,
        percentage: Math.min(100, twoDp(level.percentage * value)),
      })) as BacktestOptions['strategy']['decreaseLevels'],
    }),
  ),
  {
    id: 'windowSize',
    description: 'candles in the window indicator (128…512)',
    min: 128,
    max: 512,
    step: 1,
    indicator: true,
    apply: (options, value) => ({ ...options, window: { ...options.window, size: value } }),
  },
  {
    id: 'windowRequirement',
    description: '% change of the window for state ±1 (0.01…100)',
    min: 0.01,
    max: 100,
    step: 0.001,
    indicator: true,
    apply: (options, value) => ({ ...options, window: { ...options.window, requirement: value } }),
  },
  {
    id: 'windowStrongRequirement',
    description: '% change of the window for state ±2 (0.01…100, above the requirement)',
    min: 0.01,
    max: 100,
    step: 0.001,
    indicator: true,
    apply: (options, value) => ({ ...options, window: { ...options.window, strongRequirement: value } }),
  },
];

export function sweepParameter(id: string): SweepParameter {
  const found = SWEEP_PARAMETERS.find((parameter) => parameter.id === id);
  if (!found)
    throw new CodedError(
      'SWEEP_INVALID',
      `unknown parameter ${id} (one of ${SWEEP_PARAMETERS.map((p) => p.id).join(', ')})`,
    );
  return found;
}

/** Whether the whole combination is one the live settings would accept. */
export function checkCombination(options: BacktestOptions): boolean {
  try {
    parseStrategyConfig(options.strategy);
    // The backtest window has no fetch interval of its own: the live defaults stand in for them.
    parseWindowConfig({ interval: '15m', refetchFrequency: 3, ...options.window });
    return true;
  } catch {
    return false;
  }
}
