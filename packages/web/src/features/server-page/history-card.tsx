import { SERVER_HISTORY_RANGES, type ServerHistory, type ServerHistoryRange } from '@balancer/core';
import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { useAuth } from '../../auth/auth-context';
import { Card } from '../../components/ui/card';
import { RangeSwitch } from '../../components/ui/range-switch';
import { Spinner } from '../../components/ui/spinner';
import { errorMessageOf } from '../../lib/api';
import { formatDateTime } from '../../lib/format-time';
import { HistoryChart, type HistorySeries } from './history-chart';
import { MONITOR_REFRESH_MS } from './server-api';

const RANGE_LABELS: Record<ServerHistoryRange, string> = {
  '6h': '6 hours',
  '48h': '48 hours',
  '30d': '30 days',
};
const RANGE_MS: Record<ServerHistoryRange, number> = {
  '6h': 6 * 3_600_000,
  '48h': 48 * 3_600_000,
  '30d': 30 * 86_400_000,
};

function seriesOf(history: ServerHistory): HistorySeries[] {
  return [
    { label: 'CPU', points: history.points.map((p) => ({ at: p.at, value: p.cpu })) },
    { label: 'Memory', points: history.points.map((p) => ({ at: p.at, value: p.memory })) },
    { label: 'Disk', points: history.points.map((p) => ({ at: p.at, value: p.disk })) },
  ];
}

/** GET /server/history: CPU, memory and disk over 6 h, 48 h or 30 days, as three small charts. */
export function HistoryCard() {
  const { client } = useAuth();
  const [range, setRange] = useState<ServerHistoryRange>('6h');
  const { data, error, isPending, dataUpdatedAt } = useQuery({
    queryKey: ['server', 'history', range],
    queryFn: () => client.request<ServerHistory>({ path: `server/history?range=${range}`, auth: true }),
    refetchInterval: MONITOR_REFRESH_MS,
  });
  // The range ends at the answer's time (the server's samples are wall time, as this clock is).
  const to = dataUpdatedAt || Math.max(0, ...(data?.points.map((p) => p.at) ?? [0]));
  return (
    <Card
      title="History"
      actions={
        <RangeSwitch
          label="Range"
          ranges={SERVER_HISTORY_RANGES}
          labels={RANGE_LABELS}
          value={range}
          onChange={setRange}
        />
      }
    >
      {isPending && <Spinner />}
      {error && <p className="text-sm text-decrease">{errorMessageOf(error)}</p>}
      {data && (
        <div className="grid gap-4 sm:grid-cols-3">
          {seriesOf(data).map((series) => (
            <HistoryChart
              key={series.label}
              series={series}
              from={to - RANGE_MS[data.range]}
              to={to}
              bucketMs={data.bucketMs}
            />
          ))}
        </div>
      )}
      <p className="mt-2 text-xs text-neutral-600">
        {data?.points[0] && data.points[0].at > to - RANGE_MS[data.range] + 2 * data.bucketMs
          ? `Samples since ${formatDateTime(data.points[0].at)} (the charts fill in as the server runs). `
          : ''}
        A sample a minute, kept 48 hours; older ones as hourly averages for 30 days.
      </p>
    </Card>
  );
}
