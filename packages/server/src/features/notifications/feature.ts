import type { Config } from '../../config/schema.js';
import type { RouteSpec } from '../../http/route-spec.js';
import type { Logger } from '../../logging/logger.js';
import type { Platform } from '../../platform/platform.js';
import type { BackgroundTask } from '../../shared/background-task.js';
import type { ClusterBus } from '../../shared/cluster-bus.js';
import { type DeliveryClock, wallDeliveryClock } from './delivery-clock.js';
import { DeliveryQueue, type DeliveryTransport } from './delivery-queue.js';
import { notificationRoutes } from './routes.js';
import { NotificationsService } from './service.js';
import { announceStart } from './startup-notice.js';
import { sendMessage } from './telegram/bot-api.js';
import { formatMessage } from './telegram/message.js';
import { telegramTarget } from './telegram/settings.js';

/** How long one sendMessage may take before it counts as a transient failure, ms. */
export const TELEGRAM_TIMEOUT_MS = 10_000;

export interface NotificationFeature {
  /** The one service every part of the platform adds notifications through. */
  notifications: NotificationsService;
  notificationRoutes: RouteSpec[];
  /** Starts the Telegram queue and adds the 'API initialiser' notification; stop aborts delivery. */
  delivery: BackgroundTask;
  queue: DeliveryQueue;
}

export interface NotificationFeatureOptions {
  /** Wall time and timers (default the system's): the queue's and the test notification's. */
  clock?: DeliveryClock;
  intervalMs?: number;
  requestTimeoutMs?: number;
  /** The other instances on the database: a notification queued on one wakes the others' queue. */
  bus?: ClusterBus;
  /** This instance's name for the delivery lease (default the bus's). */
  instance?: string;
}

/** Notifications wired to Telegram when TELEGRAM_BOT_TOKEN and TELEGRAM_CHAT_ID are both set. */
export function notificationFeature(
  platform: Platform,
  config: Config,
  logger: Logger,
  options: NotificationFeatureOptions = {},
): NotificationFeature {
  const target = telegramTarget(config);
  const timeoutMs = options.requestTimeoutMs ?? TELEGRAM_TIMEOUT_MS;
  const transport: DeliveryTransport | null = target
    ? (record, signal) => sendMessage(target, formatMessage(record), { signal, timeoutMs })
    : null;
  const clock = options.clock ?? wallDeliveryClock();
  const queue = new DeliveryQueue({
    platform,
    logger,
    transport,
    clock,
    ...(options.intervalMs === undefined ? {} : { intervalMs: options.intervalMs }),
    ...(options.bus ? { bus: options.bus } : {}),
    ...(options.instance === undefined ? {} : { instance: options.instance }),
  });
  const notifications = new NotificationsService(platform, queue);
  const delivery: BackgroundTask = {
    name: 'notifications',
    start: async () => {
      await queue.start();
      await announceStart(notifications, config, logger, queue.now());
    },
    stop: () => queue.stop(),
  };
  return {
    notifications,
    notificationRoutes: notificationRoutes(notifications, () => clock.now()),
    delivery,
    queue,
  };
}
