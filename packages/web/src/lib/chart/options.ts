import type { ColorType, DeepPartial, TimeChartOptions } from 'lightweight-charts';

/*
 * The app's lightweight-charts look, for every candle chart. Type-only import of the library:
 * `'solid'` is ColorType.Solid's value, so this module adds nothing to a chunk that loads it (the
 * library itself is loaded lazily by the chart components). The TradingView attribution stays
 * on, as the library's licence asks.
 */
export const CHART_OPTIONS: DeepPartial<TimeChartOptions> = {
  autoSize: true,
  layout: {
    background: { type: 'solid' as ColorType.Solid, color: '#ffffff' },
    textColor: '#404040',
    attributionLogo: true,
  },
  grid: { vertLines: { color: '#f0f0f0' }, horzLines: { color: '#f0f0f0' } },
  timeScale: { timeVisible: true, secondsVisible: false },
};

/** Candlestick colours: body, border and wick of up and down candles. */
export function candleColorOptions(up: string, down: string) {
  return {
    upColor: up,
    borderUpColor: up,
    wickUpColor: up,
    downColor: down,
    borderDownColor: down,
    wickDownColor: down,
  };
}
