import type { RetentionRule } from '../../db/retention.js';
import type { Logger } from '../../logging/logger.js';
import type { Platform } from '../../platform/platform.js';
import { systemTime } from '../../shared/clock.js';
import { StorageMaintenance } from './maintenance.js';

export { type MaintenanceReport, StorageMaintenance } from './maintenance.js';

/**
 * The storage maintenance task as composeServices wires it: hourly, started after the engine,
 * applying `rules` (platform/retention-rules.ts gathers every feature's).
 */
export function storageFeature(
  platform: Platform,
  logger: Logger,
  rules: readonly RetentionRule[],
  /** Wall time, epoch ms (the platform's clock; the system's by default). */
  now: () => number = systemTime,
): StorageMaintenance {
  return new StorageMaintenance({
    platform,
    rules,
    now,
    logger: logger.child({ task: 'storage-maintenance' }),
  });
}
