import { type BinanceServer, startBinanceServer } from '@balancer/engine/testing';
import { openDatabase } from '../../db/connect.js';
import { migrateToLatest } from '../../db/migrate.js';
import { Platform } from '../../platform/platform.js';
import { EngineSettingsService } from '../../trading/index.js';

const FIFTEEN_MINUTES = 15 * 60_000;
/** The flat market of the crash test: every candle and the book sit around this price (USDT). */
export const CRASH_PRICE = '30000';

/**
 * The local Binance server the crash children trade on: a repeated client order id is ACCEPTED
 * (as real Binance does once the first order is filled), so a double placement shows up as two
 * orders instead of being hidden by a refusal. 100,000 USDT pays for ~1,000 increases of the
 * default 100 USDT; the account starts with no BTC, so its BTC is exactly what the trades left.
 */
export async function startCrashExchange(): Promise<BinanceServer> {
  const server = await startBinanceServer({
    duplicateClientOrderIds: 'allow',
    balances: { USDT: '100000', BTC: '0' },
  });
  // The default window: 128 candles of 15 m; 130 flat ones up to the current one.
  const last = Math.floor(Date.now() / FIFTEEN_MINUTES) * FIFTEEN_MINUTES;
  const candles = Array.from({ length: 130 }, (_, i) => ({
    openTime: last - (129 - i) * FIFTEEN_MINUTES,
    open: CRASH_PRICE,
    high: CRASH_PRICE,
    low: CRASH_PRICE,
    close: CRASH_PRICE,
    volume: '1',
  }));
  server.state.setCandles('BTCUSDT', '15m', candles);
  return server;
}

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

/** The crash child's environment: live mode on `server`, on the test's database. */
export function crashChildEnv(
  server: BinanceServer,
  database: { databaseUrl?: string; dataDir: string },
  seed: number,
): Record<string, string> {
  return {
    BALANCER_DATA_DIR: database.dataDir,
    ...(database.databaseUrl ? { DATABASE_URL: database.databaseUrl } : {}),
    EXCHANGE_MODE: 'live',
    EXCHANGE: 'binance',
    EXCHANGE_API_URL: `${server.url}/api/v3`,
    EXCHANGE_API_KEY: server.state.apiKey,
    EXCHANGE_API_SECRET: 'test-secret',
    EXCHANGE_STREAMS: 'false',
    LOG_LEVEL: 'warn',
    LOG_FORMAT: 'json',
    CRASH_CONFIRM_DELAY_MS: '200',
    CRASH_CHILD_SEED: String(seed),
  };
}
