import { computePosition, type StrategyConfig } from '@balancer/core';
import type { ExchangePort, MarketRules } from '../ports/exchange.js';
import type { LivePosition } from './engine-types.js';
import type { MarketTracker } from './market/market-tracker.js';
import type { EngineNotifier } from './notify/engine-notifier.js';
import type { Mutex } from './orders/mutex.js';
import type { TransactionRunner } from './orders/runner.js';
import type { ActivePositionInputs, EngineStore } from './ports.js';
import type { EngineStop } from './stop.js';
import type { MarketAssets } from './trades/from-exchange.js';
import type { TradeSync } from './trades/trade-sync.js';

/** The pieces of one live engine, shared by its tick and its manual orders. */
export interface EngineParts {
  exchange: ExchangePort;
  store: EngineStore;
  notifier: EngineNotifier;
  clock: () => number;
  tracker: MarketTracker;
  runner: TransactionRunner;
  tradeSync: TradeSync;
  /** One order (or trade sync) at a time. */
  mutex: Mutex;
  /** The engine's stop, as the work under the mutex sees it. */
  stop: EngineStop;
  /**
   * The market rules, read from the exchange on the first tick (marketAssets); the assets come
   * from them and the API shows them (the Server screen).
   */
  rules: MarketRules | null;
}

/** The active position computed by core at `price` from its stored inputs, with its id. */
export function positionFrom(
  inputs: ActivePositionInputs | null,
  strategy: StrategyConfig,
  price: string,
): LivePosition | null {
  if (inputs === null) return null;
  return { ...computePosition(inputs.trades, price, strategy, inputs.actions), id: inputs.id };
}

/** The active position computed by core at `price`, with its id; null when none is active. */
export async function livePosition(
  store: EngineStore,
  strategy: StrategyConfig,
  price: string,
): Promise<LivePosition | null> {
  return positionFrom(await store.activePosition(strategy), strategy, price);
}

/** The market's assets in its rules: base, quote, and the fee rate where a buy pays it in quote. */
function assetsOf(rules: MarketRules): MarketAssets {
  return {
    base: rules.base,
    quote: rules.quote,
    ...(rules.buyFeeAsset === 'quote' && rules.takerFee !== undefined
      ? { quoteFeeRate: rules.takerFee }
      : {}),
  };
}

/** Market assets, from the exchange's rules read once. */
export async function marketAssets(parts: EngineParts): Promise<MarketAssets> {
  parts.rules ??= await parts.exchange.marketRules();
  return assetsOf(parts.rules);
}

/**
 * Finishes every PROCESSING transaction (start-up reconciliation, or one an outage interrupted),
 * oldest first, then syncs trades when any was finished. Runs under the order mutex, before any
 * new decision.
 */
export async function settlePending(parts: EngineParts): Promise<number> {
  const pending = await parts.store.processingTransactions();
  for (const stored of pending) await parts.runner.resume(stored);
  if (pending.length > 0) await parts.tradeSync.sync(parts.clock());
  return pending.length;
}
