import { CodedError } from '../../errors/coded-error.js';

/*
 * The checks on window values shared by `windowState`, `windowStateAt` and `windowStatesAt`: a
 * value is a price when it is a finite number > 0.
 */

function isPrice(value: number | undefined): value is number {
  return typeof value === 'number' && value > 0 && value < Number.POSITIVE_INFINITY;
}

/** values[index] when it is a price, else INVALID_WINDOW_VALUES naming the value and index. */
export function readPrice(values: ArrayLike<number>, index: number): number {
  const value = values[index];
  if (!isPrice(value))
    throw new CodedError('INVALID_WINDOW_VALUES', `value ${String(value)} at index ${index}`);
  return value;
}

/** Throws INVALID_WINDOW_VALUES unless `values` is a non-empty array of finite prices > 0. O(n). */
export function assertWindowValues(values: ArrayLike<number>): void {
  if (typeof values !== 'object' || values === null || !(values.length >= 1)) {
    throw new CodedError('INVALID_WINDOW_VALUES', 'the window is empty');
  }
  for (let index = 0; index < values.length; index += 1) readPrice(values, index);
}

/** Throws INVALID_WINDOW_VALUES unless `values[end − length + 1 … end]` is a slice of `values`. */
export function assertSlice(values: ArrayLike<number>, end: number, length: number): void {
  if (
    typeof values !== 'object' ||
    values === null ||
    !Number.isInteger(length) ||
    !Number.isInteger(end) ||
    length < 1 ||
    end - length + 1 < 0 ||
    end >= values.length
  ) {
    throw new CodedError('INVALID_WINDOW_VALUES', `window of ${length} values ending at index ${end}`);
  }
}
