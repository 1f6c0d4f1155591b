import { CodedError } from '@balancer/core';
import type { EngineSnapshot } from './engine-types.js';
import { announceOrder } from './orders/announce.js';
import { decisionBalances, manualDecreaseOrder, manualIncreaseOrder } from './orders/decide.js';
import { type EngineParts, marketAssets, positionFrom, settlePending } from './parts.js';
import type { StoredTransaction } from './ports.js';

/** An operator's order; `by` is their nickname, kept in the order's reason. */
export type ManualRequest =
  | { kind: 'increase'; by?: string | null }
  | { kind: 'decrease'; percentage: number; by?: string | null };

/**
 * The operator's increase or decrease (no gates, the same amount rules as the automatic ones). Runs under
 * the order mutex: pending transactions are settled first, then the decision is made on fresh
 * balances at the last tick's price, executed, and the trades synced.
 */
export function runManual(
  parts: EngineParts,
  snapshot: EngineSnapshot | null,
  request: ManualRequest,
): Promise<StoredTransaction> {
  if (snapshot === null) throw new CodedError('ENGINE_NO_MARKET_DATA');
  const { store, exchange, clock, runner, tradeSync } = parts;
  return parts.mutex.run(async () => {
    // Queued behind work the stop was waiting for: nothing new starts.
    if (parts.stop.requested) throw new CodedError('ENGINE_NOT_STARTED', 'the engine is stopping');
    await settlePending(parts);
    const settings = await store.settings();
    const assets = await marketAssets(parts);
    const balances = await exchange.balances();
    const before = await store.activePosition(settings.strategy);
    const input = {
      position: positionFrom(before, settings.strategy, snapshot.price),
      price: snapshot.price,
      balances: decisionBalances(balances, assets),
      now: clock(),
      strategy: settings.strategy,
    };
    const by = request.by ?? null;
    const order =
      request.kind === 'increase'
        ? manualIncreaseOrder(input, by)
        : manualDecreaseOrder(input, request.percentage, by);
    const executed = await runner.execute(order, balances);
    // A stopping engine leaves the trades to the next start's first tick.
    const synced = parts.stop.requested ? null : await tradeSync.sync(clock(), false);
    const { strategy } = settings;
    await announceOrder(parts.notifier, {
      executed,
      before,
      synced,
      price: snapshot.price,
      strategy,
      assets,
    });
    const { fills: _fills, order: _order, ...stored } = executed;
    return stored;
  });
}
