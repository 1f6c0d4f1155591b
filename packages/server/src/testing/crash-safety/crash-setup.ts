import { openDatabase } from '../../db/connect.js';
import { migrateToLatest } from '../../db/migrate.js';
import { Platform } from '../../platform/platform.js';
import { EngineSettingsService } from '../../trading/index.js';
import type { CrashVenue } from './crash-venues.js';

export {
  binanceVenue,
  CRASH_PRICE,
  CRASH_VENUES,
  type CrashVenue,
  HOLDING_VENUES,
  type HoldingVenue,
  startCrashExchange,
} from './crash-venues.js';

/**
 * Migrates the database and has the coins indicator follow BTC only: the other default coins need
 * Binance's ticker/24hr, which ccxt throttles to seconds a call, and the test is about orders.
 */
export async function prepareCrashDatabase(options: {
  databaseUrl?: string;
  dataDir: string;
}): Promise<void> {
  const handle = await openDatabase(options);
  try {
    await migrateToLatest(handle.db);
    const platform = new Platform();
    platform.markReady(handle);
    await new EngineSettingsService(platform).put('coins', {
      whitelist: ['BTC'],
      limit: 1,
      size: 128,
      interval: 5,
      requirement: 0.01,
      strongRequirement: 0.05,
    });
  } finally {
    await handle.close();
  }
}

/** The crash child's environment: live mode on the venue's stand-in, on the test's database. */
export function crashChildEnv(
  venue: CrashVenue,
  database: { databaseUrl?: string; dataDir: string },
  seed: number,
): Record<string, string> {
  return {
    BALANCER_DATA_DIR: database.dataDir,
    ...(database.databaseUrl ? { DATABASE_URL: database.databaseUrl } : {}),
    EXCHANGE_MODE: 'live',
    ...venue.env,
    EXCHANGE_STREAMS: 'false',
    LOG_LEVEL: 'warn',
    LOG_FORMAT: 'json',
    CRASH_CONFIRM_DELAY_MS: '200',
    CRASH_CHILD_SEED: String(seed),
  };
}
