import { z } from 'zod';
import { Decimal } from '../numbers/decimal.js';
import { parseWith } from '../validation/parse.js';
import { MIN_INCREASE_AMOUNT_QUOTE } from './constants.js';

/** One decrease level: sell `percentage` % of the position once its gain reaches `gainRequirement` %. */
export interface DecreaseLevel {
  /** Gain (%) from which this level is active. */
  gainRequirement: number;
  /** Share of the position to sell (%). */
  percentage: number;
  /** Minutes between two sells of this level. */
  frequency: number;
}

/** The operator's strategy (docs/strategy.md#settings-and-templates). */
export interface StrategyConfig {
  canIncrease: boolean;
  canDecrease: boolean;
  /** Quote spent by one increase, decimal string ≥ MIN_INCREASE_AMOUNT_QUOTE. */
  increaseAmountQuote: string;
  /** An add needs the gain ≤ this % (−99..0); 0 disables the check. */
  increaseGainRequirement: number;
  /** Hours to wait after an increase before the next add (1–1440). */
  increaseIdleDuration: number;
  /** incremental: wait = idle × increases so far; fixed: wait = idle. */
  increaseIdleMode: 'incremental' | 'fixed';
  decreaseLevels: [DecreaseLevel, DecreaseLevel, DecreaseLevel, DecreaseLevel, DecreaseLevel];
}

/** At most 2 decimals, like every percentage the strategy compares against a 2 dp gain. */
const twoDecimals = (value: number): boolean => new Decimal(value).decimalPlaces()! <= 2;
const TWO_DP = 'must have at most 2 decimals';

const levelSchema = z.strictObject({
  gainRequirement: z.number().min(0.1).refine(twoDecimals, TWO_DP),
  percentage: z.number().min(1).max(100).refine(twoDecimals, TWO_DP),
  frequency: z.number().int().min(3).max(43_200),
});

const amountSchema = z
  .string()
  // abort: the refinement below reads the text as a decimal, so it must not run on other text.
  .regex(/^\d+(\.\d{1,8})?$/, { message: 'must be a decimal string with at most 8 decimals', abort: true })
  .refine((value) => new Decimal(value).gte(MIN_INCREASE_AMOUNT_QUOTE), {
    message: `must be at least ${MIN_INCREASE_AMOUNT_QUOTE}`,
  });

/** Rising gains (step ≥ 0.01), non-decreasing sell %, non-increasing frequencies. */
function checkLevelOrder(levels: readonly DecreaseLevel[], ctx: z.RefinementCtx): void {
  for (let i = 1; i < levels.length; i += 1) {
    const previous = levels[i - 1]!;
    const level = levels[i]!;
    if (new Decimal(level.gainRequirement).minus(previous.gainRequirement).lt('0.01')) {
      ctx.addIssue({
        code: 'custom',
        path: [i, 'gainRequirement'],
        message: `must be at least 0.01 above level ${i}'s (${previous.gainRequirement})`,
      });
    }
    if (level.percentage < previous.percentage) {
      ctx.addIssue({
        code: 'custom',
        path: [i, 'percentage'],
        message: `must not be below level ${i}'s (${previous.percentage})`,
      });
    }
    if (level.frequency > previous.frequency) {
      ctx.addIssue({
        code: 'custom',
        path: [i, 'frequency'],
        message: `must not be above level ${i}'s (${previous.frequency})`,
      });
    }
  }
}

/** The strategy schema with every bound of docs/strategy.md#settings-and-templates; unknown keys are rejected. */
export const strategyConfigSchema = z.strictObject({
  canIncrease: z.boolean(),
  canDecrease: z.boolean(),
  increaseAmountQuote: amountSchema,
  increaseGainRequirement: z.number().min(-99).max(0).refine(twoDecimals, TWO_DP),
  increaseIdleDuration: z.number().min(1).max(1440),
  increaseIdleMode: z.enum(['incremental', 'fixed']),
  decreaseLevels: z
    .tuple([levelSchema, levelSchema, levelSchema, levelSchema, levelSchema])
    .superRefine(checkLevelOrder),
}) satisfies z.ZodType<StrategyConfig>;

/** Validates a strategy; throws INVALID_STRATEGY_CONFIG naming every bad field. Returns a copy. */
export function parseStrategyConfig(input: unknown): StrategyConfig {
  return parseWith(strategyConfigSchema, input, 'INVALID_STRATEGY_CONFIG');
}
