import {
  CandlestickSeries,
  createChart,
  createSeriesMarkers,
  type IChartApi,
  type IPriceLine,
  type ISeriesApi,
  type ISeriesMarkersPluginApi,
  type LineStyle,
  type LineWidth,
  type Time,
} from 'lightweight-charts';
import { useEffect, useRef } from 'react';
import { type ChartCandle, withUtcTime } from '../../lib/chart/candles';
import type { ChartMarker } from '../../lib/chart/markers';
import { CHART_OPTIONS, candleColorOptions, followTheme } from '../../lib/chart/options';
import type { ChartPriceLine } from './chart-overlays';
import { type ChartShown, planChartUpdate } from './chart-update';
import { candleColors } from './state-colors';

export interface WindowChartProps {
  candles: readonly ChartCandle[];
  state: number;
  markers: readonly ChartMarker[];
  priceLines: readonly ChartPriceLine[];
  /** Minutes after which the whole series is loaded again; none by default. */
  refreshMinutes?: number;
}

/**
 * The window's live candle chart (lightweight-charts, loaded lazily by the dashboard). Each
 * render applies planChartUpdate's rule instead of setting all data, so a tick touches one or
 * two bars. The TradingView attribution stays on, as the library's licence asks.
 */
export default function WindowChart({
  candles,
  state,
  markers,
  priceLines,
  refreshMinutes,
}: WindowChartProps) {
  const container = useRef<HTMLDivElement>(null);
  const chart = useRef<IChartApi | null>(null);
  const series = useRef<ISeriesApi<'Candlestick'> | null>(null);
  const markerApi = useRef<ISeriesMarkersPluginApi<Time> | null>(null);
  const lines = useRef<IPriceLine[]>([]);
  const shown = useRef<ChartShown>({ lastTime: null, loadedAt: null });

  useEffect(() => {
    if (!container.current) return;
    const created = createChart(container.current, CHART_OPTIONS);
    const stopTheme = followTheme(created);
    chart.current = created;
    series.current = created.addSeries(CandlestickSeries, {});
    markerApi.current = createSeriesMarkers(series.current, []);
    return () => {
      stopTheme();
      created.remove();
      chart.current = null;
      series.current = null;
      markerApi.current = null;
      lines.current = [];
      shown.current = { lastTime: null, loadedAt: null };
    };
  }, []);

  useEffect(() => {
    const { up, down } = candleColors(state);
    series.current?.applyOptions(candleColorOptions(up, down));
  }, [state]);

  useEffect(() => {
    const target = series.current;
    if (!target) return;
    const now = Date.now();
    const update = planChartUpdate(shown.current, candles, now, refreshMinutes);
    if (update.kind === 'replace') {
      target.setData(update.candles.map(withUtcTime));
      chart.current?.timeScale().fitContent();
      shown.current = { lastTime: update.candles.at(-1)?.time ?? null, loadedAt: now };
    } else if (update.kind === 'update') {
      for (const candle of update.candles) target.update(withUtcTime(candle));
      shown.current = { ...shown.current, lastTime: update.candles.at(-1)?.time ?? shown.current.lastTime };
    }
  }, [candles, refreshMinutes]);

  useEffect(() => {
    markerApi.current?.setMarkers(markers.map(withUtcTime));
  }, [markers]);

  useEffect(() => {
    const target = series.current;
    if (!target) return;
    for (const line of lines.current) target.removePriceLine(line);
    lines.current = priceLines.map((line) =>
      target.createPriceLine({
        ...line,
        lineStyle: line.lineStyle as LineStyle,
        lineWidth: line.lineWidth as LineWidth,
      }),
    );
  }, [priceLines]);

  return (
    <div
      ref={container}
      data-testid="window-chart"
      data-last-close={candles.at(-1)?.close ?? ''}
      className="h-[400px] w-full md:h-[500px]"
    />
  );
}
