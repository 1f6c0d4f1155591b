import { CandlestickSeries, createChart, createSeriesMarkers } from 'lightweight-charts';
import { useEffect, useRef } from 'react';
import { withUtcTime } from '../../../lib/chart/candles';
import { BUY_COLOR, SELL_COLOR } from '../../../lib/chart/markers';
import { CHART_OPTIONS, candleColorOptions, followTheme } from '../../../lib/chart/options';
import { SAMPLE_CANDLES, SAMPLE_MARKERS } from './sample-data';

/**
 * The candlestick chart of the position sample (loaded lazily: lightweight-charts is ~50 kB gzip).
 * The TradingView attribution logo stays on, as the library's licence asks.
 */
export default function SampleChart() {
  const container = useRef<HTMLDivElement>(null);
  useEffect(() => {
    if (!container.current) return;
    const chart = createChart(container.current, {
      ...CHART_OPTIONS,
      handleScroll: false,
      handleScale: false,
    });
    const series = chart.addSeries(CandlestickSeries, candleColorOptions(BUY_COLOR, SELL_COLOR));
    series.setData(SAMPLE_CANDLES.map(withUtcTime));
    createSeriesMarkers(series, SAMPLE_MARKERS.map(withUtcTime));
    chart.timeScale().fitContent();
    const stopTheme = followTheme(chart);
    return () => {
      stopTheme();
      chart.remove();
    };
  }, []);
  return <div ref={container} data-testid="sample-chart" className="h-[400px] w-full md:h-[500px]" />;
}
