import { CodedError } from '@balancer/core';
import { type CreateExchangeOptions, preloadCandleFile } from '@balancer/engine';
import type { Config } from '../../config/schema.js';
import { SIMULATOR_DATA_FILE } from '../../paths.js';
import type { ExchangeKeys } from '../../trading/exchange-credentials.js';

/**
 * The exchange adapter's options from the configuration (docs/exchanges.md). Live trading needs
 * keys: those stored encrypted with `npm run cli -- exchange-keys set` win over the
 * EXCHANGE_API_KEY / EXCHANGE_API_SECRET settings.
 */
export function exchangeOptions(
  config: Config,
  storedKeys: ExchangeKeys | null,
  simulatorWallStart: number,
): CreateExchangeOptions {
  const endpoints = {
    ...(config.EXCHANGE_API_URL === undefined ? {} : { apiUrl: config.EXCHANGE_API_URL }),
    ...(config.EXCHANGE_WS_URL === undefined ? {} : { wsUrl: config.EXCHANGE_WS_URL }),
    ...(config.EXCHANGE_RATE_LIMIT_MS === undefined ? {} : { rateLimitMs: config.EXCHANGE_RATE_LIMIT_MS }),
    sandbox: config.EXCHANGE_SANDBOX,
  };
  const symbol = `BTC/${config.QUOTE_ASSET}`;
  // A gateway or stand-in without its websocket: REST only, never the real exchange's streams.
  const streams =
    config.EXCHANGE_STREAMS &&
    (config.EXCHANGE_API_URL === undefined || config.EXCHANGE_WS_URL !== undefined);
  switch (config.EXCHANGE_MODE) {
    case 'simulator':
      return {
        kind: 'simulator',
        dataFile: SIMULATOR_DATA_FILE,
        speed: config.SIMULATOR_SPEED,
        wallStart: simulatorWallStart,
        ...(config.SIMULATOR_START === undefined ? {} : { startTime: config.SIMULATOR_START }),
      };
    case 'paper':
      return {
        kind: 'paper',
        exchange: config.EXCHANGE,
        symbol,
        streams,
        ...endpoints,
      };
    case 'live': {
      const apiKey = storedKeys?.apiKey ?? config.EXCHANGE_API_KEY;
      const secret = storedKeys?.secret ?? config.EXCHANGE_API_SECRET;
      if (apiKey === undefined || secret === undefined) throw new CodedError('EXCHANGE_KEYS_MISSING');
      // OKX signs with a passphrase as well (stored with the keys, or EXCHANGE_API_PASSPHRASE).
      const passphrase = storedKeys?.passphrase ?? config.EXCHANGE_API_PASSPHRASE;
      if (config.EXCHANGE === 'okx' && passphrase === undefined) {
        throw new CodedError('EXCHANGE_KEYS_MISSING', 'okx needs its API passphrase as well');
      }
      return {
        kind: 'live',
        exchange: config.EXCHANGE,
        symbol,
        apiKey,
        secret,
        ...(passphrase === undefined ? {} : { passphrase }),
        streams,
        ...endpoints,
      };
    }
  }
}

/**
 * In simulator mode, starts reading its candles now (while the database opens) for the engine's
 * start to take: the file's read, unzip and parse (~250 ms of turns) leave the start's path.
 */
export function preloadExchangeData(config: Config): void {
  if (config.EXCHANGE_MODE === 'simulator') preloadCandleFile(SIMULATOR_DATA_FILE);
}
