import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { essentials } from '../../essentials/fixtures';
import { renderSignedIn } from '../../testing/render-signed-in';
import type { NotificationRecord } from './notifications-api';
import { NotificationsBell } from './notifications-bell';

/** Notifications with ids `from` down to `to` (newest first, as the API lists them). */
function records(from: number, to: number): NotificationRecord[] {
  const list: NotificationRecord[] = [];
  for (let id = from; id >= to; id--) {
    list.push({
      id,
      sender: 'server',
      title: `Event ${id}`,
      description: `Description ${id}`,
      event_time: Date.UTC(2026, 0, 2, 3, 4) + id * 60_000,
    });
  }
  return list;
}

/** 20 notifications: a full page of 15 (ids 20–6), then 5 (ids 5–1). */
function answer(path: string) {
  if (path === 'notification/read') return { unread: 0 };
  const query = new URLSearchParams(path.split('?')[1]);
  const cursor = query.get('startAtID');
  if (query.get('limit') !== '15') throw new Error(`unexpected page size in ${path}`);
  return { notifications: cursor === null ? records(20, 6) : records(Number(cursor) - 1, 1), unread: 4 };
}

describe('NotificationsDialog', () => {
  it('opens from the bell with its badge, marks all read, lists 15 and loads more by cursor', async () => {
    const { calls } = renderSignedIn(<NotificationsBell />, essentials({ unreadNotifications: 4 }), answer);
    const bell = await screen.findByRole('button', { name: /Notifications/ });
    await screen.findByText('4 unread');
    await userEvent.click(bell);

    const dialog = await screen.findByRole('dialog', { name: 'Notifications' });
    expect(dialog).toHaveAccessibleDescription('Events broadcasted by the Balancer API');
    const list = await within(dialog).findByRole('list', { name: 'Notifications' });
    expect(within(list).getAllByRole('listitem')).toHaveLength(15);
    const first = within(list).getAllByRole('listitem')[0] as HTMLElement;
    expect(first).toHaveTextContent('Event 20');
    expect(first).toHaveTextContent('server');
    expect(first).toHaveTextContent('Description 20');
    expect(first.querySelector('time')?.textContent).toMatch(/^\d{2}\/\d{2}\/\d{4} \d{2}:\d{2}$/);

    expect(calls.some((call) => call.method === 'PATCH' && call.url.endsWith('notification/read'))).toBe(
      true,
    );
    expect(screen.queryByText('4 unread')).toBeNull(); // the bell's badge reset

    await userEvent.click(within(dialog).getByRole('button', { name: 'Load more' }));
    expect(await within(list).findByText('Event 1')).toBeVisible();
    expect(within(list).getAllByRole('listitem')).toHaveLength(20); // 15 + 5
    expect(calls.map((call) => call.url).filter((url) => url.includes('startAtID'))).toEqual([
      'http://127.0.0.1:5075/notification?limit=15&startAtID=6', // the first page's last id
    ]);
    // A short page ends the list.
    expect(within(dialog).queryByRole('button', { name: 'Load more' })).toBeNull();
  });

  it('says so when there are none', async () => {
    renderSignedIn(<NotificationsBell />, essentials(), (path) =>
      path === 'notification/read' ? { unread: 0 } : { notifications: [], unread: 0 },
    );
    await userEvent.click(await screen.findByRole('button', { name: 'Notifications' }));
    expect(await screen.findByText('No notifications yet.')).toBeVisible();
  });
});
