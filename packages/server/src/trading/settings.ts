import { CodedError, STRATEGY_TEMPLATES, type StrategyConfig, type StrategyTemplateId } from '@balancer/core';
import type { EngineSettings } from '@balancer/engine';
import type { DatabaseHandle } from '../db/connect.js';
import type { Platform } from '../platform/platform.js';
import { systemTime } from '../shared/clock.js';
import { ReadCache, written } from '../shared/read-cache.js';
import { type EngineSettingKey, readSettings, SETTING_PARSERS, writeSetting } from './settings-repository.js';

/**
 * How long a read of the settings is reused (ms). This process's own writes drop it at once;
 * the bound is for another instance writing to the same PostgreSQL.
 */
export const SETTINGS_CACHE_MS = 2_000;

/**
 * The operator's five engine settings (the four indicators' and the strategy; docs/trading-api.md):
 * read with the defaults for those never saved, replaced whole after core's checks. The engine
 * reads them on every tick, so a change takes effect on the next one.
 * Reads are kept in memory (routes such as GET /position/records need the strategy on every
 * request): `put` is the only writer of the table, and it drops the copy around its write.
 */
export class EngineSettingsService {
  private readonly cache: ReadCache<DatabaseHandle, EngineSettings>;

  constructor(
    readonly platform: Platform,
    private readonly now: () => number = systemTime,
  ) {
    this.cache = new ReadCache(SETTINGS_CACHE_MS, now);
  }

  /** All five settings. */
  all(): Promise<EngineSettings> {
    const handle = this.platform.database;
    return this.cache.get(handle, () => readSettings(handle.db));
  }

  async get<K extends EngineSettingKey>(key: K): Promise<EngineSettings[K]> {
    return (await this.all())[key];
  }

  /**
   * Replaces a setting after its core parse function checked it; bad input throws that
   * function's coded error (INVALID_<NAME>_CONFIG) and nothing is written. Returns what is stored.
   */
  async put<K extends EngineSettingKey>(key: K, input: unknown): Promise<EngineSettings[K]> {
    const value = SETTING_PARSERS[key](input) as EngineSettings[K];
    await written(
      () => this.cache.changed(),
      () => writeSetting(this.platform.database.db, key, value, this.now()),
    );
    return value;
  }

  /** Replaces the strategy with a full strategy, or with a template's values (`{template: id}`). */
  async putStrategy(input: unknown): Promise<StrategyConfig> {
    return this.put('strategy', templateOf(input) ?? input);
  }
}

/** The template's strategy when `input` is exactly `{template}`; unknown ids are refused. */
function templateOf(input: unknown): StrategyConfig | null {
  if (typeof input !== 'object' || input === null || Array.isArray(input)) return null;
  const keys = Object.keys(input);
  if (keys.length !== 1 || keys[0] !== 'template') return null;
  const id = (input as { template: unknown }).template;
  if (typeof id !== 'string' || !Object.hasOwn(STRATEGY_TEMPLATES, id)) {
    throw new CodedError('STRATEGY_TEMPLATE_UNKNOWN', String(id).slice(0, 40));
  }
  return STRATEGY_TEMPLATES[id as StrategyTemplateId];
}
