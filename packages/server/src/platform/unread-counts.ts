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
