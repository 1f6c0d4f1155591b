import { CodedError } from '@balancer/core';
import type { EngineSnapshot } from './engine-types.js';
import { decisionBalances, manualDecreaseOrder, manualIncreaseOrder } from './orders/decide.js';
import { type EngineParts, livePosition, marketAssets, settlePending } from './parts.js';
import type { StoredTransaction } from './ports.js';

/**
 * The operator's increase or decrease (no gates, the same amount rules as the automatic ones). Runs under
 * the order mutex: pending transactions are settled first, then the decision is made on fresh
 * balances at the last tick's price, executed, and the trades synced.
 */
export function runManual(
  parts: EngineParts,
  snapshot: EngineSnapshot | null,
  request: { kind: 'increase' } | { kind: 'decrease'; percentage: number },
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
    const input = {
      position: await livePosition(store, settings.strategy, snapshot.price),
      price: snapshot.price,
      balances: decisionBalances(balances, assets),
      now: clock(),
      strategy: settings.strategy,
    };
    const order =
      request.kind === 'increase'
        ? manualIncreaseOrder(input)
        : manualDecreaseOrder(input, request.percentage);
    const stored = await runner.execute(order, balances);
    // A stopping engine leaves the trades to the next start's first tick.
    if (!parts.stop.requested) await tradeSync.sync(clock());
    return stored;
  });
}
