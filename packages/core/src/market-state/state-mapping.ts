import { CodedError } from '../errors/coded-error.js';
import { round2HalfUp } from '../numbers/fast.js';
import type { MarketStateValue, StateRequirements } from './types.js';

/** Bounds of a requirement or strong requirement, in % (docs/strategy.md#window). */
export const REQUIREMENT_MIN = 0.01;
export const REQUIREMENT_MAX = 100;

/**
 * Throws INVALID_STATE_REQUIREMENTS unless 0.01 ≤ requirement < strong ≤ 100. Plain comparisons,
 * no schema: it runs on every window state of a backtest.
 */
export function assertRequirements(requirement: number, strongRequirement: number): void {
  if (
    !(requirement >= REQUIREMENT_MIN && requirement <= REQUIREMENT_MAX) ||
    !(strongRequirement >= REQUIREMENT_MIN && strongRequirement <= REQUIREMENT_MAX) ||
    !(requirement < strongRequirement)
  ) {
    throw new CodedError(
      'INVALID_STATE_REQUIREMENTS',
      `requirement ${requirement}, strong requirement ${strongRequirement}`,
    );
  }
}

/** Reads the requirements of a config-like object, checked. */
export function requirementsOf(config: StateRequirements): StateRequirements {
  if (typeof config !== 'object' || config === null) {
    throw new CodedError('INVALID_STATE_REQUIREMENTS', 'expected {requirement, strongRequirement}');
  }
  assertRequirements(config.requirement, config.strongRequirement);
  return config;
}

/**
 * The state of a change in %: 2 if ≥ strong, 1 if ≥ requirement, −2 if ≤ −strong, −1 if
 * ≤ −requirement, else 0, checked in that order (docs/strategy.md#window). The caller has checked the
 * requirements (0 < requirement < strong), so the order never matters for valid ones.
 */
export function changeState(
  change: number,
  requirement: number,
  strongRequirement: number,
): MarketStateValue {
  if (change >= strongRequirement) return 2;
  if (change >= requirement) return 1;
  if (change <= -strongRequirement) return -2;
  if (change <= -requirement) return -1;
  return 0;
}

/**
 * The state of a mean of states (window splits, coins of a family): the mean rounded to 2 dp,
 * then ≥ 1.5 → 2, ≥ 0.75 → 1, ≤ −1.5 → −2, ≤ −0.75 → −1, else 0.
 */
export function meanState(mean: number): MarketStateValue {
  const rounded = round2HalfUp(mean);
  if (rounded >= 1.5) return 2;
  if (rounded >= 0.75) return 1;
  if (rounded <= -1.5) return -2;
  if (rounded <= -0.75) return -1;
  return 0;
}

/**
 * `meanState(sum / 8)` for the eight split states of a window, in integers. The mean is k/8, so
 * rounding to 2 dp never crosses a threshold: ≥ 1.5 ⇔ sum ≥ 12 and ≥ 0.75 ⇔ sum ≥ 6 (a test
 * checks every sum from −16 to 16).
 */
export function splitSumState(sum: number): MarketStateValue {
  if (sum >= 12) return 2;
  if (sum >= 6) return 1;
  if (sum <= -12) return -2;
  if (sum <= -6) return -1;
  return 0;
}
