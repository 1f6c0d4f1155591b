import { fileURLToPath } from 'node:url';
import { isCodedError } from '@balancer/core';
import { type CandleTable, candleTableFrom } from '../../market-data/candle-table.js';
import { loadCandleFile } from '../../market-data/load-candles.js';
import type { AccountStateStore } from '../account-state.js';
import { SimulatedExchange } from './simulated-exchange.js';

/** Test fixtures: a tiny hand-made 15 m table and the shipped Binance file (loaded once). */
export const T0 = Date.UTC(2025, 0, 1);
export const M15 = 900_000;

/** Green, red, green: [time, open, high, low, close]. */
export function tinyTable(): CandleTable {
  return candleTableFrom([
    [T0, 100, 110, 95, 105],
    [T0 + M15, 105, 108, 90, 92],
    [T0 + 2 * M15, 92, 100, 91, 99],
  ]);
}

/**
 * A simulator on the tiny table whose clock the test moves (`clock.now`, wall ms from 0). Price at
 * wall 0 is candle 0's open, 100.
 */
export function tinySimulator(balances?: Record<string, string>, accountStore?: AccountStateStore) {
  const clock = { now: 0 };
  const sim = new SimulatedExchange({
    table: tinyTable(),
    market: { wallStart: 0 },
    now: () => clock.now,
    ...(balances ? { balances } : {}),
    ...(accountStore ? { accountStore } : {}),
  });
  return { sim, clock };
}

let binance: CandleTable | undefined;

/** The real 15 m BTC/USDT file of market-data/. */
export function binanceTable(): CandleTable {
  binance ??= loadCandleFile(
    fileURLToPath(new URL('../../../../../market-data/binance-btcusdt-15m.csv.gz', import.meta.url)),
  ).table;
  return binance;
}

/** The coded error name `run` throws (or rejects with), or 'none'. */
export async function errorNameOf(run: () => unknown): Promise<string> {
  try {
    await run();
    return 'none';
  } catch (error) {
    return isCodedError(error) ? error.errorName : `not coded: ${String(error)}`;
  }
}
