import { Decimal } from '../numbers/decimal.js';
import type { StrategyConfig } from '../strategy/config.js';

/**
 * The settings a lab sweep may vary (docs/backtesting.md, Sweeps), each within the bounds the
 * live settings accept and on the step they are written in: the engine sweeps them, the web app
 * offers them in its form. `indicator`: read by the window indicator (not part of the live
 * strategy settings, so a row varying one cannot be applied).
 */
export interface LabSweepParameterSpec {
  readonly id: string;
  readonly description: string;
  readonly min: number;
  readonly max: number;
  /** The values' grid: every value is min + k × step (2-decimal settings: 0.01). */
  readonly step: number;
  readonly indicator: boolean;
}

export const LAB_SWEEP_PARAMETERS: readonly LabSweepParameterSpec[] = [
  {
    id: 'increaseGainRequirement',
    description: 'an add needs the position gain at or below this % (−99…0)',
    min: -99,
    max: 0,
    step: 0.01,
    indicator: false,
  },
  {
    id: 'increaseIdleDuration',
    description: 'hours to wait after an increase (1…1440)',
    min: 1,
    max: 1440,
    step: 1,
    indicator: false,
  },
  {
    id: 'decreaseGainScale',
    description: "every decrease level's gain requirement × this factor (0.1…10, 2-decimal gains)",
    min: 0.1,
    max: 10,
    step: 0.01,
    indicator: false,
  },
  {
    id: 'decreasePercentageScale',
    description: "every decrease level's sell % × this factor, at most 100 (0.1…10)",
    min: 0.1,
    max: 10,
    step: 0.01,
    indicator: false,
  },
  {
    id: 'windowSize',
    description: 'candles in the window indicator (128…512)',
    min: 128,
    max: 512,
    step: 1,
    indicator: true,
  },
  {
    id: 'windowRequirement',
    description: '% change of the window for state ±1 (0.01…100)',
    min: 0.01,
    max: 100,
    step: 0.001,
    indicator: true,
  },
  {
    id: 'windowStrongRequirement',
    description: '% change of the window for state ±2 (0.01…100, above the requirement)',
    min: 0.01,
    max: 100,
    step: 0.001,
    indicator: true,
  },
];

/** 2-decimal rounding of a scaled percentage, half-up as core rounds. */
const twoDp = (value: number) => new Decimal(value).decimalPlaces(2, Decimal.ROUND_HALF_UP).toNumber();

/**
 * A strategy with one strategy parameter's value in place (unchecked: the whole is checked by the
 * caller). An indicator parameter or an unknown id leaves the strategy as it is.
 */
export function applyStrategyParameter(strategy: StrategyConfig, id: string, value: number): StrategyConfig {
  switch (id) {
    case 'increaseGainRequirement':
      return { ...strategy, increaseGainRequirement: value };
    case 'increaseIdleDuration':
      return { ...strategy, increaseIdleDuration: value };
    case 'decreaseGainScale':
      return {
        ...strategy,
        decreaseLevels: strategy.decreaseLevels.map((level) => ({
          ...level,
          gainRequirement: twoDp(level.gainRequirement * value),
        })) as StrategyConfig['decreaseLevels'],
      };
    case 'decreasePercentageScale':
      return {
        ...strategy,
        decreaseLevels: strategy.decreaseLevels.map((level) => ({
          ...level,
          percentage: Math.min(100, twoDp(level.percentage * value)),
        })) as StrategyConfig['decreaseLevels'],
      };
    default:
      return strategy;
  }
}
