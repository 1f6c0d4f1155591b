import type { ColorType, DeepPartial, TimeChartOptions } from 'lightweight-charts';
import { isDark, onThemeChange } from '../theme';

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

/** The chart's background, text and grid in the page's theme (light as CHART_OPTIONS, or dark). */
export function chartThemeOptions(dark: boolean): DeepPartial<TimeChartOptions> {
  return dark
    ? {
        layout: { background: { type: 'solid' as ColorType.Solid, color: '#0d0d0d' }, textColor: '#d4d4d4' },
        grid: { vertLines: { color: '#262626' }, horzLines: { color: '#262626' } },
      }
    : { layout: CHART_OPTIONS.layout, grid: CHART_OPTIONS.grid };
}

/** Applies the theme's colours to a chart now and on every change; returns the unsubscribe. */
export function followTheme(chart: {
  applyOptions: (options: DeepPartial<TimeChartOptions>) => void;
}): () => void {
  const apply = () => chart.applyOptions(chartThemeOptions(isDark()));
  apply();
  return onThemeChange(apply);
}
