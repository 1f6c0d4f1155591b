import type { CandleSeries } from '@balancer/core';
import type { AppEssentials, MarketState, StreamEssentials, UnreadCounts } from './types';

const isObject = (value: unknown): value is Record<string, unknown> =>
  typeof value === 'object' && value !== null;

/** Full essentials carry a numeric serverTime; anything else is ignored. */
export function isFullEssentials(value: unknown): value is AppEssentials {
  return isObject(value) && typeof value.serverTime === 'number' && Number.isFinite(value.serverTime);
}

/** A stream event: unread counts and a market state with a window. */
export function isStreamEssentials(value: unknown): value is StreamEssentials {
  if (!isObject(value) || !isObject(value.marketState)) return false;
  const windowState = (value.marketState as { windowState?: unknown }).windowState;
  return (
    typeof value.unreadNotifications === 'number' &&
    typeof value.unreadAPIErrors === 'number' &&
    isObject(windowState) &&
    isObject(windowState.window)
  );
}

/**
 * Full essentials (the first load and the 2-minute refetch): without a numeric
 * serverTime the previous state stays. Otherwise version, user and exchangeConfig come from the
 * incoming data and the unread counts, position and market state stay as the stream left them.
 * Before the engine's first tick there is no market state to keep: the incoming one is taken.
 */
export function mergeFullEssentials(
  previous: AppEssentials | undefined,
  incoming: unknown,
): AppEssentials | undefined {
  if (!isFullEssentials(incoming)) return previous;
  if (!previous) return incoming;
  const merged: AppEssentials = {
    ...previous,
    serverTime: incoming.serverTime,
    version: incoming.version,
    user: incoming.user,
    exchangeConfig: incoming.exchangeConfig,
  };
  if (previous.marketState !== null) return merged;
  const { marketState, position, plan, price, marketTime } = incoming;
  return { ...merged, marketState, position, plan, price, marketTime };
}

/**
 * A stream event merged into the essentials: unread counts, price, market time, position, plan
 * and engine mode from the event; the market state from the event with its 2-candle window synced into the
 * full window (syncWindow). Ignored before the full essentials are known or when malformed.
 */
export function applyStreamEssentials(
  previous: AppEssentials | undefined,
  update: unknown,
): AppEssentials | undefined {
  if (!previous || !isStreamEssentials(update)) return previous;
  return {
    ...previous,
    unreadNotifications: update.unreadNotifications,
    unreadAPIErrors: update.unreadAPIErrors,
    price: update.price,
    marketTime: update.time,
    position: update.position,
    plan: update.plan,
    exchangeConfig: { ...previous.exchangeConfig, mode: update.mode },
    marketState: mergeMarketState(previous.marketState, update.marketState),
  };
}

/** The incoming state with its short window synced into the previous full window. */
export function mergeMarketState(previous: MarketState | null, incoming: MarketState): MarketState {
  if (!previous) return incoming;
  const window = syncWindow(previous.windowState.window, incoming.windowState.window);
  return { ...incoming, windowState: { ...incoming.windowState, window } };
}

const KEYS = ['id', 'open', 'high', 'low', 'close'] as const;

/**
 * The price window sync rule. When the incoming last id differs from ours, a new candle
 * began: the oldest is dropped, our last candle's high, low and close are finalised from the
 * incoming second-to-last record, and the incoming last is appended. When the id is the same,
 * our last candle's high, low and close are updated. An older incoming candle is ignored.
 */
export function syncWindow(previous: CandleSeries, incoming: CandleSeries): CandleSeries {
  const count = incoming.id.length;
  const size = previous.id.length;
  if (count === 0) return previous;
  if (size === 0) return incoming;
  const incomingLastId = incoming.id[count - 1] as number;
  const lastId = previous.id[size - 1] as number;
  if (incomingLastId < lastId) return previous;
  const next = copySeries(previous);
  if (incomingLastId === lastId) {
    setHighLowClose(next, size - 1, incoming, count - 1);
    return next;
  }
  if (count >= 2) setHighLowClose(next, size - 1, incoming, count - 2);
  for (const key of KEYS) {
    next[key].shift();
    next[key].push(incoming[key][count - 1] as number);
  }
  return next;
}

function copySeries(series: CandleSeries): CandleSeries {
  return {
    id: [...series.id],
    open: [...series.open],
    high: [...series.high],
    low: [...series.low],
    close: [...series.close],
  };
}

function setHighLowClose(target: CandleSeries, at: number, source: CandleSeries, from: number): void {
  target.high[at] = source.high[from] as number;
  target.low[at] = source.low[from] as number;
  target.close[at] = source.close[from] as number;
}

/** Unread counts set locally (after marking read), until the stream's next tick says otherwise. */
export function withUnreadCounts(
  previous: AppEssentials | undefined,
  counts: Partial<UnreadCounts>,
): AppEssentials | undefined {
  return previous && { ...previous, ...counts };
}
