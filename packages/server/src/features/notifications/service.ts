import { parseWith } from '@balancer/core';
import { z } from 'zod';
import type { Platform } from '../../platform/platform.js';
import {
  countUnread,
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
 * A new notification. `sender` names the part of the platform that raised it (reference §3.5:
 * 'API initialiser', 'server', 'websocket', 'market state', 'transaction', 'position', 'planner').
 */
export const newNotificationSchema = z.strictObject({
  sender: text('sender', 64),
  title: text('title', 200),
  description: text('description', 10_000),
});
export type NewNotification = z.input<typeof newNotificationSchema>;

const epochMsSchema = z.int().min(0);

/**
 * Notifications: stored always, listed newest first, with an unread count per user. Stateless
 * apart from the database, so any number of instances may share one platform.
 */
export class NotificationsService {
  constructor(readonly platform: Platform) {}

  /** Stores a notification raised at `now` (epoch ms); throws NOTIFICATION_INVALID on bad input. */
  async add(input: NewNotification, now: number): Promise<NotificationRecord> {
    const values = parseWith(newNotificationSchema, input, 'NOTIFICATION_INVALID');
    const eventTime = parseWith(epochMsSchema, now, 'NOTIFICATION_INVALID');
    return insertNotification(this.platform.database.db, { ...values, event_time: eventTime });
  }

  /** A page of notifications, newest first. */
  async list(page: { limit: number; startAtID?: number | undefined }): Promise<NotificationRecord[]> {
    return listNotifications(this.platform.database.db, page);
  }

  /** Notifications added since the user last marked them read. */
  async unreadCount(userId: string): Promise<number> {
    return countUnread(this.platform.database.db, userId);
  }

  /** Marks every notification stored so far as read for the user. */
  async markAllRead(userId: string): Promise<void> {
    await markAllRead(this.platform.database.db, userId);
  }
}
