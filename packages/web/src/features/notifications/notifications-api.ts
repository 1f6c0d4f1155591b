import type { NotificationPage, NotificationRecord } from '@balancer/core';
import type { ApiClient } from '../../lib/api';

/** Notifications are listed 15 at a time. */
export const NOTIFICATION_PAGE_SIZE = 15;

/** A stored notification and a page of them (docs/operations-api.md), defined in core. */
export type { NotificationPage, NotificationRecord };

/** GET notification: newest first, ids below the exclusive cursor `startAtID`. */
export function fetchNotifications(client: ApiClient, startAtID?: number): Promise<NotificationPage> {
  const query = new URLSearchParams({ limit: String(NOTIFICATION_PAGE_SIZE) });
  if (startAtID !== undefined) query.set('startAtID', String(startAtID));
  return client.request<NotificationPage>({ path: `notification?${query}`, auth: true });
}

/** PATCH notification/read: moves the caller's read mark to the newest; answers the unread left. */
export function markNotificationsRead(client: ApiClient): Promise<{ unread: number }> {
  return client.request<{ unread: number }>({ method: 'PATCH', path: 'notification/read', auth: true });
}

/** The next page's cursor: the last id of a full page, undefined when the list has ended. */
export function nextCursor(page: NotificationPage): number | undefined {
  const { notifications } = page;
  if (notifications.length < NOTIFICATION_PAGE_SIZE) return undefined;
  return notifications[notifications.length - 1]?.id;
}
