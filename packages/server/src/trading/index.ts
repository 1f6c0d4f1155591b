import type { Platform } from '../platform/platform.js';
import { ManualTradesService } from './manual-trades.js';
import { PositionsService } from './positions.js';
import { ReversalRecordsService } from './reversal-records.js';
import { EngineSettingsService } from './settings.js';

export { DatabaseEngineStore } from './engine-store.js';
export { EngineSettingsService } from './settings.js';

/** The trading data services behind the position and market-state routes. */
export interface TradingServices {
  settings: EngineSettingsService;
  positions: PositionsService;
  manualTrades: ManualTradesService;
  reversals: ReversalRecordsService;
}

export function createTradingServices(platform: Platform): TradingServices {
  const settings = new EngineSettingsService(platform);
  return {
    settings,
    positions: new PositionsService(platform, settings),
    manualTrades: new ManualTradesService(platform),
    reversals: new ReversalRecordsService(platform),
  };
}
