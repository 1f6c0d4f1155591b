import { ACCOUNT_ERRORS } from './modules/accounts.js';
import { ACME_ERRORS } from './modules/acme.js';
import { API_ERRORS } from './modules/api.js';
import { BACKTEST_ERRORS } from './modules/backtest.js';
import { BACKUP_ERRORS } from './modules/backups.js';
import { ENGINE_ERRORS } from './modules/engine.js';
import { EXCHANGE_ERRORS } from './modules/exchange.js';
import { EXCHANGE_VENUE_ERRORS } from './modules/exchange-venues.js';
import { HTTP_CLIENT_ERRORS } from './modules/http-client.js';
import { IP_BLACKLIST_ERRORS } from './modules/ip-blacklist.js';
import { MARKET_STATE_ERRORS } from './modules/market-state.js';
import { MONITOR_ERRORS } from './modules/monitor.js';
import { NOTIFICATION_CHANNEL_ERRORS } from './modules/notification-channels.js';
import { NUMBER_ERRORS } from './modules/numbers.js';
import { OPERATIONS_ERRORS } from './modules/operations.js';
import { PLATFORM_ERRORS } from './modules/platform.js';
import { POSITION_ERRORS } from './modules/positions.js';
import { RECORDS_ERRORS } from './modules/records.js';
import { STRATEGY_ERRORS } from './modules/strategy.js';
import { TELEGRAM_ERRORS } from './modules/telegram.js';
import { TLS_ERRORS } from './modules/tls.js';
import { UPDATE_ERRORS } from './modules/updates.js';

/**
 * The one catalogue of coded errors. Codes come in blocks of 1000 per module, and inside a
 * block x000 is the service, x250 utilities, x500 validation, x750 data (docs/errors.md).
 *
 * | block | module                                   |
 * | ----- | ---------------------------------------- |
 * | 1000  | numbers, formats, shared validation      |
 * | 2000  | market state (window, liquidity, coins, reversal) |
 * | 3000  | strategy, positions, transactions        |
 * | 4000  | accounts, sessions, one-time codes, captcha, IP blacklist |
 * | 5000  | exchanges; 5900–5999 backtest runs       |
 * | 6000  | API server (requests, readiness); 6250–6299 the web's HTTP client; 6600–6649 records (exports, profit, filters) |
 * | 7000  | operations (monitor, notifications, updates, backups) |
 * | 8000  | configuration and database; 8800–8849 HTTPS (TLS); 8900–8919 the embedded database thread |
 *
 * Recovery says what the caller should do: `retry` (temporary trouble), `alert` (stop and tell
 * the operator), `reject` (the input is wrong; resending it unchanged fails again).
 * `routine` errors are expected in normal use and are not written to the API error log.
 */
export type Recovery = 'retry' | 'alert' | 'reject';

export interface ErrorSpec {
  readonly code: number;
  readonly message: string;
  readonly recovery: Recovery;
  readonly routine?: boolean;
}

/** Every module's errors in one map; the test checks that no code repeats. */
export const ERRORS = {
  ...NUMBER_ERRORS,
  ...MARKET_STATE_ERRORS,
  ...STRATEGY_ERRORS,
  ...ENGINE_ERRORS,
  ...POSITION_ERRORS,
  ...ACCOUNT_ERRORS,
  ...IP_BLACKLIST_ERRORS,
  ...API_ERRORS,
  ...HTTP_CLIENT_ERRORS,
  ...RECORDS_ERRORS,
  ...EXCHANGE_ERRORS,
  ...EXCHANGE_VENUE_ERRORS,
  ...BACKTEST_ERRORS,
  ...OPERATIONS_ERRORS,
  ...MONITOR_ERRORS,
  ...NOTIFICATION_CHANNEL_ERRORS,
  ...TELEGRAM_ERRORS,
  ...UPDATE_ERRORS,
  ...BACKUP_ERRORS,
  ...PLATFORM_ERRORS,
  ...TLS_ERRORS,
  ...ACME_ERRORS,
} as const satisfies Record<string, ErrorSpec>;

export type ErrorName = keyof typeof ERRORS;
