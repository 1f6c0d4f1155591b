import type { ApiErrorLog } from '../api-errors/service.js';
import type { NotificationsService } from '../notifications/service.js';
import type { UnreadCounts } from './essentials.js';

/** The two badge counts of one user. */
export function unreadCounter(notifications: NotificationsService, apiErrors: ApiErrorLog) {
  return async (userId: string): Promise<UnreadCounts> => {
    const [unreadNotifications, unreadAPIErrors] = await Promise.all([
      notifications.unreadCount(userId),
      apiErrors.unreadCount(userId),
    ]);
    return { unreadNotifications, unreadAPIErrors };
  };
}
