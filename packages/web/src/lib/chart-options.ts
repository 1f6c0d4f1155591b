import { ColorType, type DeepPartial, type TimeChartOptions } from 'lightweight-charts';

/*
 * The app's lightweight-charts look, for every candle chart (import only from lazily loaded
 * chart modules: this pulls in the library). The TradingView attribution stays on, as the
 * library's licence asks.
 */
export const CHART_OPTIONS: DeepPartial<TimeChartOptions> = {
  autoSize: true,
  layout: {
    background: { type: ColorType.Solid, color: '#ffffff' },
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
