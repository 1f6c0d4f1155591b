import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { CodedError } from '@balancer/core';
import { candleFileOnce } from '../../market-data/load-candles.js';
import type { ExchangePort, KeyPermissions, KeyPermissionsPort } from '../../ports/exchange.js';
import type { AccountStateStore } from '../account-state.js';
import { createCcxtExchange } from '../ccxt/ccxt-exchange.js';
import { PaperExchange } from '../paper/paper-exchange.js';
import { SimulatedExchange } from '../simulator/simulated-exchange.js';
import {
  type ExchangeOptions,
  type ExchangeOptionsInput,
  marketOf,
  parseExchangeOptions,
} from './options.js';

/** The shipped real candles the simulator replays by default (market-data/README.md). */
export const SIMULATOR_DATA_FILE = path.join(
  path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../../../..'),
  'market-data/binance-btcusdt-15m.csv.gz',
);

/** Candles of history the default simulator start leaves behind it (the largest window size). */
export const SIMULATOR_HISTORY_CANDLES = 512;

/**
 * Where the simulator starts on the shipped Binance file by default, 2025-11-07 08:00 UTC: a
 * newcomer's first start sees the whole cycle soon — with the default settings at 60× a crash
 * after 1.4 wall minutes, the reversal event and the first buy at 7.1, the first sell at 9.6
 * (measured with scripts/simulator-first-cycle.ts, which runs this factory and the live engine).
 * Another candle file starts SIMULATOR_HISTORY_CANDLES in.
 */
export const SIMULATOR_DEFAULT_START = Date.UTC(2025, 10, 7, 8, 0);

/** The default start on `table`: SIMULATOR_DEFAULT_START where the table has that candle. */
export function defaultSimulatorStart(table: { time: Float64Array; length: number }): number {
  if (table.time.indexOf(SIMULATOR_DEFAULT_START) >= SIMULATOR_HISTORY_CANDLES)
    return SIMULATOR_DEFAULT_START;
  return table.time[Math.min(SIMULATOR_HISTORY_CANDLES, table.length - 1)]!;
}

/** What the caller brings besides the validated options. */
export interface ExchangeDependencies {
  /** Keeps the simulated account (simulator, paper) across restarts; memory only without it. */
  accountStore?: AccountStateStore;
  /** Clock, epoch ms (default Date.now): the simulator's replay runs from its first reading. */
  now?: () => number;
}

export type CreateExchangeOptions = ExchangeOptionsInput & ExchangeDependencies;

/**
 * Builds the exchange port the engine runs on, from config: the simulator (replay of the shipped
 * candles), paper trading (live data from ccxt, simulated fills) or live trading (ccxt, where capabilities.ts enables it). Options are validated first (EXCHANGE_CONFIG_INVALID, EXCHANGE_TRADING_UNSUPPORTED);
 * a simulated account is opened before returning, so a bad saved state fails here
 * (EXCHANGE_ACCOUNT_STATE_INVALID) and not at the first order.
 */
export async function createExchange(options: CreateExchangeOptions): Promise<ExchangePort> {
  const { accountStore, now = Date.now, ...rest } = options;
  const config = parseExchangeOptions(rest);
  const deps = { now, ...(accountStore ? { accountStore } : {}) };
  switch (config.kind) {
    case 'simulator':
      return simulator(config, deps);
    case 'paper':
      return paper(config, deps);
    case 'live':
      return live(config, now);
  }
}

async function simulator(
  config: Extract<ExchangeOptions, { kind: 'simulator' }>,
  deps: Required<Pick<ExchangeDependencies, 'now'>> & ExchangeDependencies,
): Promise<SimulatedExchange> {
  const { table } = await candleFileOnce(config.dataFile ?? SIMULATOR_DATA_FILE);
  const exchange = new SimulatedExchange({
    table,
    market: {
      wallStart: config.wallStart ?? deps.now(),
      ...(config.speed === undefined ? {} : { speed: config.speed }),
      ...(config.seed === undefined ? {} : { seed: config.seed }),
      startTime: config.startTime ?? defaultSimulatorStart(table),
    },
    now: deps.now,
    ...(config.balances ? { balances: config.balances } : {}),
    ...(config.feePercent ? { feePercent: config.feePercent } : {}),
    ...(deps.accountStore ? { accountStore: deps.accountStore } : {}),
  });
  await exchange.start();
  return exchange;
}

/** The ccxt options shared by paper (no keys) and live. */
function ccxtOptions(config: Extract<ExchangeOptions, { kind: 'paper' | 'live' }>) {
  return {
    exchangeId: config.exchange,
    ...marketOf(config),
    streams: config.streams,
    ...(config.apiUrl ? { apiUrl: config.apiUrl } : {}),
    ...(config.wsUrl ? { wsUrl: config.wsUrl } : {}),
    ...(config.timeoutMs ? { timeoutMs: config.timeoutMs } : {}),
    ...(config.rateLimitMs ? { rateLimitMs: config.rateLimitMs } : {}),
    sandbox: config.sandbox,
  };
}

async function paper(
  config: Extract<ExchangeOptions, { kind: 'paper' }>,
  deps: Required<Pick<ExchangeDependencies, 'now'>> & ExchangeDependencies,
): Promise<PaperExchange> {
  const data = await createCcxtExchange({ ...ccxtOptions(config), now: deps.now });
  const exchange = new PaperExchange({
    data,
    venue: config.exchange,
    now: deps.now,
    ...(config.balances ? { balances: config.balances } : {}),
    ...(config.feePercent ? { feePercent: config.feePercent } : {}),
    ...(deps.accountStore ? { accountStore: deps.accountStore } : {}),
  });
  try {
    await exchange.start();
  } catch (error) {
    // An unreachable exchange is not fatal here: the account opens on the first trading call.
    if (!(error instanceof CodedError && error.recovery === 'retry')) {
      await exchange.close();
      throw error;
    }
  }
  return exchange;
}

function live(
  config: Extract<ExchangeOptions, { kind: 'live' }>,
  now: () => number,
): Promise<ExchangePort & KeyPermissionsPort> {
  return createCcxtExchange({
    ...ccxtOptions(config),
    apiKey: config.apiKey,
    secret: config.secret,
    ...(config.passphrase === undefined ? {} : { passphrase: config.passphrase }),
    now,
  });
}

/**
 * What the live keys may do (`doctor`, and the running server for it): the live adapter built from
 * the same options as createExchange (EXCHANGE_API_URL, sandbox, capabilities checked), without
 * streams, asked once and closed. Throws EXCHANGE_CONFIG_INVALID for options that are not live.
 */
export async function liveKeyPermissions(options: ExchangeOptionsInput): Promise<KeyPermissions> {
  const config = parseExchangeOptions(options);
  if (config.kind !== 'live') {
    throw new CodedError(
      'EXCHANGE_CONFIG_INVALID',
      `key permissions are read in live mode, not ${config.kind}`,
    );
  }
  const exchange = await live({ ...config, streams: false }, Date.now);
  try {
    return await exchange.keyPermissions();
  } finally {
    await exchange.close();
  }
}
