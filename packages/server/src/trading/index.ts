import type { Platform } from '../platform/platform.js';
import { type Clock, SYSTEM_CLOCK } from '../shared/clock.js';
import { EquityHistoryService } from './equity-history.js';
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
  equity: EquityHistoryService;
}

/** Built on the platform's clock (wall time; tests building them alone get the system's). */
export function createTradingServices(platform: Platform, clock: Clock = SYSTEM_CLOCK): TradingServices {
  const settings = new EngineSettingsService(platform, clock.wallNow);
  return {
    settings,
    positions: new PositionsService(platform, settings, clock.wallNow),
    manualTrades: new ManualTradesService(platform),
    reversals: new ReversalRecordsService(platform),
    equity: new EquityHistoryService(platform),
  };
}
