import { CodedError } from '../errors/coded-error.js';
import { roundDecimal, toDecimal } from '../numbers/decimal.js';
import { type DecreaseLevel, parseStrategyConfig, type StrategyConfig } from './config.js';

export type StrategyTemplateId = 'EAGER_SCALPER' | 'SCALPER' | 'EAGER_SWING_TRADER' | 'SWING_TRADER';

type Five<T> = [T, T, T, T, T];

/** Sell % of every template (docs/strategy.md#settings-and-templates). */
const PERCENTAGES: Five<number> = [5, 10, 17.5, 25, 35];
const SCALPER_GAINS: Five<number> = [1.5, 3.5, 5.5, 7.5, 10];
const SWING_GAINS: Five<number> = [3, 6, 9, 12, 15];
const EAGER_FREQUENCIES: Five<number> = [240, 120, 80, 30, 10];
const PATIENT_FREQUENCIES: Five<number> = [480, 240, 160, 60, 20];

function levels(gains: Five<number>, frequencies: Five<number>): Five<DecreaseLevel> {
  return gains.map((gainRequirement, i) => ({
    gainRequirement,
    percentage: PERCENTAGES[i]!,
    frequency: frequencies[i]!,
  })) as Five<DecreaseLevel>;
}

function deepFreeze<T>(value: T): T {
  if (value !== null && typeof value === 'object') {
    for (const child of Object.values(value)) deepFreeze(child);
    Object.freeze(value);
  }
  return value;
}

/** Every template shares the increase side of the defaults; they differ only in decrease levels. */
function template(decreaseLevels: Five<DecreaseLevel>): StrategyConfig {
  // Parsing checks at load time that the template itself respects every bound.
  return deepFreeze(
    parseStrategyConfig({
      canIncrease: true,
      canDecrease: true,
      increaseAmountQuote: '100',
      increaseGainRequirement: -3,
      increaseIdleDuration: 48,
      increaseIdleMode: 'incremental',
      decreaseLevels,
    }),
  );
}

/** The four templates of docs/strategy.md#settings-and-templates (frozen). */
export const STRATEGY_TEMPLATES: Record<StrategyTemplateId, StrategyConfig> = Object.freeze({
  EAGER_SCALPER: template(levels(SCALPER_GAINS, EAGER_FREQUENCIES)),
  SCALPER: template(levels(SCALPER_GAINS, PATIENT_FREQUENCIES)),
  EAGER_SWING_TRADER: template(levels(SWING_GAINS, EAGER_FREQUENCIES)),
  SWING_TRADER: template(levels(SWING_GAINS, PATIENT_FREQUENCIES)),
});

/** The default strategy is the Eager Scalper template. */
export const DEFAULT_STRATEGY_CONFIG: StrategyConfig = STRATEGY_TEMPLATES.EAGER_SCALPER;

/**
 * Budget advice shown to operators: with a fixed budget, increase amount = budget ÷ 10, rounded
 * DOWN to 2 dp so the advice never adds up to more than the budget. Decimal strings in and out.
 */
export function increaseAmountForBudget(budget: string): string {
  let value: ReturnType<typeof toDecimal>;
  try {
    value = toDecimal(budget);
  } catch (error) {
    throw new CodedError('INVALID_BUDGET', String(budget), { cause: error });
  }
  if (!value.isGreaterThan(0)) throw new CodedError('INVALID_BUDGET', String(budget));
  return roundDecimal(value.dividedBy(10), 2, 'ROUND_DOWN').toFixed();
}
