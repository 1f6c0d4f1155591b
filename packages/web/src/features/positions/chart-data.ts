import type { EventHistory, TradeRecord } from './types';

/** Spec §9 marker colours. */
export const BUY_COLOR = '#0f766e';
export const SELL_COLOR = '#dc2626';

export interface ChartCandle {
  /** Seconds since the epoch (lightweight-charts' UTC timestamp). */
  time: number;
  open: number;
  high: number;
  low: number;
  close: number;
}

export interface ChartMarker {
  time: number;
  position: 'belowBar' | 'aboveBar';
  color: string;
  shape: 'arrowUp' | 'arrowDown';
  text: 'Buy' | 'Sell';
}

/** The event history's minute candles (times in ms) as chart candles (times in s). */
export function historyCandles(history: EventHistory): ChartCandle[] {
  return history.id.map((ms, index) => ({
    time: Math.floor(ms / 1000),
    open: history.open[index] ?? 0,
    high: history.high[index] ?? 0,
    low: history.low[index] ?? 0,
    close: history.close[index] ?? 0,
  }));
}

/**
 * One marker per trade (spec §3: buy below the bar, arrow up; sell above, arrow down), on the
 * minute candle it happened in (time floored to the minute, in seconds), in time order.
 */
export function tradeMarkers(trades: readonly TradeRecord[]): ChartMarker[] {
  return [...trades]
    .sort((a, b) => a.time - b.time)
    .map((trade) => {
      const time = Math.floor(trade.time / 60_000) * 60;
      return trade.side === 'BUY'
        ? { time, position: 'belowBar', color: BUY_COLOR, shape: 'arrowUp', text: 'Buy' }
        : { time, position: 'aboveBar', color: SELL_COLOR, shape: 'arrowDown', text: 'Sell' };
    });
}
