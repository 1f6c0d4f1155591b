import type { BacktestReport } from '@balancer/core';
import { lazy, Suspense } from 'react';
import { Card } from '../../../components/ui/card';
import { LabLoading } from '../page-states';
import type { ChartLine } from './series';

// Asked for as soon as a lab screen's code runs, while its result loads, not after it arrived.
const priceChart = import('./price-chart');
const linesChart = import('./lines-chart');
const PriceChart = lazy(() => priceChart);
const LinesChart = lazy(() => linesChart);

/** The candle chart with fills and levels (lightweight-charts loads on first use). */
export function PriceCard({ report }: { report: BacktestReport }) {
  return (
    <Card title="Price, fills and decrease levels">
      <p className="mb-2 text-sm text-neutral-700">
        One candle per {bucketLabel(report.series.bucketMs)}. Buys: arrows under the bar; sells: over it; per
        position, the entry price (solid) and its five decrease levels (dashed).
      </p>
      <Suspense fallback={<LabLoading label="Loading the chart…" />}>
        <PriceChart report={report} />
      </Suspense>
    </Card>
  );
}

/** Equity or drawdown lines on one chart with their legend. */
export function LinesCard({
  title,
  note,
  lines,
  unit,
  testId,
}: {
  title: string;
  note: string;
  lines: ChartLine[];
  unit: 'quote' | 'percent';
  testId: string;
}) {
  return (
    <Card title={title}>
      <p className="mb-2 text-sm text-neutral-700">{note}</p>
      <Suspense fallback={<LabLoading label="Loading the chart…" />}>
        <LinesChart lines={lines} label={title} unit={unit} testId={testId} />
      </Suspense>
      <ul aria-label={`${title}: legend`} className="mt-2 flex flex-wrap gap-x-4 gap-y-1 text-sm">
        {lines.map((line) => (
          <li key={line.id} className="flex items-center gap-1.5">
            <span
              aria-hidden="true"
              className="inline-block h-1 w-4 rounded"
              style={{ background: line.color }}
            />
            {line.label}
          </li>
        ))}
      </ul>
    </Card>
  );
}

export function bucketLabel(ms: number): string {
  const hours = ms / 3_600_000;
  if (hours < 24) return hours === 1 ? 'hour' : `${hours} hours`;
  const days = hours / 24;
  return days === 1 ? 'day' : `${days} days`;
}
