import type { ChartCandle } from '../../lib/chart/candles';
import { type ChartMarker, SELL_COLOR, tradeMarker } from '../../lib/chart/markers';
import type { PositionRecord, TradeRecord } from './types';

/**
 * One marker per trade (buy below the bar, arrow up; sell above, arrow down), on the
 * minute candle it happened in (time floored to the minute, in seconds), in time order.
 */
export function tradeMarkers(trades: readonly TradeRecord[]): ChartMarker[] {
  return [...trades]
    .sort((a, b) => a.time - b.time)
    .map((trade) => tradeMarker(trade.side, Math.floor(trade.time / 60_000) * 60));
}

/**
 * Candles when the minute candles have ranges, else a line of closes. The price history holds the
 * prices the engine saw in each minute: at a 60× replay a tick comes every 3 market minutes, so each
 * minute holds one price (open = high = low = close) and candles would draw disconnected flat dashes.
 */
export function historyChartKind(candles: readonly ChartCandle[]): 'candles' | 'line' {
  const ranged = candles.filter((candle) => candle.high > candle.low).length;
  return ranged * 2 >= candles.length && candles.length > 0 ? 'candles' : 'line';
}

/** A horizontal price line of the position chart (lightweight-charts' createPriceLine options). */
export interface PositionPriceLine {
  price: number;
  color: string;
  title: string;
  /** lightweight-charts' LineStyle: 0 solid, 2 dashed. */
  lineStyle: 0 | 2;
}

/** Entry price colour: neutral, apart from the decrease levels' reds. */
export const ENTRY_COLOR = '#404040';
/** The five decrease levels, lightest first (as the dashboard's). */
const LEVEL_COLORS = ['#fca5a5', '#fca5a5', '#ef4444', '#ef4444', '#b91c1c'] as const;

/**
 * The entry price (solid) and, while the position is active, its decrease levels (dashed), as
 * the dashboard draws them. Display-only numbers: the amounts stay decimal strings elsewhere.
 */
export function positionPriceLines(
  position: Pick<PositionRecord, 'entry_price' | 'decrease_price_levels' | 'close'>,
): PositionPriceLine[] {
  const entry = Number(position.entry_price);
  const lines: PositionPriceLine[] =
    entry > 0 ? [{ price: entry, color: ENTRY_COLOR, title: 'Entry', lineStyle: 0 }] : [];
  if (position.close !== null) return lines;
  return lines.concat(
    position.decrease_price_levels.map((price, i) => ({
      price: Number(price),
      color: LEVEL_COLORS[i] ?? SELL_COLOR,
      title: `Level ${i + 1}`,
      lineStyle: 2 as const,
    })),
  );
}
