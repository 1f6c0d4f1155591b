import type { BacktestReport } from '@balancer/core';
import {
  CandlestickSeries,
  createChart,
  createSeriesMarkers,
  LineSeries,
  LineStyle,
} from 'lightweight-charts';
import { useEffect, useRef } from 'react';
import { withUtcTime } from '../../../lib/chart/candles';
import { BUY_COLOR, SELL_COLOR } from '../../../lib/chart/markers';
import { CHART_OPTIONS, candleColorOptions, followTheme } from '../../../lib/chart/options';
import { fillMarkers, levelLines, reportCandles } from './price-data';

/**
 * The backtest's price (one candle per bucket) with the strategy's buys and sells and, per
 * position, its entry price (solid) and five decrease levels (dashed); loaded on demand.
 */
export default function PriceChart({ report }: { report: BacktestReport }) {
  const container = useRef<HTMLDivElement>(null);
  useEffect(() => {
    if (!container.current) return;
    const chart = createChart(container.current, {
      ...CHART_OPTIONS,
      timeScale: { ...CHART_OPTIONS.timeScale, lockVisibleTimeRangeOnResize: true },
    });
    const candles = chart.addSeries(CandlestickSeries, candleColorOptions(BUY_COLOR, SELL_COLOR));
    candles.setData(reportCandles(report).map(withUtcTime));
    levelLines(report).forEach((points, i) => {
      const line = chart.addSeries(LineSeries, {
        color: i === 0 ? BUY_COLOR : SELL_COLOR,
        lineWidth: 1,
        lineStyle: i === 0 ? LineStyle.Solid : LineStyle.Dashed,
        priceLineVisible: false,
        lastValueVisible: false,
        crosshairMarkerVisible: false,
        title: i === 0 ? 'entry' : '',
      });
      line.setData(points.map(withUtcTime));
    });
    createSeriesMarkers(candles, fillMarkers(report).map(withUtcTime));
    chart.timeScale().fitContent();
    const stopTheme = followTheme(chart);
    return () => {
      stopTheme();
      chart.remove();
    };
  }, [report]);
  return (
    <div
      ref={container}
      role="img"
      aria-label="Price with the strategy's buys and sells, each position's entry price and decrease levels"
      data-testid="lab-price-chart"
      className="h-[320px] w-full md:h-[420px]"
    />
  );
}
