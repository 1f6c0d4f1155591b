import { useInfiniteQuery } from '@tanstack/react-query';
import { useEffect } from 'react';
import { useAuth } from '../../auth/auth-context';
import { Button } from '../../components/ui/button';
import { Dialog } from '../../components/ui/dialog';
import { Spinner } from '../../components/ui/spinner';
import { useSetUnreadCounts } from '../../essentials';
import { errorMessageOf } from '../../lib/api';
import { formatDateTime } from '../../lib/format-time';
import {
  fetchNotifications,
  markNotificationsRead,
  type NotificationRecord,
  nextCursor,
} from './notifications-api';
import { PushToggle } from './push-toggle';

/**
 * The notifications dialog (docs/notifications.md): newest first, 15 a page with 'Load more'.
 * Opening it marks everything read, so the bell's badge resets at once (the stream confirms on
 * its next tick).
 */
export function NotificationsDialog({ open, onClose }: { open: boolean; onClose: () => void }) {
  const { client } = useAuth();
  const setUnreadCounts = useSetUnreadCounts();
  const list = useInfiniteQuery({
    queryKey: ['notifications'],
    enabled: open,
    staleTime: 0,
    initialPageParam: undefined as number | undefined,
    getNextPageParam: nextCursor,
    queryFn: ({ pageParam }) => fetchNotifications(client, pageParam),
  });

  useEffect(() => {
    if (!open) return;
    markNotificationsRead(client).then(
      ({ unread }) => setUnreadCounts({ unreadNotifications: unread }),
      () => {}, // The badge stays; the next opening tries again.
    );
  }, [open, client, setUnreadCounts]);

  const notifications = list.data?.pages.flatMap((page) => page.notifications) ?? [];
  return (
    <Dialog
      open={open}
      onClose={onClose}
      title="Notifications"
      description="Events broadcasted by the Balancer API"
    >
      <PushToggle />
      {list.isPending ? (
        <p role="status" className="flex items-center gap-2 text-sm text-neutral-600">
          <Spinner /> Loading notifications…
        </p>
      ) : list.isError ? (
        <p role="alert" className="text-sm text-decrease">
          {errorMessageOf(list.error)}
        </p>
      ) : notifications.length === 0 ? (
        <p className="text-sm text-neutral-600">No notifications yet.</p>
      ) : (
        <ul
          className="max-h-[60vh] divide-y divide-neutral-200 overflow-y-auto pr-1"
          aria-label="Notifications"
        >
          {notifications.map((notification) => (
            <NotificationItem key={notification.id} notification={notification} />
          ))}
        </ul>
      )}
      {list.hasNextPage && (
        <Button
          variant="outline"
          className="mt-4 w-full"
          busy={list.isFetchingNextPage}
          onClick={() => void list.fetchNextPage()}
        >
          Load more
        </Button>
      )}
    </Dialog>
  );
}

function NotificationItem({ notification }: { notification: NotificationRecord }) {
  return (
    <li className="py-3">
      <div className="flex flex-wrap items-center gap-2">
        <p className="font-medium text-neutral-900">{notification.title}</p>
        <span className="rounded-full bg-neutral-100 px-2 py-0.5 text-xs font-medium text-neutral-700">
          {notification.sender}
        </span>
      </div>
      {/* A description may hold several lines (an order: the fill, why, the profit). */}
      <p className="mt-1 whitespace-pre-line text-sm text-neutral-700">{notification.description}</p>
      <time
        dateTime={new Date(notification.event_time).toISOString()}
        className="mt-1 block text-xs text-neutral-600"
      >
        {formatDateTime(notification.event_time)}
      </time>
    </li>
  );
}
