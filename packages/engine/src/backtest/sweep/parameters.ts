import {
  applyStrategyParameter,
  CodedError,
  LAB_SWEEP_PARAMETERS,
  type LabSweepParameterSpec,
  parseStrategyConfig,
  parseWindowConfig,
} from '@balancer/core';
import type { BacktestOptions } from '../run-backtest.js';

/**
 * The settings a sweep may vary, each within the bounds the live settings accept (core's strategy
 * and window schemas) and on the step those settings are written in. A combination the schemas
 * refuse as a whole (a strong requirement below the requirement, decrease levels out of order) is
 * skipped and counted, never bent into range.
 */
export interface SweepParameter extends LabSweepParameterSpec {
  /** The options with this value in place (unchecked: checkCombination validates the whole). */
  apply(options: BacktestOptions, value: number): BacktestOptions;
}

/** The options with the window's field set to the value (an indicator parameter). */
const WINDOW_FIELDS: Readonly<Record<string, keyof BacktestOptions['window']>> = {
  windowSize: 'size',
  windowRequirement: 'requirement',
  windowStrongRequirement: 'strongRequirement',
};

/** Core's parameters (bounds shared with the web app's form), each with how it is applied. */
export const SWEEP_PARAMETERS: readonly SweepParameter[] = LAB_SWEEP_PARAMETERS.map((spec) => {
  const field = WINDOW_FIELDS[spec.id];
  return {
    ...spec,
    apply: (options: BacktestOptions, value: number): BacktestOptions =>
      field
        ? { ...options, window: { ...options.window, [field]: value } }
        : { ...options, strategy: applyStrategyParameter(options.strategy, spec.id, value) },
  };
});

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
