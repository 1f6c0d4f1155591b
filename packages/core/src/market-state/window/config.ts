import { z } from 'zod';
import { parseConfig } from '../config-check.js';
import { REQUIREMENT_MAX, REQUIREMENT_MIN } from '../state-mapping.js';

/** Candle intervals the window can use (docs/strategy.md#window). */
export const CANDLE_INTERVALS = ['1m', '5m', '15m', '30m', '1h', '1d', '1w'] as const;
export type CandleInterval = (typeof CANDLE_INTERVALS)[number];

/** Each interval in milliseconds (a candle's open time + this = the next one's). */
export const CANDLE_INTERVAL_MS: Readonly<Record<CandleInterval, number>> = Object.freeze({
  '1m': 60_000,
  '5m': 300_000,
  '15m': 900_000,
  '30m': 1_800_000,
  '1h': 3_600_000,
  '1d': 86_400_000,
  '1w': 604_800_000,
});

/** The window indicator's settings (docs/strategy.md#window). */
export interface WindowConfig {
  /** Candles in the window, integer 128–512. */
  size: number;
  interval: CandleInterval;
  /** Seconds between two fetches of the latest candles, 2.5–60. */
  refetchFrequency: number;
  /** % change for state ±1, 0.01–100, below strongRequirement. */
  requirement: number;
  /** % change for state ±2, 0.01–100. */
  strongRequirement: number;
}

const requirementSchema = z.number().min(REQUIREMENT_MIN).max(REQUIREMENT_MAX);

/** The window config schema with the bounds of docs/strategy.md#window; unknown keys are rejected. */
export const windowConfigSchema = z
  .strictObject({
    size: z.int().min(128).max(512),
    interval: z.enum(CANDLE_INTERVALS),
    refetchFrequency: z.number().min(2.5).max(60),
    requirement: requirementSchema,
    strongRequirement: requirementSchema,
  })
  .refine((config) => config.requirement < config.strongRequirement, {
    message: 'must be greater than the requirement',
    path: ['strongRequirement'],
  });

/** Parses a window config or throws INVALID_WINDOW_CONFIG naming every bad field. Deep-frozen. */
export function parseWindowConfig(input: unknown): WindowConfig {
  return parseConfig(windowConfigSchema, input, 'INVALID_WINDOW_CONFIG');
}

/** 128 candles of 15 min, fetched every 3 s; ±0.025 % for state ±1, ±0.85 % for ±2. */
export const DEFAULT_WINDOW_CONFIG: WindowConfig = parseWindowConfig({
  size: 128,
  interval: '15m',
  refetchFrequency: 3,
  requirement: 0.025,
  strongRequirement: 0.85,
});
