import { type KeyPermissions, liveKeyPermissions } from '@balancer/engine';
import type { Config } from '../../config/schema.js';
import type { ExchangeKeys } from '../../trading/exchange-credentials.js';
import { exchangeOptions } from './exchange-options.js';

/**
 * What the keys live trading would use may do on the exchange, asked of the exchange itself: the
 * stored keys, else the settings' (exchangeOptions decides, as at the engine's start). For
 * `npm run cli -- doctor`, directly or, while this server holds the embedded database, over the
 * control socket. Throws EXCHANGE_KEYS_MISSING without keys; the exchange's errors as coded
 * errors with the keys redacted.
 */
export function configuredKeyPermissions(config: Config, keys: ExchangeKeys | null): Promise<KeyPermissions> {
  return liveKeyPermissions(exchangeOptions(config, keys, 0));
}
