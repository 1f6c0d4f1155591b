import {
  CandlestickSeries,
  ColorType,
  createChart,
  createSeriesMarkers,
  type UTCTimestamp,
} from 'lightweight-charts';
import { useEffect, useRef } from 'react';
import { SAMPLE_CANDLES, SAMPLE_MARKERS } from './sample-data';
import { BUY_COLOR, SELL_COLOR } from './sample-markers';

/**
 * The candlestick chart of the position sample (loaded lazily: lightweight-charts is ~50 kB gzip).
 * The TradingView attribution logo stays on, as the library's licence asks.
 */
export default function SampleChart() {
  const container = useRef<HTMLDivElement>(null);
  useEffect(() => {
    if (!container.current) return;
    const chart = createChart(container.current, {
      autoSize: true,
      layout: {
        background: { type: ColorType.Solid, color: '#ffffff' },
        textColor: '#404040',
        attributionLogo: true,
      },
      grid: { vertLines: { color: '#f0f0f0' }, horzLines: { color: '#f0f0f0' } },
      timeScale: { timeVisible: true, secondsVisible: false },
      handleScroll: false,
      handleScale: false,
    });
    const series = chart.addSeries(CandlestickSeries, {
      upColor: BUY_COLOR,
      borderUpColor: BUY_COLOR,
      wickUpColor: BUY_COLOR,
      downColor: SELL_COLOR,
      borderDownColor: SELL_COLOR,
      wickDownColor: SELL_COLOR,
    });
    series.setData(SAMPLE_CANDLES.map((candle) => ({ ...candle, time: candle.time as UTCTimestamp })));
    createSeriesMarkers(
      series,
      SAMPLE_MARKERS.map((marker) => ({ ...marker, time: marker.time as UTCTimestamp })),
    );
    chart.timeScale().fitContent();
    return () => chart.remove();
  }, []);
  return <div ref={container} data-testid="sample-chart" className="h-[400px] w-full md:h-[500px]" />;
}
