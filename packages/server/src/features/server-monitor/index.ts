import type { RouteSpec } from '../../http/route-spec.js';
import type { Logger } from '../../logging/logger.js';
import type { Platform } from '../../platform/platform.js';
import type { NotificationPort } from '../../shared/notifications.js';
import { ServerAlarmsStore } from './alarms-store.js';
import { recordSample } from './history-repository.js';
import { ServerMonitor } from './monitor.js';
import { hostReader } from './reader.js';
import { serverMonitorRoutes } from './routes.js';

export { ServerMonitor } from './monitor.js';

/**
 * The server monitor as composeServices wires it: a background task sampling the machine every
 * minute with systeminformation, each sample kept for the history, alarms stored in the database,
 * notifications as sender 'server'.
 */
export function serverMonitorFeature(
  platform: Platform,
  notifications: NotificationPort,
  logger: Logger,
  /** Wall time, epoch ms (the platform's clock). */
  now: () => number,
): { task: ServerMonitor; routes: RouteSpec[] } {
  const alarms = new ServerAlarmsStore(platform, now);
  const task = new ServerMonitor({
    reader: hostReader(),
    store: (sample) => recordSample(platform.database.db, sample),
    thresholds: () => alarms.get(),
    notify: (notification, at) => notifications.add(notification, at),
    now,
    logger: logger.child({ task: 'server-monitor' }),
  });
  return { task, routes: serverMonitorRoutes(platform, task, alarms, now) };
}
