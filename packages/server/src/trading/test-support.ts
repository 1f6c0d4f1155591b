import {
  applyConfirmation,
  applyExecution,
  type ObservedOrder,
  startTransaction,
  type Transaction,
} from '@balancer/core';
import type { ExchangeTrade } from '@balancer/engine';
import type { Kysely } from 'kysely';
import { beforeAll, beforeEach } from 'vitest';
import type { Database } from '../db/types.js';
import { Platform } from '../platform/platform.js';
import type { DatabaseContext } from '../testing/test-databases.js';
import { DatabaseEngineStore } from './engine-store.js';

/** Test fixtures of the trading store: a BTC/USDT market, trades and finished transactions. */
export const ASSETS = { base: 'BTC', quote: 'USDT' };
/** 2026-01-01T00:00:00Z. */
export const T0 = 1_767_225_600_000;
export const MINUTE = 60_000;

/** Empties the trading tables (tests of one file share a database). */
export async function resetTrading(db: Kysely<Database>): Promise<void> {
  for (const table of [
    'reversal_point',
    'crash',
    'position_price',
    'equity_sample',
    'trade',
    'transaction',
    'position',
    'engine_setting',
    'engine_runtime',
  ] as const) {
    await db.deleteFrom(table).execute();
  }
}

/**
 * A store on the suite's database (its clock at T0), with the trading tables emptied before
 * each test. Call inside describeEachDatabase.
 */
export function useTradingStore(ctx: () => DatabaseContext): {
  readonly store: DatabaseEngineStore;
  readonly platform: Platform;
} {
  let platform: Platform | undefined;
  let store: DatabaseEngineStore | undefined;
  beforeAll(() => {
    platform = new Platform();
    platform.markReady(ctx().handle);
    store = new DatabaseEngineStore(platform, ASSETS, () => T0);
  });
  beforeEach(() => resetTrading(ctx().handle.db));
  return {
    get store() {
      if (!store) throw new Error('the store is made in beforeAll');
      return store;
    },
    get platform() {
      if (!platform) throw new Error('the platform is made in beforeAll');
      return platform;
    },
  };
}

/**
 * An exchange trade of `amount` BTC at `price` USDT; quoteAmount = price × amount, and a 0.1 %
 * commission in USDT unless given.
 */
export function exchangeTrade(
  id: string,
  side: 'BUY' | 'SELL',
  time: number,
  price: string,
  amount: string,
  extra: Partial<ExchangeTrade> = {},
): ExchangeTrade {
  const quote = (Number(price) * Number(amount)).toFixed(8).replace(/\.?0+$/, '');
  return {
    id,
    side,
    time,
    price,
    amount,
    quoteAmount: quote,
    commission: '0',
    commissionAsset: 'USDT',
    orderId: `order-${id}`,
    clientOrderId: null,
    ...extra,
  };
}

/** The fills a transaction's order logs for these trades. */
export function fillsOf(trades: readonly ExchangeTrade[]): ObservedOrder['fills'] {
  return trades.map(({ id, price, amount, time }) => ({ id, price, amount, time }));
}

/**
 * A transaction through its life with core's transitions: started at `time`, placed (the order
 * with `fills`), and confirmed FILLED (SUCCEEDED) unless `status` says otherwise.
 */
export function finishedTransaction(
  id: string,
  side: 'BUY' | 'SELL',
  amount: string,
  time: number,
  fills: ObservedOrder['fills'],
  status: 'PROCESSING' | 'SUCCEEDED' = 'SUCCEEDED',
): Transaction {
  const started = startTransaction({ id, side, amount }, { BTC: '0.01', USDT: '1000' }, time);
  const filled = fills.length > 0 ? amount : '0';
  const order: ObservedOrder = {
    clientOrderId: started.clientOrderId,
    side,
    status: fills.length > 0 ? 'FILLED' : 'NEW',
    filled,
    fills,
  };
  const placed = applyExecution(started, { ok: true, order }, time + 1_000).transaction;
  if (status === 'PROCESSING') return placed;
  return applyConfirmation(placed, order, { BTC: '0.02', USDT: '900' }, time + 10_000).transaction;
}
