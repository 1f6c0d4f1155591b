import type { BinanceServer } from '@balancer/engine/testing';
import { loadConfig } from '../../config/load.js';
import { openDatabase } from '../../db/connect.js';
import { AccountsService } from '../../features/accounts/service.js';
import { codeAt } from '../../features/accounts/test-support.js';
import { createLogger } from '../../logging/logger.js';
import { SecretMasker } from '../../logging/masker.js';
import { Platform } from '../../platform/platform.js';
import { freePort } from '../spawn-server.js';
import {
  binanceVenue,
  type CrashVenue,
  crashChildEnv,
  prepareCrashDatabase,
  startCrashExchange,
} from './crash-setup.js';

/** The operator who places the manual order: authority 4, a bearer token and its one-time-code secret. */
export interface Trader {
  token: string;
  otpSecret: string;
}

/** A database, the local Binance server and the environment of the real server trading on them. */
export interface InFlightSetup {
  exchange: BinanceServer;
  /** The server's environment (spawnServer adds it to this process's). */
  env: Record<string, string>;
  trader: Trader;
}

/**
 * Prepares what the built server (`bundle/main.js`, as `npm start` runs it) needs to trade live on
 * `venue`'s stand-in: the crash test's database (coins follow BTC only), the platform secrets
 * written into the data folder as a first start would, and a trader created by the accounts
 * service, signed in by a token this process issues. Returns the server's environment.
 */
export async function prepareLiveServer(
  venue: CrashVenue,
  database: { databaseUrl?: string; dataDir: string },
): Promise<{ env: Record<string, string>; trader: Trader }> {
  const {
    CRASH_CONFIRM_DELAY_MS: _delay,
    CRASH_CHILD_SEED: _seed,
    ...trading
  } = crashChildEnv(venue, database, 1);
  const env = { ...trading, PORT: String(await freePort()), WEB_ROOT: '', LOG_LEVEL: 'info' };
  await prepareCrashDatabase(database);
  // Generates the secrets into <data>/secrets.json, where the server finds them.
  const { config } = loadConfig(env);
  const handle = await openDatabase(database);
  try {
    const platform = new Platform();
    platform.markReady(handle);
    const logger = createLogger({ level: 'silent', format: 'json', masker: new SecretMasker() });
    const accounts = new AccountsService(platform, config, logger);
    const created = await accounts.createUser({ nickname: 'trader', authority: 4 });
    const { otpSecret } = await accounts.otpHandover(created.id);
    return { env, trader: { token: await accounts.issueAccessToken(created.id), otpSecret } };
  } finally {
    await handle.close();
  }
}

/** The same on the crash test's Binance stand-in (a flat market at 30,000 USDT, 100,000 USDT free). */
export async function prepareOrderInFlight(database: {
  databaseUrl?: string;
  dataDir: string;
}): Promise<InFlightSetup> {
  const exchange = await startCrashExchange();
  return { exchange, ...(await prepareLiveServer(binanceVenue(exchange), database)) };
}

/** An answer of the API as the client reads it, or the network failure that replaced it. */
export interface ApiAnswer {
  success: boolean;
  data: unknown;
  error: string | null;
}

/** One API call as the trader (a JSON body declared as such), its envelope as the client reads it. */
export async function traderRequest(url: string, trader: Trader, init: RequestInit = {}): Promise<ApiAnswer> {
  const response = await fetch(url, {
    ...init,
    headers: {
      authorization: `Bearer ${trader.token}`,
      ...(init.body === undefined ? {} : { 'content-type': 'application/json' }),
      ...init.headers,
    },
  });
  return (await response.json()) as ApiAnswer;
}

/** Resolves once `check` is true, checking every `everyMs`. */
async function until(check: () => boolean | Promise<boolean>, everyMs = 100): Promise<void> {
  while (!(await check())) await new Promise((resolve) => setTimeout(resolve, everyMs));
}

/** Waits until the server's engine has ticked: a manual order needs the last tick's price. */
export function marketStateReady(url: string, trader: Trader): Promise<void> {
  return until(async () => (await traderRequest(`${url}/market-state/window/state`, trader)).success, 200);
}

/**
 * Asks the server for a manual increase and resolves once its order request has reached the
 * exchange, with the API's answer to come (or the network error that replaces it) and the index
 * of that request in the exchange's log. With `hang`, the exchange holds its answer to that order:
 * it executes it, but the answer never comes, as when a connection hangs after the exchange took
 * the order.
 */
export async function placeManualOrder(
  setup: InFlightSetup,
  url: string,
  { hang }: { hang: boolean },
): Promise<{ answer: Promise<ApiAnswer | Error>; orderRequest: number }> {
  const { exchange, trader } = setup;
  const isOrder = (r: { method: string; path: string }) => r.method === 'POST' && r.path === '/api/v3/order';
  const before = exchange.state.requests.filter(isOrder).length;
  if (hang) exchange.state.inject('POST /api/v3/order', { kind: 'timeout', execute: true });
  const answer = traderRequest(`${url}/position/increase`, trader, {
    method: 'POST',
    headers: { 'otp-token': await codeAt(trader.otpSecret, Date.now()) },
  }).catch((error: unknown) => (error instanceof Error ? error : new Error(String(error))));
  await until(() => exchange.state.requests.filter(isOrder).length > before, 20);
  return { answer, orderRequest: exchange.state.requests.findLastIndex(isOrder) };
}
