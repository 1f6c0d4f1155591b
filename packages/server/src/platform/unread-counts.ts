import type { UnreadCounts } from '@balancer/core';
import type { ApiErrorLog } from '../features/api-errors/service.js';
import type { NotificationsService } from '../features/notifications/service.js';
import { freshCoalescer } from '../shared/fresh-coalescer.js';

/**
 * The two badge counts of one user (the essentials and the stream), from two features. Concurrent
 * reads for one user share their queries (a signed-in app's windows, a tick's sockets), never
 * with an answer read before the caller asked (freshCoalescer), so no write needs to tell it.
 */
export function unreadCounter(notifications: NotificationsService, apiErrors: ApiErrorLog) {
  return freshCoalescer(async (userId: string): Promise<UnreadCounts> => {
    const [unreadNotifications, unreadAPIErrors] = await Promise.all([
      notifications.unreadCount(userId),
      apiErrors.unreadCount(userId),
    ]);
    return { unreadNotifications, unreadAPIErrors };
  });
}
