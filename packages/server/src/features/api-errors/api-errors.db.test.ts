import { CodedError } from '@balancer/core';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { asUser, buildReadyOpsApp, type ReadyOpsApp, testUser } from '../../testing/ready-app-ops.js';
import { describeEachDatabase } from '../../testing/test-databases.js';
import type { ApiErrorRecord } from './service.js';

const errorCode = (error: string | null) => Number(/\{\((-?\d+)\)\}$/.exec(error ?? '')?.[1] ?? -1);
const SECRETS = ['Hunter2-secret!', '314159', 'JBSWY3DPEHPK3PXPSECRET', 'altcha-payload-secret'];

describeEachDatabase('API error log', (ctx) => {
  let ops: ReadyOpsApp;
  beforeAll(async () => {
    ops = await buildReadyOpsApp(ctx().handle, {
      extend: (app) => {
        // Stand-ins for routes that fail: one with a catalogue error, one with a bug.
        app.post('/test/fail/:which', async (request) => {
          if ((request.params as { which: string }).which === 'bug') throw new Error('a bug');
          throw new CodedError('IP_BLACKLIST_INVALID_INPUT', 'for the test');
        });
      },
    });
  });
  afterAll(() => ops.app.close());

  const listErrors = async (authority: 2 | 3, query = 'limit=30') => {
    const { body } = await ops.call({
      method: 'GET',
      url: `/api-error?${query}`,
      headers: asUser(authority),
    });
    expect(body.success, body.error ?? '').toBe(true);
    return body.data as ApiErrorRecord[];
  };

  it('lets authority 2 list and authority 3 with a one-time code delete, nobody less', async () => {
    expect(errorCode((await ops.call({ method: 'GET', url: '/api-error?limit=5' })).body.error)).toBe(4252);
    const viewer = await ops.call({ method: 'GET', url: '/api-error?limit=5', headers: asUser(1) });
    expect(errorCode(viewer.body.error)).toBe(4002);
    const low = await ops.call({ method: 'DELETE', url: '/api-error', headers: asUser(2, true) });
    expect(errorCode(low.body.error)).toBe(4002);
    const noCode = await ops.call({ method: 'DELETE', url: '/api-error', headers: asUser(3) });
    expect(errorCode(noCode.body.error)).toBe(4003);
    await ops.services.apiErrors.flush();
    // All of these are routine refusals: none is logged.
    expect(await listErrors(2)).toEqual([]);
  });

  it('writes a row per non-routine error with the route, user, IP and redacted arguments', async () => {
    await ops.call({
      method: 'POST',
      url: `/test/fail/coded?altchaPayload=${SECRETS[3]}&page=2`,
      payload: {
        nickname: 'alice',
        password: SECRETS[0],
        otpToken: SECRETS[1],
        nested: { otpSecret: SECRETS[2] },
      },
      remoteAddress: '198.51.100.20',
    });
    await ops.call({ method: 'POST', url: '/test/fail/bug', payload: {}, remoteAddress: '198.51.100.21' });
    // A duplicate blacklist entry by a signed-in user: logged with the user's id.
    await ops.call({
      method: 'POST',
      url: '/ip-blacklist',
      payload: { ip: '192.0.2.99' },
      headers: asUser(3, true),
    });
    await ops.call({
      method: 'POST',
      url: '/ip-blacklist',
      payload: { ip: '192.0.2.99' },
      headers: asUser(3, true),
    });
    await ops.services.apiErrors.flush();

    expect(await ops.services.apiErrors.unreadCount(testUser(2).id)).toBe(3);
    // Rows are written in the background, so on PostgreSQL's pool two of them may land in either
    // order: find each by its URL and code rather than by position.
    const rows = await listErrors(2);
    expect(rows).toHaveLength(3);
    const find = (url: string) => rows.find((row) => row.url === url);
    const coded = find('/test/fail/coded');
    const bug = find('/test/fail/bug');
    const duplicate = find('/ip-blacklist');
    expect(coded).toMatchObject({
      route: '/test/fail/:which',
      url: '/test/fail/coded',
      method: 'POST',
      user_id: null,
      ip: '198.51.100.20',
      code: 4450,
      error: 'The IP blacklist entry is invalid: for the test{(4450)}',
      args: {
        body: {
          nickname: 'alice',
          password: '[redacted]',
          otpToken: '[redacted]',
          nested: { otpSecret: '[redacted]' },
        },
        query: { altchaPayload: '[redacted]', page: '2' },
        params: { which: 'coded' },
      },
    });
    expect(bug).toMatchObject({ code: 6000, ip: '198.51.100.21', url: '/test/fail/bug' });
    expect(duplicate).toMatchObject({
      route: '/ip-blacklist',
      code: 4475,
      user_id: testUser(3).id,
      args: { body: { ip: '192.0.2.99' } },
    });
    // Newest first.
    expect(rows.map((row) => row.id)).toEqual([...rows.map((row) => row.id)].sort((a, b) => b - a));
    expect(Number.isInteger(coded?.event_time)).toBe(true);

    // The secrets are nowhere: not in the table, not in the log lines.
    const stored = JSON.stringify(await ctx().handle.db.selectFrom('api_error').selectAll().execute());
    const logged = ops.logLines.join('\n');
    for (const secret of SECRETS) {
      expect(stored).not.toContain(secret);
      expect(logged).not.toContain(secret);
    }
  });

  it("resets only the lister's unread count, and pages by id", async () => {
    // User 2 listed above; user 3 has not listed yet.
    expect(await ops.services.apiErrors.unreadCount(testUser(2).id)).toBe(0);
    expect(await ops.services.apiErrors.unreadCount(testUser(3).id)).toBe(3);

    // Reading an older page after the first one does not lower the mark.
    const [newest, second] = await listErrors(3, 'limit=2');
    const older = await listErrors(3, `limit=2&startAtID=${second?.id}`);
    expect(older).toHaveLength(1);
    expect(older[0]?.id).toBeLessThan(second?.id ?? 0);
    expect(newest?.id).toBeGreaterThan(second?.id ?? 0);
    expect(await ops.services.apiErrors.unreadCount(testUser(3).id)).toBe(0);

    await ops.call({ method: 'POST', url: '/test/fail/coded', payload: {} });
    await ops.services.apiErrors.flush();
    expect(await ops.services.apiErrors.unreadCount(testUser(3).id)).toBe(1);
    const listedPageTwo = await listErrors(3, `limit=1&startAtID=${newest?.id}`);
    expect(listedPageTwo).toHaveLength(1);
    // An older page does not cover the new error: still unread.
    expect(await ops.services.apiErrors.unreadCount(testUser(3).id)).toBe(1);
  });

  it('refuses bad list queries', async () => {
    for (const query of ['', 'limit=0', 'limit=31', 'limit=2.5', 'limit=5&startAtID=x']) {
      const res = await ops.call({ method: 'GET', url: `/api-error?${query}`, headers: asUser(2) });
      expect(errorCode(res.body.error), query).toBe(6503);
    }
  });

  it('deletes every error with authority 3 and a one-time code', async () => {
    await ops.services.apiErrors.flush();
    const before = (await ctx().handle.db.selectFrom('api_error').select('id').execute()).length;
    const res = await ops.call({ method: 'DELETE', url: '/api-error', headers: asUser(3, true) });
    expect(res.body).toEqual({ success: true, data: { deleted: before }, error: null });
    expect(before).toBeGreaterThan(0);
    expect(await listErrors(2)).toEqual([]);
    expect(await ops.services.apiErrors.unreadCount(testUser(2).id)).toBe(0);
  });
});
