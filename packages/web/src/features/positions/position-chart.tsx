import {
  type AutoscaleInfo,
  CandlestickSeries,
  createChart,
  createSeriesMarkers,
  type ISeriesApi,
  LineSeries,
  type LineStyle,
} from 'lightweight-charts';
import { useEffect, useRef } from 'react';
import { type ChartCandle, withUtcTime } from '../../lib/chart/candles';
import { BUY_COLOR, type ChartMarker, SELL_COLOR } from '../../lib/chart/markers';
import { CHART_OPTIONS, candleColorOptions, followTheme } from '../../lib/chart/options';
import { historyChartKind, type PositionPriceLine } from './chart-data';

/**
 * The price scale takes in the price lines too: a young position's prices span cents, and the entry
 * price and the levels would otherwise sit off the chart.
 */
function withPriceLines(prices: readonly number[]) {
  return (original: () => AutoscaleInfo | null): AutoscaleInfo | null => {
    const info = original();
    if (info === null || prices.length === 0) return info;
    const range = info.priceRange;
    return {
      ...info,
      priceRange: {
        minValue: Math.min(range?.minValue ?? Number.POSITIVE_INFINITY, ...prices),
        maxValue: Math.max(range?.maxValue ?? Number.NEGATIVE_INFINITY, ...prices),
      },
    };
  };
}

/** The line of closes when the minutes hold a single price each (see historyChartKind). */
const LINE_COLOR = '#2563eb';

/**
 * The position's price over its life — candles, or a line of closes when the minutes carry no
 * range — with buy and sell markers, the entry price and the decrease levels; loaded lazily
 * (lightweight-charts is ~50 kB gzip).
 */
export default function PositionChart({
  candles,
  markers,
  priceLines,
}: {
  candles: ChartCandle[];
  markers: ChartMarker[];
  priceLines: PositionPriceLine[];
}) {
  const container = useRef<HTMLDivElement>(null);
  const kind = historyChartKind(candles);
  useEffect(() => {
    if (!container.current) return;
    const chart = createChart(container.current, CHART_OPTIONS);
    let series: ISeriesApi<'Candlestick'> | ISeriesApi<'Line'>;
    const autoscaleInfoProvider = withPriceLines(priceLines.map((line) => line.price));
    if (kind === 'candles') {
      const candleSeries = chart.addSeries(CandlestickSeries, {
        ...candleColorOptions(BUY_COLOR, SELL_COLOR),
        autoscaleInfoProvider,
      });
      candleSeries.setData(candles.map(withUtcTime));
      series = candleSeries;
    } else {
      const line = chart.addSeries(LineSeries, { color: LINE_COLOR, lineWidth: 2, autoscaleInfoProvider });
      line.setData(candles.map((candle) => withUtcTime({ time: candle.time, value: candle.close })));
      series = line;
    }
    for (const line of priceLines) {
      series.createPriceLine({
        price: line.price,
        color: line.color,
        title: line.title,
        lineWidth: line.lineStyle === 0 ? 1 : 2,
        lineStyle: line.lineStyle as LineStyle,
        axisLabelVisible: true,
      });
    }
    createSeriesMarkers(series, markers.map(withUtcTime));
    chart.timeScale().fitContent();
    const stopTheme = followTheme(chart);
    return () => {
      stopTheme();
      chart.remove();
    };
  }, [candles, markers, priceLines, kind]);
  return (
    <div
      ref={container}
      role="img"
      aria-label={`Price over the position's life (${kind === 'candles' ? 'minute candles' : 'a line of closes'}) with its buys and sells, the entry price and the decrease levels`}
      data-testid="position-chart"
      data-chart-kind={kind}
      className="h-[400px] w-full md:h-[500px]"
    />
  );
}
