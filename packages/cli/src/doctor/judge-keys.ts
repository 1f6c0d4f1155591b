import type { KeyPermissions } from '@balancer/engine';
import { type DoctorCheck, fail, ok, skip, warn } from './check.js';

export const KEYS_CHECK = 'exchange keys';
export const WITHDRAW_CHECK = 'key withdrawal';

/** Where to change a key's rights, per exchange (their key settings pages, in words). */
const KEY_SETTINGS: Record<string, string> = {
  binance: "Binance's API Management",
  kraken: "Kraken's Settings → API",
  okx: "OKX's API page",
  coinbase: "the Coinbase Developer Platform's API keys",
  bitfinex: "Bitfinex's API Keys page",
};
const settingsOf = (exchange: string) => KEY_SETTINGS[exchange] ?? `${exchange}'s API key settings`;

const STORE_AGAIN = 'then store it with `npm run cli -- exchange-keys set` and restart the platform';

/**
 * The exchange's answer about the live keys, as two checks: can they trade (a key that cannot
 * fails: live trading would be refused at its first order), and can they withdraw (a warning: a
 * key that can move funds off the exchange is more than Balancer needs; a note where the exchange
 * does not say). The keys themselves are never part of a check.
 */
export function judgeKeyPermissions(exchange: string, permissions: KeyPermissions): DoctorCheck[] {
  const { canTrade, canWithdraw, source } = permissions;
  const trade =
    canTrade === true
      ? ok(KEYS_CHECK, `${exchange} accepts the keys: they can read and trade (${source})`)
      : canTrade === false
        ? fail(
            KEYS_CHECK,
            `${exchange} says these keys cannot trade: every order live trading places would be refused (${source})`,
            `make a key with the spot trading permission in ${settingsOf(exchange)}, ${STORE_AGAIN}`,
          )
        : warn(
            KEYS_CHECK,
            `${exchange} accepts the keys for reading, but does not say whether they can trade (${source})`,
            `check that the key may trade spot in ${settingsOf(exchange)}`,
          );
  const withdraw =
    canWithdraw === true
      ? warn(
          WITHDRAW_CHECK,
          `these keys can withdraw: make keys without withdrawal rights (${exchange} says so: ${source})`,
          `make a key with trading but no withdrawal permission in ${settingsOf(exchange)}, ${STORE_AGAIN}; then delete the old key there`,
        )
      : canWithdraw === false
        ? ok(WITHDRAW_CHECK, `the keys cannot withdraw (${exchange} says so)`)
        : skip(
            WITHDRAW_CHECK,
            `${exchange} does not report whether the keys can withdraw: check it in ${settingsOf(exchange)}`,
          );
  return [trade, withdraw];
}

/** What failed when asking: the keys refused, none stored, or the exchange out of reach. */
export function judgeKeysFailure(
  exchange: string,
  failure: { errorName: string; detail: string },
): DoctorCheck[] {
  const { errorName, detail } = failure;
  const short = detail.slice(0, 300);
  switch (errorName) {
    case 'EXCHANGE_KEYS_MISSING':
      return [
        fail(
          KEYS_CHECK,
          `EXCHANGE_MODE is live but there are no ${exchange} keys${detail ? ` (${short})` : ''}`,
          'store them with `npm run cli -- exchange-keys set` (they are kept encrypted)',
        ),
      ];
    case 'EXCHANGE_AUTH_FAILED':
      return [
        fail(
          KEYS_CHECK,
          `${exchange} refuses the keys: ${short}`,
          `check the key and secret (and the passphrase where ${exchange} has one), that the key is enabled and allows this server's IP address, ${STORE_AGAIN}`,
        ),
      ];
    case 'EXCHANGE_CONFIG_INVALID':
    case 'EXCHANGE_TRADING_UNSUPPORTED':
    case 'EXCHANGE_QUOTE_UNLISTED':
    case 'EXCHANGE_KEYS_SHAPE_INVALID':
      return [
        fail(
          KEYS_CHECK,
          `the live exchange settings cannot be used (${errorName}): ${short}`,
          'correct EXCHANGE, QUOTE_ASSET, EXCHANGE_SANDBOX or the keys (docs/exchanges.md); a running server uses the settings it started with: restart it after a change',
        ),
      ];
    case 'BACKUP_CONTROL_SOCKET_FAILED':
      return [
        fail(
          KEYS_CHECK,
          `cannot ask the running server about the keys: ${short}`,
          "run doctor as the server's user (the control socket is 0600 in the data folder) and check that the server runs",
        ),
      ];
    case 'EXCHANGE_RATE_LIMITED':
      return [
        warn(KEYS_CHECK, `${exchange} rate-limited the check: ${short}`, 'run doctor again in a minute'),
      ];
    default:
      return [
        fail(
          KEYS_CHECK,
          `cannot ask ${exchange} about the keys (${errorName}): ${short}`,
          'check the network to the exchange (DNS, firewall) and EXCHANGE_API_URL if set',
        ),
      ];
  }
}
