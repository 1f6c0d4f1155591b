import { CodedError, idPageQuerySchema } from '@balancer/core';
import { type AuthUser, defineRoute, type RouteSpec } from '../../http/route-spec.js';
import type { Platform } from '../../platform/platform.js';
import { NotificationsService } from './service.js';

/** The caller of a protected route (the guards set it; never null past them). */
function caller(user: AuthUser | null): AuthUser {
  if (!user) throw new CodedError('ACCESS_TOKEN_INVALID', 'no signed-in user');
  return user;
}

/**
 * `/notification`: the list with the caller's unread count, and marking all read (both
 * authority 1). Takes the platform (the service is stateless, so this instance and the one
 * other features use to add notifications need not be the same).
 */
export function notificationRoutes(platform: Platform): RouteSpec[] {
  const notifications = new NotificationsService(platform);
  return [
    defineRoute({
      method: 'GET',
      url: '/notification',
      summary: "Notifications, newest first, with the caller's unread count",
      tag: 'notifications',
      authority: 1,
      otp: false,
      rateTier: 'standard',
      schema: { querystring: idPageQuerySchema },
      handler: async ({ query, user }) => ({
        notifications: await notifications.list(query),
        unread: await notifications.unreadCount(caller(user).id),
      }),
    }),
    defineRoute({
      method: 'PATCH',
      url: '/notification/read',
      summary: 'Mark every notification read for the caller (their unread count becomes 0)',
      tag: 'notifications',
      authority: 1,
      otp: false,
      rateTier: 'standard',
      handler: async ({ user }) => {
        const { id } = caller(user);
        await notifications.markAllRead(id);
        // Not a constant 0: a notification added meanwhile is still unread.
        return { unread: await notifications.unreadCount(id) };
      },
    }),
  ];
}
