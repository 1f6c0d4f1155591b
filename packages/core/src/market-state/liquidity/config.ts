import { z } from 'zod';
import { parseConfig } from '../config-check.js';

/** Intensity of a book level: 0 (below every threshold) to 4 (at or above meanHighAdj). */
export type Intensity = 0 | 1 | 2 | 3 | 4;

/** The liquidity indicator's settings (docs/strategy.md#liquidity). */
export interface LiquidityConfig {
  /** Levels farther than this % from the price are ignored, 0.01–100. */
  maxDistanceFromPrice: number;
  /** Points a level of each intensity adds to its side, integers 1–100. */
  intensityWeights: { 1: number; 2: number; 3: number; 4: number };
}

const weightSchema = z.int().min(1).max(100);

/** The liquidity config schema with the bounds of docs/strategy.md#liquidity; unknown keys are rejected. */
export const liquidityConfigSchema = z.strictObject({
  maxDistanceFromPrice: z.number().min(0.01).max(100),
  intensityWeights: z.strictObject({ 1: weightSchema, 2: weightSchema, 3: weightSchema, 4: weightSchema }),
});

/** Parses a liquidity config or throws INVALID_LIQUIDITY_CONFIG naming every bad field. Deep-frozen. */
export function parseLiquidityConfig(input: unknown): LiquidityConfig {
  return parseConfig(liquidityConfigSchema, input, 'INVALID_LIQUIDITY_CONFIG');
}

/** Levels within 0.15 % of the price; weights 1, 3, 6, 9 for intensities 1–4. */
export const DEFAULT_LIQUIDITY_CONFIG: LiquidityConfig = parseLiquidityConfig({
  maxDistanceFromPrice: 0.15,
  intensityWeights: { 1: 1, 2: 3, 3: 6, 4: 9 },
});
