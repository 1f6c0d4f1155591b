import { useUser } from '../../essentials';
import { AlarmsCard } from './alarms-card';
import { ApiErrorsCard } from './api-errors-card';
import { DatabaseCard } from './database-card';
import { DeliveryCard } from './delivery-card';
import { ExchangeCard } from './exchange-card';
import { HistoryCard } from './history-card';
import { HttpsCard } from './https-card';
import { InstancesCard } from './instances-card';
import { MonitorCard } from './monitor-card';

/** Authority that may delete API errors and send a test notification (docs/operations-api.md). */
export const CHANGE_AUTHORITY = 3;

/** The Server screen (docs/server-monitor.md): authority 2 to view, 3 to change. */
export function ServerPage() {
  const canChange = (useUser()?.authority ?? 0) >= CHANGE_AUTHORITY;
  return (
    <div className="mx-auto flex w-full max-w-5xl flex-col gap-4 p-4">
      <h1 className="text-2xl font-semibold">Server</h1>
      <div className="grid gap-4 lg:grid-cols-2">
        <div className="flex flex-col gap-4">
          <MonitorCard />
          <ExchangeCard />
        </div>
        <div className="flex flex-col gap-4">
          <AlarmsCard />
          <DeliveryCard canChange={canChange} />
          <HttpsCard />
        </div>
      </div>
      <HistoryCard />
      <InstancesCard />
      <DatabaseCard />
      <ApiErrorsCard canChange={canChange} />
    </div>
  );
}
