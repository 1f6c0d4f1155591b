import type { RetentionRule } from '../../db/retention.js';
import type { Logger } from '../../logging/logger.js';
import type { Platform } from '../../platform/platform.js';
import { systemTime } from '../../shared/clock.js';
import { ClusterLease } from '../../shared/cluster-lease.js';
import { MAINTENANCE_EVERY_MS, StorageMaintenance } from './maintenance.js';

export { type MaintenanceReport, StorageMaintenance } from './maintenance.js';

/**
 * The storage maintenance task as composeServices wires it: hourly, started after the engine,
 * applying `rules` (platform/retention-rules.ts gathers every feature's). With several instances
 * on one database the timed runs happen on one of them: the holder of the 'storage-maintenance'
 * lease (an interval and a half long, so a dead holder's turn passes to another within 90 min).
 */
export function storageFeature(
  platform: Platform,
  logger: Logger,
  rules: readonly RetentionRule[],
  /** Wall time, epoch ms (the platform's clock; the system's by default). */
  now: () => number = systemTime,
  /** This instance's name (ClusterBus.instance) for the lease. */
  instance = 'local',
): StorageMaintenance {
  const db = () => platform.database.db;
  return new StorageMaintenance({
    platform,
    rules,
    now,
    lease: new ClusterLease(db, 'storage-maintenance', instance, (MAINTENANCE_EVERY_MS * 3) / 2),
    logger: logger.child({ task: 'storage-maintenance' }),
  });
}
