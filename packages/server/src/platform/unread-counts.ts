import type { UnreadCounts } from '@balancer/core';
import type { ApiErrorLog } from '../features/api-errors/service.js';
import type { NotificationsService } from '../features/notifications/service.js';
import { ReadCache } from '../shared/read-cache.js';

/**
 * How long a user's counts are reused (ms). Every write of the two features drops them at once;
 * the bound is for what they are not told of (a retention sweep, another instance).
 */
export const UNREAD_COUNTS_CACHE_MS = 2_000;

/**
 * The two badge counts of one user (the essentials and the stream), from two features; kept in
 * memory per user (two queries a request otherwise) and dropped by every write of either feature.
 */
export function unreadCounter(
  notifications: NotificationsService,
  apiErrors: ApiErrorLog,
  /** Wall time, epoch ms. */
  now: () => number,
): (userId: string) => Promise<UnreadCounts> {
  const cache = new ReadCache<string, UnreadCounts>(UNREAD_COUNTS_CACHE_MS, now);
  const changed = () => cache.changed();
  notifications.onCountsChange = changed;
  apiErrors.onCountsChange = changed;
  return (userId) =>
    cache.get(userId, async () => {
      const [unreadNotifications, unreadAPIErrors] = await Promise.all([
        notifications.unreadCount(userId),
        apiErrors.unreadCount(userId),
      ]);
      return { unreadNotifications, unreadAPIErrors };
    });
}

/**
 * The badge counts of several users at once, by user id: two queries whatever the number of users
 * (the stream reads every connected user's counts on each tick).
 */
export function unreadCountersOf(
  notifications: Pick<NotificationsService, 'unreadCountsOf'>,
  apiErrors: Pick<ApiErrorLog, 'unreadCountsOf'>,
) {
  return async (userIds: readonly string[]): Promise<Map<string, UnreadCounts>> => {
    const [unreadNotifications, unreadAPIErrors] = await Promise.all([
      notifications.unreadCountsOf(userIds),
      apiErrors.unreadCountsOf(userIds),
    ]);
    return new Map(
      userIds.map((userId) => [
        userId,
        {
          unreadNotifications: unreadNotifications.get(userId) ?? 0,
          unreadAPIErrors: unreadAPIErrors.get(userId) ?? 0,
        },
      ]),
    );
  };
}
