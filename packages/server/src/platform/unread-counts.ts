import type { UnreadCounts } from '@balancer/core';
import type { ApiErrorLog } from '../features/api-errors/service.js';
import type { NotificationsService } from '../features/notifications/service.js';

/** The two badge counts of one user (the essentials and the stream), from two features. */
export function unreadCounter(notifications: NotificationsService, apiErrors: ApiErrorLog) {
  return async (userId: string): Promise<UnreadCounts> => {
    const [unreadNotifications, unreadAPIErrors] = await Promise.all([
      notifications.unreadCount(userId),
      apiErrors.unreadCount(userId),
    ]);
    return { unreadNotifications, unreadAPIErrors };
  };
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
