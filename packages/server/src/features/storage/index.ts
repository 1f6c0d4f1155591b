import type { RetentionRule } from '../../db/retention.js';
import type { Logger } from '../../logging/logger.js';
import type { Platform } from '../../platform/platform.js';
import { accountRetention } from '../accounts/retention.js';
import { apiErrorRetention } from '../api-errors/retention.js';
import { deliveryRetention, notificationRetention } from '../notifications/retention.js';
import { marketHistoryRetention } from '../trading/retention.js';
import { StorageMaintenance } from './maintenance.js';

export { type MaintenanceReport, StorageMaintenance } from './maintenance.js';

/**
 * Every growing table's retention rule, each written next to its feature's repository
 * (docs/retention.md lists them). Deliveries go before notifications, so that the notification
 * rule's cascade does not count them twice.
 */
export const RETENTION_RULES: readonly RetentionRule[] = [
  apiErrorRetention,
  deliveryRetention,
  notificationRetention,
  ...accountRetention,
  ...marketHistoryRetention,
];

/** The storage maintenance task as composeServices wires it: hourly, started after the engine. */
export function storageFeature(platform: Platform, logger: Logger): StorageMaintenance {
  return new StorageMaintenance({
    platform,
    rules: RETENTION_RULES,
    logger: logger.child({ task: 'storage-maintenance' }),
  });
}
