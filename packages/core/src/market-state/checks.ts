import { CodedError } from '../errors/coded-error.js';

/** Throws INVALID_MARKET_TIME unless `now` is a finite number of ms ≥ 0 (epoch time). */
export function assertTime(now: number, name = 'now'): void {
  if (!(typeof now === 'number' && now >= 0 && now < Number.POSITIVE_INFINITY)) {
    throw new CodedError('INVALID_MARKET_TIME', `${name} is ${String(now)}`);
  }
}

/** True for a finite number > 0 (a usable price). */
export function isPositiveFinite(value: unknown): value is number {
  return typeof value === 'number' && value > 0 && value < Number.POSITIVE_INFINITY;
}

/** True for a finite number. */
export function isFiniteNumber(value: unknown): value is number {
  return typeof value === 'number' && Number.isFinite(value);
}
