import { formatBytes } from '@balancer/core';
import { useQuery } from '@tanstack/react-query';
import { useAuth } from '../../auth/auth-context';
import { Card, Facts } from '../../components/ui/card';
import { Spinner } from '../../components/ui/spinner';
import { errorMessageOf } from '../../lib/api';
import { formatDateTime, formatDuration } from '../../lib/format-time';
import { MONITOR_REFRESH_MS, type ServerSample } from './server-api';

/** 'used / total (percent %)' for memory and disk. */
const usage = (used: number, total: number, percent: number) =>
  `${formatBytes(used)} / ${formatBytes(total)} (${percent} %)`;

function facts(sample: ServerSample) {
  const { disk } = sample;
  return [
    ['Uptime', formatDuration(sample.uptime)],
    ['CPU load', `${sample.cpu.load} %`],
    ['Load averages (1, 5, 15 min)', sample.cpu.loadAverage.join(' · ')],
    ['Memory', usage(sample.memory.used, sample.memory.total, sample.memory.percent)],
    ['Disk', disk ? `${disk.mount}: ${usage(disk.used, disk.size, disk.percent)}` : '—'],
    ['API uptime', formatDuration(sample.process.uptime)],
    ['API memory (RSS)', formatBytes(sample.process.rss)],
    ['Node.js', `${sample.process.nodeVersion} (${sample.process.platform} ${sample.process.arch})`],
    ['Sampled at', formatDateTime(sample.sampledAt)],
  ] as const;
}

/** GET /server: the latest machine sample, asked again every minute. */
export function MonitorCard() {
  const { client } = useAuth();
  const { data, error, isPending } = useQuery({
    queryKey: ['server', 'monitor'],
    queryFn: () => client.request<ServerSample>({ path: 'server', auth: true }),
    refetchInterval: MONITOR_REFRESH_MS,
  });
  return (
    <Card title="Monitor">
      {isPending && <Spinner />}
      {error && <p className="text-sm text-decrease">{errorMessageOf(error)}</p>}
      {data && <Facts items={facts(data)} />}
    </Card>
  );
}
