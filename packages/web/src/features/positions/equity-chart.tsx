import { EQUITY_RANGES, type EquityPoint, type EquityRange } from '@balancer/core';
import { useState } from 'react';
import { RangeSwitch } from '../../components/ui/range-switch';
import { useEssentialsSelector } from '../../essentials';
import { formatBitcoin, formatDecimal } from '../../lib/locale-number';
import { MarketTime, useReplayClock } from './market-time';
import { LoadError, Loading } from './page-states';
import { useEquityHistory } from './positions-api';

const RANGE_LABELS: Record<EquityRange, string> = {
  '24h': '24 hours',
  '7d': '7 days',
  '90d': '90 days',
  '2y': '2 years',
};

const WIDTH = 300;
const HEIGHT = 80;
const PAD = 4;

/**
 * The SVG path of the equity values, oldest first, from the first to the last point's time on x and
 * from the lowest to the highest value on y (a flat line mid-height when they are all equal). Plain
 * numbers here place pixels only; the amounts shown are the API's decimal strings.
 */
export function equityPath(points: readonly Pick<EquityPoint, 'at' | 'equity'>[]): string {
  if (points.length === 0) return '';
  const values = points.map((point) => Number(point.equity));
  const low = Math.min(...values);
  const spread = Math.max(...values) - low;
  const first = points[0]!.at;
  const span = points.at(-1)!.at - first;
  return points
    .map((point, index) => {
      const x = span === 0 ? WIDTH / 2 : ((point.at - first) / span) * WIDTH;
      const y =
        spread === 0 ? HEIGHT / 2 : HEIGHT - PAD - ((values[index]! - low) / spread) * (HEIGHT - 2 * PAD);
      return `${index === 0 ? 'M' : 'L'}${Math.round(x * 10) / 10} ${Math.round(y * 10) / 10}`;
    })
    .join('');
}

/**
 * The equity (free quote + BTC valued at the price) over 24 h, 7 d, 90 d or 2 y of market time, from
 * the trading engine's samples (one a minute, hourly after a week); on the simulator the times are
 * replay times.
 */
export function EquityChart() {
  const [range, setRange] = useState<EquityRange>('24h');
  const history = useEquityHistory(range);
  const replay = useReplayClock();
  const quoteAsset = useEssentialsSelector((essentials) => essentials?.exchangeConfig.quoteAsset) ?? 'quote';
  const points = history.data?.points ?? [];
  const latest = points.at(-1);
  return (
    <div className="flex flex-col gap-2">
      <RangeSwitch
        label="Equity range"
        ranges={EQUITY_RANGES}
        labels={RANGE_LABELS}
        value={range}
        onChange={setRange}
      />
      {history.isPending && <Loading label="Loading equity…" />}
      {history.isError && <LoadError error={history.error} onReload={() => void history.refetch()} />}
      {history.isSuccess && latest === undefined && (
        <p className="text-sm text-neutral-700">
          No equity samples in the last {RANGE_LABELS[range]} yet: the trading engine records the free{' '}
          {quoteAsset} and BTC and their value once a minute while it runs.
        </p>
      )}
      {latest !== undefined && (
        <figure className="flex min-w-0 flex-col gap-1">
          <figcaption className="text-sm">
            <span className="font-medium">
              {formatDecimal(latest.equity, { decimalPlaces: 2 })} {quoteAsset}
            </span>{' '}
            <span className="text-neutral-700">
              = {formatDecimal(latest.quote, { decimalPlaces: 2 })} {quoteAsset} +{' '}
              {formatBitcoin(latest.base)} at {formatDecimal(latest.price, { decimalPlaces: 2 })}, at{' '}
              <MarketTime epochMs={latest.at} />
            </span>
          </figcaption>
          <svg
            viewBox={`0 0 ${WIDTH} ${HEIGHT}`}
            preserveAspectRatio="none"
            role="img"
            aria-label={`Equity in ${quoteAsset}, ${points.length} points over the last ${RANGE_LABELS[range]}${replay ? ' of replay time' : ''}`}
            className="h-24 w-full rounded border border-neutral-200 bg-neutral-50"
          >
            <path
              d={equityPath(points)}
              fill="none"
              className="stroke-primary"
              strokeWidth="1.5"
              vectorEffect="non-scaling-stroke"
            />
          </svg>
          <div className="flex justify-between gap-2 text-xs text-neutral-600">
            <MarketTime epochMs={points[0]!.at} />
            <MarketTime epochMs={latest.at} />
          </div>
        </figure>
      )}
    </div>
  );
}
