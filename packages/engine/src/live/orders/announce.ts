import {
  computePosition,
  orderNotice,
  type Position,
  type PositionActions,
  positionClosedNotice,
  realisedProfit,
  type StrategyConfig,
  type Trade,
} from '@balancer/core';
import type { EngineNotifier } from '../notify/engine-notifier.js';
import type { ActivePositionInputs, TradeSyncResult } from '../ports.js';
import { type MarketAssets, tradeFromExchange } from '../trades/from-exchange.js';
import { closedNotice } from '../trades/trade-sync.js';
import type { ExecutedOrder } from './runner.js';

const NO_ACTIONS: PositionActions = { increases: [], decreases: [[], [], [], [], []] };

/** What an executed order is told with: the position before it, the sync after it. */
export interface AnnounceInput {
  executed: ExecutedOrder;
  /** The active position's inputs read before the order, or null when none was active. */
  before: ActivePositionInputs | null;
  /** What the trade sync after the order changed (its closes are told here, with their result). */
  synced: TradeSyncResult | null;
  price: string;
  strategy: StrategyConfig;
  assets: MarketAssets;
}

/** The order's fills as core trades. */
function fillTrades({ executed, assets }: AnnounceInput): Trade[] {
  const { order } = executed;
  if (order === null) return [];
  return executed.fills.map((fill) =>
    tradeFromExchange(
      { ...fill, side: order.side, orderId: order.exchangeOrderId, clientOrderId: order.clientOrderId },
      assets,
    ),
  );
}

function positionOf(trades: Trade[], input: AnnounceInput, actions = NO_ACTIONS): Position | null {
  if (trades.length === 0 || trades.some((trade) => trade.side === 'BUY') === false) return null;
  try {
    return computePosition(trades, input.price, input.strategy, actions);
  } catch {
    // A set of trades core refuses as a position (a sell first): told without its figures.
    return null;
  }
}

/**
 * Tells a succeeded order (docs/notifications.md): side, ₿ amount, price, quote amount, fee and its
 * reason; for a sell its realised profit and the position's ROI after it. Then each position the
 * sync closed: the one this order closed with its result and duration, any other plainly.
 */
export async function announceOrder(notifier: EngineNotifier, input: AnnounceInput): Promise<void> {
  const { executed, before, assets } = input;
  const { transaction, intent } = executed;
  const fills = fillTrades(input);
  const earlier = before?.trades ?? [];
  const after = positionOf([...earlier, ...fills], input, before?.actions);
  let profit: string | null = null;
  if (transaction.side === 'SELL' && before !== null) {
    const entry = positionOf(earlier, input, before.actions);
    if (entry !== null) profit = realisedProfit(fills, entry.entryPrice);
  }
  // A failure was told by the runner, with its error.
  if (transaction.status === 'SUCCEEDED')
    await notifier.notify({
      sender: 'transaction',
      ...orderNotice({
        transactionId: transaction.id,
        side: transaction.side,
        fills,
        reason: intent.reason ?? null,
        assets,
        realisedProfit: profit,
        roi: profit === null || after === null ? null : after.roi,
      }),
    });
  for (const id of input.synced?.closed ?? []) {
    const result = before !== null && id === before.id && after?.close != null ? after : null;
    await notifier.notify({
      sender: 'position',
      ...(result === null ? closedNotice(id) : positionClosedNotice(id, result, assets.quote)),
    });
  }
}
