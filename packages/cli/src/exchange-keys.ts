import { ExchangeCredentials, type ExchangeKeys } from '@balancer/server';
import { CliError, type ServerLocation, withServerDatabase } from './server-database.js';

export interface ExchangeKeysOptions extends ServerLocation {
  action: 'set' | 'clear' | 'status';
  /** The exchange (ccxt id) the keys belong to; default the configured EXCHANGE. */
  exchange?: string | undefined;
  /** For `set`: the key, the secret (and OKX's passphrase), read from standard input (never from arguments). */
  input?: () => Promise<string>;
}

/** Non-empty lines: the API key, then the secret, then (OKX only) the passphrase. */
function parseKeys(text: string): ExchangeKeys {
  const [apiKey, secret, passphrase, ...rest] = text
    .split(/\r?\n/)
    .map((line) => line.trim())
    .filter(Boolean);
  if (!apiKey || !secret || rest.length > 0) {
    throw new CliError(
      'give the API key and the secret on standard input, one per line (OKX: then the passphrase)',
    );
  }
  return passphrase === undefined ? { apiKey, secret } : { apiKey, secret, passphrase };
}

/**
 * Stores, removes or describes the exchange API keys. Keys are sealed with the platform's
 * ENCRYPTION_KEY before they reach the database and are never printed: `status` shows the last
 * 4 characters of the key only. A running server reads them when it starts.
 */
export async function exchangeKeysCommand(options: ExchangeKeysOptions): Promise<string> {
  return withServerDatabase(options, async (config, handle) => {
    const credentials = new ExchangeCredentials(() => handle.db, config.ENCRYPTION_KEY);
    const exchange = options.exchange ?? config.EXCHANGE;
    if (options.action === 'status') {
      const stored = await credentials.summary();
      if (stored.length === 0) return 'No exchange API keys are stored.\n';
      return stored
        .map(
          (row) => `${row.exchange}: key …${row.apiKeyHint}, set ${new Date(row.updatedAt).toISOString()}\n`,
        )
        .join('');
    }
    if (options.action === 'clear') {
      const removed = await credentials.clear(exchange);
      return removed ? `Removed the ${exchange} API keys.\n` : `No ${exchange} API keys were stored.\n`;
    }
    if (!options.input) throw new CliError('set reads the keys from standard input');
    const summary = await credentials.set(exchange, parseKeys(await options.input()), Date.now());
    return `Stored the ${exchange} API keys (key …${summary.apiKeyHint}), encrypted with the platform's ENCRYPTION_KEY. Restart the server to use them.\n`;
  });
}
