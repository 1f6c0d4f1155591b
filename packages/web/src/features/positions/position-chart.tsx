import { CandlestickSeries, createChart, createSeriesMarkers, type UTCTimestamp } from 'lightweight-charts';
import { useEffect, useRef } from 'react';
import { CHART_OPTIONS, candleColorOptions } from '../../lib/chart-options';
import { BUY_COLOR, type ChartCandle, type ChartMarker, SELL_COLOR } from './chart-data';

/**
 * The position's price over its life with buy and sell markers; loaded lazily (lightweight-charts
 * is ~50 kB gzip).
 */
export default function PositionChart({
  candles,
  markers,
}: {
  candles: ChartCandle[];
  markers: ChartMarker[];
}) {
  const container = useRef<HTMLDivElement>(null);
  useEffect(() => {
    if (!container.current) return;
    const chart = createChart(container.current, CHART_OPTIONS);
    const series = chart.addSeries(CandlestickSeries, candleColorOptions(BUY_COLOR, SELL_COLOR));
    series.setData(candles.map((candle) => ({ ...candle, time: candle.time as UTCTimestamp })));
    createSeriesMarkers(
      series,
      markers.map((marker) => ({ ...marker, time: marker.time as UTCTimestamp })),
    );
    chart.timeScale().fitContent();
    return () => chart.remove();
  }, [candles, markers]);
  return (
    <div
      ref={container}
      role="img"
      aria-label="Price over the position's life with its buys and sells"
      data-testid="position-chart"
      className="h-[400px] w-full md:h-[500px]"
    />
  );
}
