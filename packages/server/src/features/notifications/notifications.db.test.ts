import { CodedError } from '@balancer/core';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { asUser, buildReadyOpsApp, type ReadyOpsApp, testUser } from '../../testing/ready-app-ops.js';
import { describeEachDatabase } from '../../testing/test-databases.js';
import { type NotificationRecord, NotificationsService } from './service.js';

const errorCode = (error: string | null) => Number(/\{\((-?\d+)\)\}$/.exec(error ?? '')?.[1] ?? -1);
const T0 = 1_767_225_600_000; // 2026-01-01T00:00:00Z

describeEachDatabase('notifications', (ctx) => {
  let ops: ReadyOpsApp;
  let notifications: NotificationsService;
  beforeAll(async () => {
    ops = await buildReadyOpsApp(ctx().handle);
    notifications = new NotificationsService(ops.platform);
  });
  afterAll(() => ops.app.close());

  const page = async (authority: 1 | 2, query: string) => {
    const { body } = await ops.call({
      method: 'GET',
      url: `/notification?${query}`,
      headers: asUser(authority),
    });
    expect(body.success, body.error ?? '').toBe(true);
    return body.data as { notifications: NotificationRecord[]; unread: number };
  };

  it('lets any signed-in user list and mark read, and nobody else', async () => {
    const list = await ops.call({ method: 'GET', url: '/notification?limit=5' });
    expect(errorCode(list.body.error)).toBe(4252);
    const read = await ops.call({ method: 'PATCH', url: '/notification/read' });
    expect(errorCode(read.body.error)).toBe(4252);
    expect(await page(1, 'limit=5')).toEqual({ notifications: [], unread: 0 });
  });

  it('stores notifications and lists them newest first by pages', async () => {
    for (let index = 1; index <= 5; index += 1) {
      await notifications.add(
        { sender: 'server', title: `Alarm ${index}`, description: `CPU above 75 % (${index})` },
        T0 + index * 60_000,
      );
    }
    const first = await page(1, 'limit=2');
    expect(first.unread).toBe(5);
    expect(first.notifications.map((row) => row.title)).toEqual(['Alarm 5', 'Alarm 4']);
    expect(first.notifications[0]).toMatchObject({
      sender: 'server',
      description: 'CPU above 75 % (5)',
      event_time: T0 + 5 * 60_000, // T0 + 5 minutes
    });
    const next = await page(1, `limit=2&startAtID=${first.notifications[1]?.id}`);
    expect(next.notifications.map((row) => row.title)).toEqual(['Alarm 3', 'Alarm 2']);
    const last = await page(1, `limit=30&startAtID=${next.notifications[1]?.id}`);
    expect(last.notifications.map((row) => row.title)).toEqual(['Alarm 1']);
  });

  it("resets the caller's unread count only", async () => {
    const read = await ops.call({ method: 'PATCH', url: '/notification/read', headers: asUser(1) });
    expect(read.body).toEqual({ success: true, data: { unread: 0 }, error: null });
    expect((await page(1, 'limit=1')).unread).toBe(0);
    expect((await page(2, 'limit=1')).unread).toBe(5);

    await notifications.add(
      { sender: 'position', title: 'Position opened', description: 'Bought 0.001 BTC' },
      T0,
    );
    expect((await page(1, 'limit=1')).unread).toBe(1);
    expect(await notifications.unreadCount(testUser(2).id)).toBe(6); // 5 before + 1 new
    // The stream reads several users' counts in one query: the same numbers; a user who never
    // marked anything read (no read mark) counts every notification.
    const nobody = '00000000-0000-4000-8000-000000000009';
    const [one, two] = [testUser(1).id, testUser(2).id];
    expect(await notifications.unreadCountsOf([one, two, nobody])).toEqual(
      new Map([
        [one, 1],
        [two, 6],
        [nobody, await notifications.unreadCount(nobody)],
      ]),
    );
    expect(await notifications.unreadCount(nobody)).toBeGreaterThanOrEqual(6);
  });

  it('refuses a bad notification with a coded error and stores nothing', async () => {
    const count = async () =>
      (await ctx().handle.db.selectFrom('notification').select('id').execute()).length;
    const before = await count();
    const bad: Array<[unknown, number]> = [
      [{ sender: '', title: 'x', description: 'x' }, T0],
      [{ sender: 'server', title: ' ', description: 'x' }, T0],
      [{ sender: 'server', title: 'x'.repeat(201), description: 'x' }, T0],
      [{ sender: 'server', title: 'x', description: 'x'.repeat(10_001) }, T0],
      [{ sender: 'server', title: 'x' }, T0],
      [{ sender: 'server', title: 'x', description: 'x', extra: 1 }, T0],
      [{ sender: 'server', title: 'x', description: 'x' }, Number.NaN],
      [{ sender: 'server', title: 'x', description: 'x' }, -1],
    ];
    for (const [input, now] of bad) {
      const failure = await notifications
        .add(input as { sender: string; title: string; description: string }, now)
        .catch((error: unknown) => error);
      expect(failure).toBeInstanceOf(CodedError);
      expect((failure as CodedError).code).toBe(7500);
    }
    expect(await count()).toBe(before);
  });

  it('refuses bad list queries', async () => {
    for (const query of ['', 'limit=0', 'limit=31', 'limit=5&startAtID=-3']) {
      const res = await ops.call({ method: 'GET', url: `/notification?${query}`, headers: asUser(1) });
      expect(errorCode(res.body.error), query).toBe(6503);
    }
  });
});
