import { clusterInstanceRetention } from '../cluster/instances/repository.js';
import { streamAttachmentRetention } from '../cluster/retention.js';
import type { RetentionRule } from '../db/retention.js';
import { accountRetention } from '../features/accounts/retention.js';
import { apiErrorRetention } from '../features/api-errors/retention.js';
import { labJobRetention, labLiveOriginRetention, labResultRetention } from '../features/lab/retention.js';
import { pushSubscriptionRetention } from '../features/notifications/push/subscriptions.js';
import { deliveryRetention, notificationRetention } from '../features/notifications/retention.js';
import { serverHistoryRetention } from '../features/server-monitor/retention.js';
import { rateLimitRetention } from '../http/rate-limit-sync.js';
import { marketHistoryRetention } from '../trading/retention.js';

/**
 * Every growing table's retention rule, each written next to its repository (docs/retention.md
 * lists them), gathered here for the storage maintenance task. Deliveries go before
 * notifications, so that the notification rule's cascade does not count them twice.
 */
export const RETENTION_RULES: readonly RetentionRule[] = [
  apiErrorRetention,
  deliveryRetention,
  notificationRetention,
  pushSubscriptionRetention,
  ...accountRetention,
  ...marketHistoryRetention,
  serverHistoryRetention,
  labResultRetention,
  labLiveOriginRetention,
  streamAttachmentRetention,
  rateLimitRetention,
  clusterInstanceRetention,
  labJobRetention,
];
