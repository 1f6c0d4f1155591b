import type { Readiness } from '@balancer/core';
import { useQuery } from '@tanstack/react-query';
import { useAuth } from '../../auth/auth-context';
import { Card, Facts } from '../../components/ui/card';
import { errorMessageOf } from '../../lib/api';
import { formatDateTime } from '../../lib/format-time';
import { FactsTable } from './facts-table';

const INSTANCE_COLUMNS = [
  { label: 'Instance', cell: 'font-mono break-all' },
  { label: 'Role' },
  { label: 'Started', cell: 'whitespace-nowrap' },
  { label: 'Last seen', cell: 'whitespace-nowrap' },
];

/** Instances heartbeat every 5 s: a takeover shows within a refresh or two. */
const INSTANCES_REFRESH_MS = 10_000;

/**
 * GET /ready's cluster part (docs/failover.md): which instance trades (holds the engine lock),
 * this one's name, and every instance heard from in the last 30 s.
 */
export function InstancesCard() {
  const { client } = useAuth();
  const { data, error } = useQuery({
    queryKey: ['ready', 'cluster'],
    queryFn: () => client.request<Readiness>({ path: 'ready' }),
    refetchInterval: INSTANCES_REFRESH_MS,
  });
  const cluster = data?.cluster;
  return (
    <Card title="Instances">
      {error && <p className="text-sm text-decrease">{errorMessageOf(error)}</p>}
      {cluster && (
        <>
          {cluster.nameShared === true && (
            <p role="alert" className="mb-2 text-sm text-decrease">
              Another running instance uses the name {cluster.instance}: give each instance its own
              INSTANCE_NAME (docs/cluster.md), or this list and the takeover notices mix the two up.
            </p>
          )}
          <Facts
            twoColumns
            items={[
              ['This instance', cluster.instance],
              ['Trading engine on', cluster.leader ?? 'none at the moment (a takeover is in progress)'],
            ]}
          />
          <FactsTable
            caption="Instances heard from in the last 30 seconds"
            columns={INSTANCE_COLUMNS}
            rows={cluster.instances.map((instance) => ({
              key: instance.name,
              cells: [
                instance.name === cluster.instance ? `${instance.name} (this one)` : instance.name,
                instance.leads ? 'trading' : 'standby',
                formatDateTime(instance.startedAt),
                formatDateTime(instance.lastSeen),
              ],
            }))}
          />
        </>
      )}
    </Card>
  );
}
