import { type ChartMarker, tradeMarker } from '../../lib/chart/markers';
import type { TradeRecord } from './types';

/**
 * One marker per trade (buy below the bar, arrow up; sell above, arrow down), on the
 * minute candle it happened in (time floored to the minute, in seconds), in time order.
 */
export function tradeMarkers(trades: readonly TradeRecord[]): ChartMarker[] {
  return [...trades]
    .sort((a, b) => a.time - b.time)
    .map((trade) => tradeMarker(trade.side, Math.floor(trade.time / 60_000) * 60));
}
