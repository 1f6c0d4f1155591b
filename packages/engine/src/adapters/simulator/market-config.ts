import { parseWith } from '@balancer/core';
import { z } from 'zod';

/** Settings of the simulated market (validated; see docs/simulator.md). */
export const marketConfigSchema = z.strictObject({
  /** Market ms per wall ms: 1 = real time, 60 = one 15 m candle per 15 s. */
  speed: z.number().positive().max(1_000_000).default(60),
  /** Open time (ms) of the file candle to start at; default the first one. */
  startTime: z.number().int().nullable().default(null),
  /** Wall time (epoch ms) at which the replay starts. */
  wallStart: z.number().int().nonnegative(),
  /** Seed of every synthetic number (book sizes, altcoin noise). */
  seed: z.number().int().min(0).max(0xffff_ffff).default(1),
});

export type MarketConfigInput = z.input<typeof marketConfigSchema>;
export type MarketConfig = z.output<typeof marketConfigSchema>;

/** Validates the settings, or throws EXCHANGE_SIMULATOR_CONFIG_INVALID naming every bad field. */
export function parseMarketConfig(input: unknown): MarketConfig {
  return parseWith(marketConfigSchema, input, 'EXCHANGE_SIMULATOR_CONFIG_INVALID');
}
