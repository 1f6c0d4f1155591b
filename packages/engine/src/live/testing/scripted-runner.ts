import { CodedError } from '@balancer/core';
import type { ExchangeOrder, ExchangePort, OrderSide } from '../../ports/exchange.js';
import { EngineNotifier } from '../notify/engine-notifier.js';
import { TransactionRunner } from '../orders/runner.js';
import { EngineStop } from '../stop.js';
import { MemoryEngineStore } from './memory-store.js';
import { RecordingNotifier } from './recording-notifier.js';
import { VirtualTime } from './virtual-time.js';

// The transaction runner's tests: a scripted exchange and a runner on a memory store.

export const INTENT = { kind: 'increase', level: null, manual: false } as const;
export const BALANCES = { free: { USDT: '1000', BTC: '0' }, time: 0 };
export type Outcome = 'fill' | Error;

/**
 * A trading port whose placements follow a script (each 'fill' fills the order, an error is
 * thrown); look-ups answer what was filled, or throw while `lookupErrors` lasts.
 */
export function scripted(outcomes: Outcome[], lookupErrors = 0) {
  const orders = new Map<string, ExchangeOrder>();
  const calls = { place: 0, lookup: 0 };
  let failingLookups = lookupErrors;
  const fill = (side: OrderSide, amount: string, clientOrderId: string): ExchangeOrder => {
    const fills = [
      {
        id: `t${orders.size + 1}`,
        price: '30000',
        amount,
        quoteAmount: '300',
        commission: '0',
        commissionAsset: 'USDT',
        time: 5,
      },
    ];
    const order = {
      exchangeOrderId: 'o1',
      clientOrderId,
      side,
      status: 'FILLED' as const,
      amount,
      filled: amount,
      quoteFilled: '300',
      fills,
      time: 5,
    };
    orders.set(clientOrderId, order);
    return order;
  };
  const exchange = {
    async marketOrder(side: OrderSide, amount: string, clientOrderId: string) {
      calls.place += 1;
      const outcome = outcomes.shift() ?? 'fill';
      if (outcome !== 'fill') throw outcome;
      return orders.get(clientOrderId) ?? fill(side, amount, clientOrderId);
    },
    async orderByClientId(clientOrderId: string) {
      calls.lookup += 1;
      if (failingLookups-- > 0) throw new CodedError('EXCHANGE_UNAVAILABLE', 'lookup');
      return orders.get(clientOrderId) ?? null;
    },
    balances: async () => BALANCES,
  } as unknown as ExchangePort;
  return { exchange, calls, orders, fill };
}

/**
 * A runner on a memory store and a virtual clock. `sleep` replaces the clock's (which passes at
 * once), e.g. by a wait that only the stop ends.
 */
export function runner(
  exchange: ExchangePort,
  sleep?: (ms: number, signal?: AbortSignal) => Promise<void>,
  mayPlace: () => boolean = () => true,
) {
  const store = new MemoryEngineStore();
  const time = new VirtualTime(1_000);
  const recording = new RecordingNotifier();
  const notifier = new EngineNotifier(recording, time.clock);
  const stop = new EngineStop();
  const deps = {
    exchange,
    store,
    notifier,
    clock: time.clock,
    sleep: sleep ?? ((ms: number) => time.sleep(ms)),
    confirmDelayMs: 10_000,
    stop,
    mayPlace,
  };
  return { runner: new TransactionRunner(deps), store, time, recording, stop };
}
