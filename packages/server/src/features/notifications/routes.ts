import {
  CodedError,
  deliveryStatusSchema,
  idPageQuerySchema,
  notificationPageSchema,
  notificationTestSchema,
  type SessionUser,
  unreadCountSchema,
} from '@balancer/core';
import { defineRoute, type RouteSpec } from '../../http/route-spec.js';
import type { NotificationsService } from './service.js';

/** The caller of a protected route (the guards set it; never null past them). */
function caller(user: SessionUser | null): SessionUser {
  if (!user) throw new CodedError('ACCESS_TOKEN_INVALID', 'no signed-in user');
  return user;
}

/**
 * `/notification`: the list with the caller's unread count and marking all read (authority 1),
 * the Telegram delivery status (2), and a test notification (3, OTP). `notifications` must be the
 * platform's one service, the one that knows the Telegram queue.
 */
export function notificationRoutes(
  notifications: NotificationsService,
  /** Wall time, epoch ms: the test notification's stamp. */
  now: () => number,
  /** How long the test notification's answer waits for every channel's result, ms. */
  testWaitMs: number,
): RouteSpec[] {
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
      response: notificationPageSchema,
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
      response: unreadCountSchema,
      handler: async ({ user }) => {
        const { id } = caller(user);
        await notifications.markAllRead(id);
        // Not a constant 0: a notification added meanwhile is still unread.
        return { unread: await notifications.unreadCount(id) };
      },
    }),
    defineRoute({
      method: 'GET',
      url: '/notification/delivery',
      summary:
        "Delivery: Telegram's counts, and every channel's routing, counts, last success and last error",
      tag: 'notifications',
      authority: 2,
      otp: false,
      rateTier: 'standard',
      response: deliveryStatusSchema,
      handler: async () => notifications.deliveryStatus(),
    }),
    defineRoute({
      method: 'POST',
      url: '/notification/test',
      summary: 'Store a test notification, send it to every configured channel and report what each did',
      tag: 'notifications',
      authority: 3,
      otp: true,
      rateTier: 'guarded',
      response: notificationTestSchema,
      handler: async ({ user }) => {
        const stored = await notifications.add(
          {
            sender: 'server',
            title: 'Test notification',
            description: `Requested by ${caller(user).nickname} to check that notifications arrive`,
          },
          now(),
          { every: true },
        );
        return {
          stored,
          telegram: notifications.deliveryEnabled ? ('queued' as const) : ('not configured' as const),
          channels: await notifications.channelResults(stored.id, testWaitMs),
        };
      },
    }),
  ];
}
