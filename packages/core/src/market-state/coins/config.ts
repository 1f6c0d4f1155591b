import { z } from 'zod';
import { COIN_SYMBOL_PATTERN } from '../../validation/market.js';
import { parseConfig } from '../config-check.js';
import { REQUIREMENT_MAX, REQUIREMENT_MIN } from '../state-mapping.js';
import { DEFAULT_COINS_WHITELIST } from './whitelist.js';

/** A coin symbol as the exchange names its base asset (the shared validation's pattern). */
export const COIN_SYMBOL = COIN_SYMBOL_PATTERN;

/** The coins indicator's settings (docs/strategy.md#coins). */
export interface CoinsConfig {
  /** Coins that may be selected, unique, BTC included, 1–500 symbols. */
  whitelist: string[];
  /** How many coins are followed (BTC included), integer 1–24. */
  limit: number;
  /** Items per coin window, integer 128–512 (like the BTC window). */
  size: number;
  /** Seconds one window item covers, integer 5–60 (128 × 15 s ≈ 32 min of data). */
  interval: number;
  /** % change for state ±1, 0.01–100, below strongRequirement. */
  requirement: number;
  /** % change for state ±2, 0.01–100. */
  strongRequirement: number;
}

const requirementSchema = z.number().min(REQUIREMENT_MIN).max(REQUIREMENT_MAX);

/** The coins config schema; unknown keys are rejected. */
export const coinsConfigSchema = z
  .strictObject({
    whitelist: z
      .array(z.string().regex(COIN_SYMBOL, 'must be 1–20 capital letters or digits'))
      .min(1)
      .max(500)
      .refine((symbols) => new Set(symbols).size === symbols.length, 'must not repeat a symbol')
      .refine((symbols) => symbols.includes('BTC'), 'must include BTC'),
    limit: z.int().min(1).max(24),
    size: z.int().min(128).max(512),
    interval: z.int().min(5).max(60),
    requirement: requirementSchema,
    strongRequirement: requirementSchema,
  })
  .refine((config) => config.requirement < config.strongRequirement, {
    message: 'must be greater than the requirement',
    path: ['strongRequirement'],
  });

/** Parses a coins config or throws INVALID_COINS_CONFIG naming every bad field. Deep-frozen. */
export function parseCoinsConfig(input: unknown): CoinsConfig {
  return parseConfig(coinsConfigSchema, input, 'INVALID_COINS_CONFIG');
}

/** Top 24 of the default whitelist, 128 items of 15 s, ±0.01 % for state ±1 and ±0.3 % for ±2. */
export const DEFAULT_COINS_CONFIG: CoinsConfig = parseCoinsConfig({
  whitelist: [...DEFAULT_COINS_WHITELIST],
  limit: 24,
  size: 128,
  interval: 15,
  requirement: 0.01,
  strongRequirement: 0.3,
});
