import { type DrawdownState, pushDrawdown } from '../metrics/drawdown.js';

/**
 * What a baseline's drawdown needs of the closes between two of its possible trade dates, shared
 * by every baseline (they all trade only on `bounds`). Between two bounds a baseline's cash q and
 * BTC b ≥ 0 are constant, so its equity q + b × close rises and falls with the close (float
 * rounding is monotone too). Folding every candle into the drawdown therefore gives the same
 * state as folding, per segment, each new high of the close (a "record": the only candles that
 * can raise the peak) and then the lowest close before the next record (the deepest point below
 * that peak): no other candle can raise the peak or set a deeper drawdown. One pass over the
 * closes serves every baseline; each then does a few operations per record instead of per candle.
 */
export interface SegmentExtremes {
  /** Candle index where each segment starts, ascending; the last segment ends at the table's end. */
  readonly bounds: Int32Array;
  /** Index into `recordClose` of each segment's first record, plus the total at the end. */
  readonly firstRecord: Int32Array;
  /** The close of each record (the segment's first candle, then each strictly higher close). */
  readonly recordClose: Float64Array;
  /** The lowest close after each record before the next one (+Infinity when there is none). */
  readonly lowAfter: Float64Array;
}

/** One pass over `close`, cut at `bounds` (ascending, starting with 0). */
export function segmentExtremes(close: Float64Array, bounds: Int32Array): SegmentExtremes {
  const firstRecord = new Int32Array(bounds.length + 1);
  let recordClose: Float64Array<ArrayBuffer> = new Float64Array(Math.max(16, bounds.length * 8));
  let lowAfter = new Float64Array(recordClose.length);
  let records = 0;
  for (let s = 0; s < bounds.length; s++) {
    firstRecord[s] = records;
    const end = s + 1 < bounds.length ? bounds[s + 1]! : close.length;
    const begin = bounds[s]!;
    let high = Number.NEGATIVE_INFINITY;
    let low = Number.POSITIVE_INFINITY;
    for (let i = begin; i < end; i++) {
      const c = close[i]!;
      if (c > high) {
        if (i > begin) lowAfter[records - 1] = low;
        if (records === recordClose.length) {
          recordClose = grow(recordClose);
          lowAfter = grow(lowAfter);
        }
        recordClose[records++] = c;
        high = c;
        low = Number.POSITIVE_INFINITY;
      } else if (c < low) low = c;
    }
    if (records > firstRecord[s]!) lowAfter[records - 1] = low;
  }
  firstRecord[bounds.length] = records;
  return { bounds, firstRecord, recordClose, lowAfter };
}

function grow(array: Float64Array): Float64Array<ArrayBuffer> {
  const bigger = new Float64Array(array.length * 2);
  bigger.set(array);
  return bigger;
}

/**
 * Folds segment `s` of a baseline holding `quote` cash and `base` BTC into its drawdown, as
 * pushDrawdown(quote + base × close) over each of the segment's candles would.
 */
export function foldSegment(
  extremes: SegmentExtremes,
  s: number,
  quote: number,
  base: number,
  drawdown: DrawdownState,
): void {
  const { recordClose, lowAfter } = extremes;
  const end = extremes.firstRecord[s + 1]!;
  for (let r = extremes.firstRecord[s]!; r < end; r++) {
    pushDrawdown(drawdown, quote + base * recordClose[r]!);
    const low = lowAfter[r]!;
    if (low !== Number.POSITIVE_INFINITY) pushDrawdown(drawdown, quote + base * low);
  }
}
