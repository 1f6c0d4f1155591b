import type { ChannelTestResult, DeliveryStatus, NotificationChannel } from '@balancer/core';
import { parseWith } from '@balancer/core';
import { z } from 'zod';
import type { Platform } from '../../platform/platform.js';
import type { NotificationPort } from '../../shared/notifications.js';
import { written } from '../../shared/read-cache.js';
import { type ChannelSet, testResults } from './channels/channel-set.js';
import { deliveriesOf } from './delivery-repository.js';
import {
  countUnread,
  countUnreadByUser,
  insertNotification,
  listNotifications,
  markAllRead,
  type NotificationRecord,
} from './repository.js';

export type { NotificationRecord } from './repository.js';

const text = (name: string, max: number) =>
  z
    .string({ error: `The ${name} must be 1 to ${max} characters long` })
    .trim()
    .min(1, `The ${name} must be 1 to ${max} characters long`)
    .max(max, `The ${name} must be 1 to ${max} characters long`);

/**
 * A new notification. `sender` names the part of the platform that raised it (docs/notifications.md:
 * 'API initialiser', 'server', 'websocket', 'market state', 'transaction', 'position', 'planner').
 */
export const newNotificationSchema = z.strictObject({
  sender: text('sender', 64),
  title: text('title', 200),
  description: text('description', 10_000),
});
export type NewNotification = z.input<typeof newNotificationSchema>;

const epochMsSchema = z.int().min(0);

/** One channel's worker as the channel set sees it (features/notifications/delivery-queue.ts). */
export interface DeliveryOutbox {
  /** True when the channel is configured; false: nothing is queued for it. */
  readonly enabled: boolean;
  /** The queue's clock (epoch ms), stamped on the queued row. */
  now(): number;
  /** A notification was queued: send it when the rate limit allows. Never waits for delivery. */
  wake(): void;
}

/** How often the test notification's answer looks at its deliveries while it waits, ms. */
const TEST_POLL_MS = 100;

/**
 * Notifications: stored always, listed newest first, with an unread count per user; queued for
 * Telegram when the outbox is enabled. The platform should use one instance (composeServices) so
 * that every notification reaches the queue.
 */
export class NotificationsService implements NotificationPort {
  constructor(
    readonly platform: Platform,
    private readonly channels?: ChannelSet,
  ) {}

  /** Told before and after each write that may change a user's unread count (its cache, platform/unread-counts.ts). */
  onCountsChange: () => void = () => {};

  /** Whether stored notifications are also sent to Telegram. */
  get deliveryEnabled(): boolean {
    return this.channels?.configured('telegram') ?? false;
  }

  /**
   * Stores a notification raised at `now` (epoch ms), with its queue row when delivery is on, and
   * returns without waiting for the delivery. Throws NOTIFICATION_INVALID on bad input.
   */
  async add(
    input: NewNotification,
    now: number,
    /** `every`: to every configured channel whatever its categories (the test notification). */
    options: { every?: boolean } = {},
  ): Promise<NotificationRecord> {
    const values = parseWith(newNotificationSchema, input, 'NOTIFICATION_INVALID');
    const eventTime = parseWith(epochMsSchema, now, 'NOTIFICATION_INVALID');
    const plan = this.channels?.plan(values.sender, options.every ?? false);
    const record = await written(
      () => this.onCountsChange(),
      () => insertNotification(this.platform.database.db, { ...values, event_time: eventTime }, plan),
    );
    if (plan) this.channels?.wake(plan);
    return record;
  }

  /**
   * Each channel's result for notification `id`, waiting up to `waitMs` for its deliveries to
   * leave 'pending' (a channel that is retrying is reported pending, with its error).
   */
  async channelResults(id: number, waitMs: number): Promise<ChannelTestResult[]> {
    const db = this.platform.database.db;
    const until = performance.now() + waitMs;
    const active = (channel: string) =>
      this.channels?.active(channel.startsWith('push:') ? 'push' : (channel as NotificationChannel)) ?? false;
    let rows = await deliveriesOf(db, id);
    while (rows.some((row) => row.state === 'pending' && active(row.channel)) && performance.now() < until) {
      await new Promise((resolve) => setTimeout(resolve, TEST_POLL_MS));
      rows = await deliveriesOf(db, id);
    }
    return testResults(rows, (channel) => this.channels?.configured(channel) ?? false);
  }

  /** Telegram's counts and the latest trouble (as before channels), and every channel's state (no secrets). */
  async deliveryStatus(): Promise<DeliveryStatus> {
    const channels = (await this.channels?.statuses(this.platform.database.db)) ?? [];
    const telegram = channels.find((status) => status.channel === 'telegram');
    return {
      configured: this.deliveryEnabled,
      pending: telegram?.pending ?? 0,
      sent: telegram?.sent ?? 0,
      failed: telegram?.failed ?? 0,
      lastError: telegram?.lastError ?? null,
      lastSentAt: telegram?.lastSentAt ?? null,
      channels,
    };
  }

  /** A page of notifications, newest first. */
  async list(page: { limit: number; startAtID?: number | undefined }): Promise<NotificationRecord[]> {
    return listNotifications(this.platform.database.db, page);
  }

  /** Notifications added since the user last marked them read. */
  async unreadCount(userId: string): Promise<number> {
    return countUnread(this.platform.database.db, userId);
  }

  /** unreadCount for several users at once (one query), by user id. */
  async unreadCountsOf(userIds: readonly string[]): Promise<Map<string, number>> {
    return countUnreadByUser(this.platform.database.db, userIds);
  }

  /** Marks every notification stored so far as read for the user. */
  async markAllRead(userId: string): Promise<void> {
    await written(
      () => this.onCountsChange(),
      () => markAllRead(this.platform.database.db, userId),
    );
  }
}
