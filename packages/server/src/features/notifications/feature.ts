import type { Config } from '../../config/schema.js';
import type { RouteSpec } from '../../http/route-spec.js';
import type { Logger } from '../../logging/logger.js';
import type { Platform } from '../../platform/platform.js';
import type { BackgroundTask } from '../../shared/background-task.js';
import type { ClusterBus } from '../../shared/cluster-bus.js';
import { ChannelSet } from './channels/channel-set.js';
import { emailSender } from './channels/email.js';
import { channelRoutes } from './channels/routing.js';
import { sendWebhook } from './channels/webhook.js';
import { type DeliveryClock, wallDeliveryClock } from './delivery-clock.js';
import { DeliveryQueue, type DeliveryQueueOptions, type DeliveryTransport } from './delivery-queue.js';
import { pushRoutes, type SessionOf } from './push/routes.js';
import { sendPush } from './push/send.js';
import { subscriptionById } from './push/subscriptions.js';
import { vapidKeys } from './push/vapid.js';
import { notificationRoutes } from './routes.js';
import { NotificationsService } from './service.js';
import { announceStart } from './startup-notice.js';
import { sendMessage } from './telegram/bot-api.js';
import { formatMessage } from './telegram/message.js';
import { telegramTarget } from './telegram/settings.js';

/** How long one sendMessage may take before it counts as a transient failure, ms. */
export const TELEGRAM_TIMEOUT_MS = 10_000;
/** The same for one webhook POST and one push request (a hanging receiver is a transient failure). */
export const CHANNEL_TIMEOUT_MS = 10_000;
/** Spacing of requests per channel, ms: Telegram's is DELIVERY_INTERVAL_MS (10 s). */
export const CHANNEL_INTERVALS_MS = { email: 2_000, webhook: 500, push: 200 } as const;
/** How long POST /notification/test waits for the channels' answers before reporting, ms. */
export const TEST_WAIT_MS = 8_000;

export interface NotificationFeature {
  /** The one service every part of the platform adds notifications through. */
  notifications: NotificationsService;
  notificationRoutes: RouteSpec[];
  /** Starts every channel's queue and adds the 'API initialiser' notification; stop aborts delivery. */
  delivery: BackgroundTask;
  /** Telegram's queue. */
  queue: DeliveryQueue;
  channels: ChannelSet;
}

export interface NotificationFeatureOptions {
  /** Wall time and timers (default the system's): the queue's and the test notification's. */
  clock?: DeliveryClock;
  /** Telegram's spacing (default 10 s). */
  intervalMs?: number;
  requestTimeoutMs?: number;
  /** The other instances on the database: a notification queued on one wakes the others' queue. */
  bus?: ClusterBus;
  /** This instance's name for the delivery lease (default the bus's). */
  instance?: string;
  /** The caller's session (device), for the push routes; none: push cannot be turned on. */
  sessionOf?: SessionOf;
  /** How long the test notification's answer waits for the channels (default TEST_WAIT_MS). */
  testWaitMs?: number;
}

/**
 * Notifications and their channels: Telegram (TELEGRAM_BOT_TOKEN + TELEGRAM_CHAT_ID), e-mail
 * (SMTP_URL, EMAIL_FROM, EMAIL_TO), the webhook (WEBHOOK_URL, WEBHOOK_SECRET) and Web Push to the
 * devices that turned it on. Each channel has its own worker on the one delivery table, so a
 * failing channel never delays another (docs/notifications.md#channels).
 */
export function notificationFeature(
  platform: Platform,
  config: Config,
  logger: Logger,
  options: NotificationFeatureOptions = {},
): NotificationFeature {
  const target = telegramTarget(config);
  const timeoutMs = options.requestTimeoutMs ?? TELEGRAM_TIMEOUT_MS;
  const channelTimeoutMs = options.requestTimeoutMs ?? CHANNEL_TIMEOUT_MS;
  const clock = options.clock ?? wallDeliveryClock();
  const common: Omit<DeliveryQueueOptions, 'transport'> = {
    platform,
    logger,
    clock,
    ...(options.bus ? { bus: options.bus } : {}),
    ...(options.instance === undefined ? {} : { instance: options.instance }),
  };
  const telegram = new DeliveryQueue({
    ...common,
    transport: target
      ? (record, signal) => sendMessage(target, formatMessage(record), { signal, timeoutMs })
      : null,
    ...(options.intervalMs === undefined ? {} : { intervalMs: options.intervalMs }),
  });
  const email =
    config.SMTP_URL && config.EMAIL_FROM && config.EMAIL_TO
      ? emailSender(
          { smtpUrl: config.SMTP_URL, from: config.EMAIL_FROM, to: config.EMAIL_TO },
          channelTimeoutMs,
        )
      : null;
  const webhook =
    config.WEBHOOK_URL && config.WEBHOOK_SECRET
      ? { url: config.WEBHOOK_URL, secret: config.WEBHOOK_SECRET }
      : null;
  const vapid = vapidKeys(config);
  const db = () => platform.database.db;
  const push: DeliveryTransport = async (record, signal, rowChannel) => {
    const id = Number(rowChannel.slice('push:'.length));
    const subscription = await subscriptionById(db(), id);
    if (!subscription)
      return {
        kind: 'permanent',
        error: 'the device turned push off or signed out',
        fix: 'nothing to do: the device no longer receives pushes',
      };
    const outcome = await sendPush(subscription, record, vapid, { signal, timeoutMs: channelTimeoutMs });
    // 404/410: the push service forgot the subscription; so does the platform.
    if (outcome.gone) await db().deleteFrom('push_subscription').where('id', '=', String(id)).execute();
    return outcome;
  };
  const channels = new ChannelSet(
    {
      telegram,
      email: new DeliveryQueue({
        ...common,
        channel: 'email',
        label: 'e-mail',
        transport: email ? (record, signal) => email.send(record, signal) : null,
        intervalMs: CHANNEL_INTERVALS_MS.email,
      }),
      webhook: new DeliveryQueue({
        ...common,
        channel: 'webhook',
        label: 'the webhook',
        transport: webhook
          ? (record, signal) => sendWebhook(webhook, record, { signal, timeoutMs: channelTimeoutMs })
          : null,
        intervalMs: CHANNEL_INTERVALS_MS.webhook,
      }),
      push: new DeliveryQueue({
        ...common,
        channel: 'push',
        label: 'push',
        ordered: false,
        transport: push,
        intervalMs: CHANNEL_INTERVALS_MS.push,
      }),
    },
    channelRoutes(config),
  );
  const queues = Object.values(channels.queues);
  const notifications = new NotificationsService(platform, channels);
  const delivery: BackgroundTask = {
    name: 'notifications',
    start: async () => {
      for (const queue of queues) await queue.start();
      // E.g. "Telegram is not configured: notifications are not sent there".
      for (const queue of queues.filter((candidate) => !candidate.enabled)) {
        const name = queue.label.charAt(0).toUpperCase() + queue.label.slice(1);
        logger.info(`${name} is not configured: notifications are not sent there`);
      }
      await announceStart(notifications, config, logger, telegram.now());
    },
    stop: async () => {
      await Promise.all(queues.map((queue) => queue.stop()));
      email?.close();
    },
  };
  return {
    notifications,
    notificationRoutes: [
      ...notificationRoutes(notifications, () => clock.now(), options.testWaitMs ?? TEST_WAIT_MS),
      ...pushRoutes(platform, vapid.publicKey, channels.routes.push, options.sessionOf, () => clock.now()),
    ],
    delivery,
    queue: telegram,
    channels,
  };
}
