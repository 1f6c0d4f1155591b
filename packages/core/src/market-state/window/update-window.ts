import { CodedError } from '../../errors/coded-error.js';

/**
 * Candles as parallel arrays, oldest first (the API's window shape); `id` is the candle's open
 * time in ms. All five arrays have the same length.
 */
export interface CandleSeries {
  id: number[];
  open: number[];
  high: number[];
  low: number[];
  close: number[];
}

/** What `updateWindow` did: refreshed the last candle, appended a new one, or refused. */
export type WindowUpdateOutcome = 'updated' | 'appended' | 'integrity-failure';

const PRICE_KEYS = ['open', 'high', 'low', 'close'] as const;

/**
 * Throws INVALID_CANDLE_SERIES unless `series` holds five arrays of one length ≥ 1, ids are
 * integers rising strictly, and every price is finite and > 0. Returns the length.
 */
function assertCandleSeries(series: CandleSeries, name = 'series'): number {
  const fail = (detail: string): never => {
    throw new CodedError('INVALID_CANDLE_SERIES', `${name}: ${detail}`);
  };
  if (typeof series !== 'object' || series === null) return fail('expected an object');
  const { id } = series;
  if (!Array.isArray(id) || id.length === 0) return fail('id must be a non-empty array');
  for (const key of PRICE_KEYS) {
    const prices = series[key];
    if (!Array.isArray(prices) || prices.length !== id.length)
      return fail(`${key} must have ${id.length} items`);
    for (let index = 0; index < prices.length; index += 1) {
      const price = prices[index];
      if (!(typeof price === 'number' && price > 0 && price < Number.POSITIVE_INFINITY)) {
        return fail(`${key}[${index}] is ${String(price)}`);
      }
    }
  }
  for (let index = 0; index < id.length; index += 1) {
    const time = id[index]!;
    if (!Number.isSafeInteger(time)) return fail(`id[${index}] is ${String(time)}`);
    if (index > 0 && !(time > id[index - 1]!)) return fail(`id[${index}] does not rise`);
  }
  return id.length;
}

/** Copies the candles [from, length) into fresh arrays. */
function copyFrom(series: CandleSeries, from: number): CandleSeries {
  return {
    id: series.id.slice(from),
    open: series.open.slice(from),
    high: series.high.slice(from),
    low: series.low.slice(from),
    close: series.close.slice(from),
  };
}

/** Overwrites candle `at` of `target` with the high, low and close of candle `from` of `source`. */
function refresh(target: CandleSeries, at: number, source: CandleSeries, from: number): void {
  target.high[at] = source.high[from]!;
  target.low[at] = source.low[from]!;
  target.close[at] = source.close[from]!;
}

/**
 * Applies a refetch of the latest candles to the window (docs/strategy.md#window):
 * - the fetch's last open time equals the window's: the last candle's high, low and close are
 *   refreshed ('updated');
 * - the fetch ends with the previous last candle followed by the next one (one interval later,
 *   the interval taken from the window's last two candles): the previous last candle is finalised
 *   from the fetch, the new one appended and the oldest dropped ('appended');
 * - anything else (a gap, a stale or out-of-order fetch): the window is returned unchanged with
 *   'integrity-failure', and the caller refetches the whole window (WINDOW_INTEGRITY_FAILURE).
 * The result never aliases the inputs and holds at most `size` candles (exactly `size` when the
 * window did). Malformed series throw INVALID_CANDLE_SERIES, a bad size INVALID_WINDOW_SIZE.
 */
export function updateWindow(
  window: CandleSeries,
  fetched: CandleSeries,
  size: number,
): { window: CandleSeries; outcome: WindowUpdateOutcome } {
  if (!Number.isSafeInteger(size) || size < 1) throw new CodedError('INVALID_WINDOW_SIZE', String(size));
  const length = assertCandleSeries(window, 'window');
  const count = assertCandleSeries(fetched, 'fetched');
  const lastId = window.id[length - 1]!;
  const fetchedLastId = fetched.id[count - 1]!;

  if (fetchedLastId === lastId) {
    const updated = copyFrom(window, Math.max(0, length - size));
    refresh(updated, updated.id.length - 1, fetched, count - 1);
    return { window: updated, outcome: 'updated' };
  }

  const interval = length >= 2 ? lastId - window.id[length - 2]! : null;
  const continues =
    count >= 2 &&
    fetched.id[count - 2] === lastId &&
    fetchedLastId > lastId &&
    (interval === null || fetchedLastId - lastId === interval);
  if (!continues) return { window, outcome: 'integrity-failure' };

  const appended = copyFrom(window, Math.max(0, length + 1 - size));
  // With size 1 the previous candle is dropped whole, so there is nothing to finalise.
  if (appended.id.length > 0) refresh(appended, appended.id.length - 1, fetched, count - 2);
  appended.id.push(fetchedLastId);
  appended.open.push(fetched.open[count - 1]!);
  appended.high.push(fetched.high[count - 1]!);
  appended.low.push(fetched.low[count - 1]!);
  appended.close.push(fetched.close[count - 1]!);
  return { window: appended, outcome: 'appended' };
}
