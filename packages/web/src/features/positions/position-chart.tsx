import { CandlestickSeries, createChart, createSeriesMarkers } from 'lightweight-charts';
import { useEffect, useRef } from 'react';
import { type ChartCandle, withUtcTime } from '../../lib/chart/candles';
import { BUY_COLOR, type ChartMarker, SELL_COLOR } from '../../lib/chart/markers';
import { CHART_OPTIONS, candleColorOptions } from '../../lib/chart/options';

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
    series.setData(candles.map(withUtcTime));
    createSeriesMarkers(series, markers.map(withUtcTime));
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
