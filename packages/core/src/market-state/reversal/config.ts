import { z } from 'zod';
import { parseConfig } from '../config-check.js';

/** The reversal indicator's settings (docs/strategy.md#reversal). */
export interface ReversalConfig {
  /** Minutes a crash state lasts unless the window state reaches 2 first, integer 5–10080. */
  crashDuration: number;
  /** Total points (of 100) at which the reversal event fires, 50–100. */
  pointsRequirement: number;
  /** How many of the 100 points each indicator can give: each 1–100, summing to exactly 100. */
  weights: { liquidity: number; coinsQuote: number; coinsBase: number };
}

const weightSchema = z.number().min(1).max(100);

/** The reversal config schema; unknown keys are rejected. */
export const reversalConfigSchema = z.strictObject({
  crashDuration: z.int().min(5).max(10_080),
  pointsRequirement: z.number().min(50).max(100),
  weights: z
    .strictObject({ liquidity: weightSchema, coinsQuote: weightSchema, coinsBase: weightSchema })
    // A tolerance of 1e-9 only forgives float sums such as 33.3 + 33.3 + 33.4.
    .refine((w) => Math.abs(w.liquidity + w.coinsQuote + w.coinsBase - 100) < 1e-9, 'must add up to 100'),
});

/** Parses a reversal config or throws INVALID_REVERSAL_CONFIG naming every bad field. Deep-frozen. */
export function parseReversalConfig(input: unknown): ReversalConfig {
  return parseConfig(reversalConfigSchema, input, 'INVALID_REVERSAL_CONFIG');
}

/** Crashes last 6 h; the event fires at 78 points; liquidity 35, each coins family 32.5. */
export const DEFAULT_REVERSAL_CONFIG: ReversalConfig = parseReversalConfig({
  crashDuration: 360,
  pointsRequirement: 78,
  weights: { liquidity: 35, coinsQuote: 32.5, coinsBase: 32.5 },
});
