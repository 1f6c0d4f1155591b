import type { StrategyConfig } from '../strategy/config.js';
import { recordDecrease, recordIncrease } from '../strategy/record.js';
import { EMPTY_ACTIONS } from './actions.js';
import type { PositionActions } from './types.js';

/** One executed order of a position, as its transaction records it. */
export interface ExecutedOrder {
  txID: string;
  side: 'BUY' | 'SELL';
  /** Decrease level 0–4 of an automatic sell; −1 (or null) for a manual sell; ignored for buys. */
  level: number | null;
  /** When it executed (first fill), ms. */
  eventTime: number;
}

/**
 * A position's actions rebuilt from its executed orders (oldest first), with the same rules the
 * engine applies live (recordIncrease / recordDecrease). Storing the orders and deriving the
 * actions means a crash between a fill and its bookkeeping cannot lose an action.
 */
export function actionsFromOrders(
  orders: readonly ExecutedOrder[],
  strategy: StrategyConfig,
): PositionActions {
  let actions = EMPTY_ACTIONS;
  const sorted = [...orders].sort((a, b) => a.eventTime - b.eventTime || compareIds(a.txID, b.txID));
  for (const order of sorted) {
    actions =
      order.side === 'BUY'
        ? recordIncrease(actions, order.txID, order.eventTime, strategy)
        : recordDecrease(actions, order.level ?? -1, order.txID, order.eventTime, strategy);
  }
  return actions;
}

function compareIds(a: string, b: string): number {
  return a.length - b.length || (a < b ? -1 : a > b ? 1 : 0);
}
