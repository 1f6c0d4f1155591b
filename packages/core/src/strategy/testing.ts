import { SPLIT_IDS, type SplitId, type SplitState } from '../market-state/index.js';
import { Decimal } from '../numbers/decimal.js';
import { EMPTY_ACTIONS } from '../positions/actions.js';
import { computePosition } from '../positions/compute.js';
import type { Position, PositionActions, Trade } from '../positions/types.js';
import type { StrategyConfig } from './config.js';
import { DEFAULT_STRATEGY_CONFIG } from './templates.js';

/** Test builders (not exported by the package): trades and positions with readable defaults. */

/** A fill; quoteAmount = price × amount unless given; no commission unless given. */
export function trade(
  side: Trade['side'],
  id: string,
  time: number,
  price: string,
  amount: string,
  extra: Partial<Trade> = {},
): Trade {
  const quoteAmount = new Decimal(price).times(amount).toFixed();
  return { id, side, time, price, amount, quoteAmount, commission: '0', commissionAsset: 'BASE', ...extra };
}

export const buy = (
  id: string,
  time: number,
  price: string,
  amount: string,
  extra: Partial<Trade> = {},
): Trade => trade('BUY', id, time, price, amount, extra);

export const sell = (
  id: string,
  time: number,
  price: string,
  amount: string,
  extra: Partial<Trade> = {},
): Trade => trade('SELL', id, time, price, amount, extra);

/** An active position opened at `open` by one buy of `amount` BTC at `entryPrice`, valued at `price`. */
export function openPosition(options: {
  entryPrice: string;
  amount: string;
  price?: string;
  open?: number;
  actions?: PositionActions;
  strategy?: StrategyConfig;
}): Position {
  const { entryPrice, amount, open = 0 } = options;
  return computePosition(
    [buy('1', open, entryPrice, amount)],
    options.price ?? entryPrice,
    options.strategy ?? DEFAULT_STRATEGY_CONFIG,
    options.actions ?? EMPTY_ACTIONS,
  );
}

/** Split states from 8 changes, s100 first; the states are 0 (the planner reads only changes). */
export function splits(changes: number[]): Record<SplitId, SplitState> {
  return Object.fromEntries(SPLIT_IDS.map((id, i) => [id, { state: 0, change: changes[i]! }])) as Record<
    SplitId,
    SplitState
  >;
}
