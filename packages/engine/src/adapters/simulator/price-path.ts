/**
 * The price path inside one candle. The file only says open, high, low and close, so the
 * simulator walks a fixed, documented path, linear in time between four waypoints:
 *
 * - green or flat candle (close ≥ open): open at 0, low at 1/3, high at 2/3, close at the end;
 * - red candle (close < open): open at 0, high at 1/3, low at 2/3, close at the end.
 *
 * So the path touches each of the candle's four prices exactly once, at those instants, and never
 * leaves [low, high]. Prices here are plain numbers (they come from the candle table); they are
 * rounded to cents where they leave the simulator.
 */

/** One candle of the replay, prices in quote, volume in base. */
export interface SimCandle {
  /** Virtual open time, ms. */
  openTime: number;
  open: number;
  high: number;
  low: number;
  close: number;
  volume: number;
}

/** The fractions of the candle at which the path reaches its second and third waypoints. */
export const WAYPOINT_TIMES = [0, 1 / 3, 2 / 3, 1] as const;

/** The four waypoints of the candle's path, in the order they are reached. */
export function waypoints(candle: SimCandle): [number, number, number, number] {
  return candle.close >= candle.open
    ? [candle.open, candle.low, candle.high, candle.close]
    : [candle.open, candle.high, candle.low, candle.close];
}

/** The price at `fraction` ∈ [0, 1] of the candle (0 = open time, 1 = close). */
export function pathPrice(candle: SimCandle, fraction: number): number {
  const points = waypoints(candle);
  for (let k = 0; k < 3; k++) {
    const start = WAYPOINT_TIMES[k]!;
    const end = WAYPOINT_TIMES[k + 1]!;
    const from = points[k]!;
    if (fraction === start) return from;
    if (fraction < end) return from + (points[k + 1]! - from) * ((fraction - start) / (end - start));
  }
  return points[3];
}

/**
 * The candle as an exchange shows it while it forms: open as in the file, high and low the
 * extremes reached so far, close the current price, and volume pro rata of elapsed time.
 */
export function formingCandle(candle: SimCandle, fraction: number): SimCandle {
  const price = pathPrice(candle, fraction);
  const points = waypoints(candle);
  let high = Math.max(candle.open, price);
  let low = Math.min(candle.open, price);
  for (let k = 1; k < 4; k++) {
    if (WAYPOINT_TIMES[k]! <= fraction) {
      high = Math.max(high, points[k]!);
      low = Math.min(low, points[k]!);
    }
  }
  return { ...candle, high, low, close: price, volume: candle.volume * fraction };
}
