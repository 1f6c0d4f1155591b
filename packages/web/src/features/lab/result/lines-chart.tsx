import { createChart, LineSeries } from 'lightweight-charts';
import { useEffect, useRef } from 'react';
import { withUtcTime } from '../../../lib/chart/candles';
import { CHART_OPTIONS, followTheme } from '../../../lib/chart/options';
import type { ChartLine } from './series';

/**
 * Lines on one time axis (equity of the strategy and its baselines, or their drawdowns); loaded on
 * demand (its legend is LinesCard's).
 */
export default function LinesChart({
  lines,
  label,
  testId,
  unit,
}: {
  lines: ChartLine[];
  label: string;
  testId: string;
  unit: 'quote' | 'percent';
}) {
  const container = useRef<HTMLDivElement>(null);
  useEffect(() => {
    if (!container.current) return;
    const chart = createChart(container.current, {
      ...CHART_OPTIONS,
      timeScale: { ...CHART_OPTIONS.timeScale, lockVisibleTimeRangeOnResize: true },
      localization: {
        priceFormatter: (value: number) => (unit === 'percent' ? `${value.toFixed(1)} %` : value.toFixed(0)),
      },
    });
    for (const line of lines) {
      const series = chart.addSeries(LineSeries, {
        color: line.color,
        lineWidth: 2,
        priceLineVisible: false,
        lastValueVisible: false,
      });
      series.setData(line.points.map(withUtcTime));
    }
    chart.timeScale().fitContent();
    const stopTheme = followTheme(chart);
    return () => {
      stopTheme();
      chart.remove();
    };
  }, [lines, unit]);
  return (
    <div
      ref={container}
      role="img"
      aria-label={label}
      data-testid={testId}
      className="h-[260px] w-full md:h-[320px]"
    />
  );
}
