import { BACKTEST_BASELINES, type BacktestBaselineId } from '@balancer/core';
import { type IrrConvention, XIRR } from '../metrics/irr-convention.js';
import { type ContributionSchedule, DEFAULT_SCHEDULE } from './schedule.js';

/**
 * The conventions of a backtest's comparison (docs/backtesting.md, Conventions): when and how
 * much DCA and value averaging contribute, which baselines run, and how IRR is computed. The
 * exchange's fee, lot and minimums are the ExchangeConfig's.
 */
export interface BaselineConventions {
  schedule: ContributionSchedule;
  /** Quote per contribution date, decimal string; null = starting cash ÷ dates (2 dp down). */
  contribution: string | null;
  /** Which baselines run, in any order (the report keeps BACKTEST_BASELINES' order). */
  baselines: readonly BacktestBaselineId[];
  irr: IrrConvention;
}

/** Today's behaviour: weekly from the start, the amount spreading the cash, all baselines, XIRR. */
export const DEFAULT_BASELINE_CONVENTIONS: BaselineConventions = {
  schedule: DEFAULT_SCHEDULE,
  contribution: null,
  baselines: BACKTEST_BASELINES,
  irr: XIRR,
};
