import { CodedError } from '../errors/coded-error.js';
import type { Decimal } from '../numbers/decimal.js';
import { assertPositionActions } from '../positions/actions.js';
import type { Position } from '../positions/types.js';
import { readAmount, readPrice, readTime } from './inputs.js';

/**
 * The position the strategy acts on: the input when it is active (close null), null when there is
 * none or it is closed. Checks the fields the decisions read (open, entry price, amount, actions).
 */
export function activePosition(position: Position | null | undefined): Position | null {
  if (position === null || position === undefined) return null;
  if (typeof position !== 'object')
    throw new CodedError('INVALID_STRATEGY_INPUT', 'position must be an object');
  if (position.close !== null) {
    readTime(position.close, 'position.close');
    return null;
  }
  readTime(position.open, 'position.open');
  readPositionPrice(position);
  readPositionAmount(position);
  assertPositionActions(position.actions);
  return position;
}

/** The position's entry price (> 0). */
export function readPositionPrice(position: Position): Decimal {
  return readPrice(position.entryPrice, 'position.entryPrice');
}

/** The BTC the position holds (≥ 0). */
export function readPositionAmount(position: Position): Decimal {
  return readAmount(position.amount, 'position.amount');
}
