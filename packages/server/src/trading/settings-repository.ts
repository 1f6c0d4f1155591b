import {
  CodedError,
  DEFAULT_COINS_CONFIG,
  DEFAULT_LIQUIDITY_CONFIG,
  DEFAULT_REVERSAL_CONFIG,
  DEFAULT_STRATEGY_CONFIG,
  DEFAULT_WINDOW_CONFIG,
  isCodedError,
  parseCoinsConfig,
  parseLiquidityConfig,
  parseReversalConfig,
  parseStrategyConfig,
  parseWindowConfig,
} from '@balancer/core';
import type { EngineSettings } from '@balancer/engine';
import type { Db } from './database.js';
import { toJson } from './database.js';
import type { EngineSettingKey } from './tables.js';

export type { EngineSettingKey } from './tables.js';

/** Each setting's core parse function: it checks every bound and throws INVALID_<NAME>_CONFIG. */
export const SETTING_PARSERS: { [K in EngineSettingKey]: (input: unknown) => EngineSettings[K] } = {
  window: parseWindowConfig,
  liquidity: parseLiquidityConfig,
  coins: parseCoinsConfig,
  reversal: parseReversalConfig,
  strategy: parseStrategyConfig,
};

/** What the engine uses for a setting never saved (the strategy: the Eager Scalper template). */
export const DEFAULT_SETTINGS: EngineSettings = {
  window: DEFAULT_WINDOW_CONFIG,
  liquidity: DEFAULT_LIQUIDITY_CONFIG,
  coins: DEFAULT_COINS_CONFIG,
  reversal: DEFAULT_REVERSAL_CONFIG,
  strategy: DEFAULT_STRATEGY_CONFIG,
};

export const SETTING_KEYS = Object.keys(SETTING_PARSERS) as EngineSettingKey[];

function parseStored<K extends EngineSettingKey>(key: K, value: unknown): EngineSettings[K] {
  try {
    return SETTING_PARSERS[key](value);
  } catch (error) {
    // Saved values passed these checks; failing now means a later version tightened a bound.
    const detail = isCodedError(error) ? (error.detail ?? error.message) : String(error);
    throw new CodedError('STORED_SETTING_INVALID', `${key}: ${detail}`, { cause: error });
  }
}

/** The five settings as stored, each checked again, with the defaults for the missing ones. */
export async function readSettings(db: Db): Promise<EngineSettings> {
  const rows = await db.selectFrom('engine_setting').select(['key', 'value']).execute();
  const settings: EngineSettings = { ...DEFAULT_SETTINGS };
  for (const { key, value } of rows) {
    (settings as unknown as Record<string, unknown>)[key] = parseStored(key, value);
  }
  return settings;
}

/** Stores one setting; the caller has checked it with SETTING_PARSERS. */
export async function writeSetting(
  db: Db,
  key: EngineSettingKey,
  value: unknown,
  now: number,
): Promise<void> {
  await db
    .insertInto('engine_setting')
    .values({ key, value: toJson(value), updated_at: now })
    .onConflict((oc) => oc.column('key').doUpdateSet({ value: toJson(value), updated_at: now }))
    .execute();
}
