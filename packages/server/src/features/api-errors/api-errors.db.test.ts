import { CodedError } from '@balancer/core';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { z } from 'zod';
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
        // Stand-ins for routes that fail: one with a catalogue error, one with a bug. Their
        // schemas declare what the log may keep; a stand-in user is signed in before validation.
        app.post(
          '/test/fail/:which',
          {
            schema: {
              body: z.object({
                nickname: z.string().optional(),
                password: z.string().optional(),
                otpToken: z.string().optional(),
                nested: z.object({ otpSecret: z.string(), note: z.string() }).optional(),
              }),
              querystring: z.object({ altchaPayload: z.string().optional(), page: z.string().optional() }),
              params: z.object({ which: z.string() }),
            },
            onRequest: async (request) => {
              const match = /test-user-([1-5])/.exec(request.headers.authorization ?? '');
              request.authUser = match ? testUser(Number(match[1]) as 2 | 3) : null;
            },
          },
          async (request) => {
            if ((request.params as { which: string }).which === 'bug') throw new Error('a bug');
            throw new CodedError('IP_BLACKLIST_INVALID_INPUT', 'for the test');
          },
        );
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

  it('keeps only the route, code, IP and time of an anonymous request: no arguments, no detail', async () => {
    await ops.call({
      method: 'POST',
      url: `/test/fail/coded?altchaPayload=${SECRETS[3]}&page=2`,
      payload: {
        nickname: 'alice',
        password: SECRETS[0],
        confirmNewPassword: SECRETS[0],
        filler: 'x'.repeat(90_000),
      },
      remoteAddress: '198.51.100.20',
    });
    await ops.services.apiErrors.flush();
    const [row] = await listErrors(2);
    expect(row).toEqual({
      id: expect.any(Number),
      route: '/test/fail/:which',
      url: '/test/fail/:which',
      method: 'POST',
      user_id: null,
      nickname: null,
      ip: '198.51.100.20',
      code: 4450,
      error: 'The IP address blacklist entry is invalid{(4450)}',
      args: null,
      event_time: expect.any(Number),
      repeats: 1,
    });
  });

  it("keeps a signed-in caller's declared arguments only, secrets redacted, strings cut", async () => {
    await ops.call({
      method: 'POST',
      url: `/test/fail/coded?altchaPayload=${SECRETS[3]}&page=2&junk=1`,
      payload: {
        nickname: 'alice',
        password: SECRETS[0],
        confirmNewPassword: SECRETS[0],
        otpToken: SECRETS[1],
        nested: { otpSecret: SECRETS[2], note: 'n'.repeat(5_000) },
      },
      headers: asUser(3),
      remoteAddress: '198.51.100.20',
    });
    // Refused by the schema (nickname must be text): the raw body, unknown fields and all, is
    // what the log is given, and the declared part is all it keeps.
    await ops.call({
      method: 'POST',
      url: '/test/fail/coded',
      payload: { nickname: 7, confirmNewPassword: SECRETS[0] },
      headers: asUser(2),
    });
    await ops.call({ method: 'POST', url: '/test/fail/bug', payload: {}, remoteAddress: '198.51.100.21' });
    // A duplicate blacklist entry by a signed-in user: logged with the user's id.
    for (let n = 0; n < 2; n += 1) {
      await ops.call({
        method: 'POST',
        url: '/ip-blacklist',
        payload: { ip: '192.0.2.99' },
        headers: asUser(3, true),
      });
    }
    await ops.services.apiErrors.flush();

    expect(await ops.services.apiErrors.unreadCount(testUser(2).id)).toBe(4);
    // The caller of authority 3 as a real account: the list names it by its nickname.
    await ctx()
      .handle.db.insertInto('users')
      .values({
        id: testUser(3).id,
        nickname: 'carol',
        authority: 3,
        password_hash: null,
        otp_secret_sealed: 'x',
        created_at: 1,
      })
      .execute();
    // Rows are written in the background, so on PostgreSQL's pool two of them may land in either
    // order: find each by its code and user rather than by position.
    const rows = await listErrors(2);
    expect(rows).toHaveLength(5);
    const coded = rows.find((row) => row.code === 4450 && row.user_id === testUser(3).id);
    const invalid = rows.find((row) => row.code === 6503);
    expect(coded).toMatchObject({
      nickname: 'carol',
      route: '/test/fail/:which',
      url: '/test/fail/coded',
      method: 'POST',
      ip: '198.51.100.20',
      error: 'The IP address blacklist entry is invalid: for the test{(4450)}',
      args: {
        body: {
          nickname: 'alice',
          password: '[redacted]',
          otpToken: '[redacted]',
          nested: { otpSecret: '[redacted]', note: `${'n'.repeat(199)}…` },
        },
        query: { altchaPayload: '[redacted]', page: '2' },
        params: { which: 'coded' },
      },
    });
    // A caller with no account row (deleted since): no nickname, the id stays.
    expect(invalid).toMatchObject({
      user_id: testUser(2).id,
      nickname: null,
      args: { body: { nickname: 7 } },
    });
    // Anonymous: the route pattern stands for the path (which may carry what the caller sent).
    expect(rows.find((row) => row.code === 6000)).toMatchObject({
      ip: '198.51.100.21',
      url: '/test/fail/:which',
      args: null,
    });
    expect(rows.find((row) => row.code === 4475)).toMatchObject({
      route: '/ip-blacklist',
      user_id: testUser(3).id,
      args: { body: { ip: '192.0.2.99' } },
    });
    // Newest first.
    expect(rows.map((row) => row.id)).toEqual([...rows.map((row) => row.id)].sort((a, b) => b - a));
    expect(Number.isInteger(coded?.event_time)).toBe(true);

    // The secrets and the undeclared fields are nowhere: not in the table, not in the log lines.
    const stored = JSON.stringify(await ctx().handle.db.selectFrom('api_error').selectAll().execute());
    const logged = ops.logLines.join('\n');
    for (const secret of SECRETS) {
      expect(stored).not.toContain(secret);
      expect(logged).not.toContain(secret);
    }
    expect(stored).not.toContain('confirmNewPassword');
    expect(stored).not.toContain('junk');
  });

  it("resets only the lister's unread count, and pages by id", async () => {
    // User 2 listed above; user 3 has not listed yet.
    expect(await ops.services.apiErrors.unreadCount(testUser(2).id)).toBe(0);
    expect(await ops.services.apiErrors.unreadCount(testUser(3).id)).toBe(5);
    // The stream reads several users' counts in one query: the same numbers.
    const [two, three] = [testUser(2).id, testUser(3).id];
    expect(await ops.services.apiErrors.unreadCountsOf([two, three, two])).toEqual(
      new Map([
        [two, 0],
        [three, 5],
      ]),
    );
    expect(await ops.services.apiErrors.unreadCountsOf([])).toEqual(new Map());

    // Reading an older page after the first one does not lower the mark.
    const [newest, second] = await listErrors(3, 'limit=2');
    const older = await listErrors(3, `limit=2&startAtID=${second?.id}`);
    expect(older).toHaveLength(2);
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

  it('keeps the row of a signed-in request refused for a NUL or a lone surrogate, the text made storable', async () => {
    // PostgreSQL's text and jsonb refuse U+0000 (22P05) and jsonb a lone surrogate's escape: the
    // request is refused with 6503 before its schema, and its row must still be written.
    const res = await ops.call({
      method: 'POST',
      url: '/test/fail/a%00b?page=x%00y',
      payload: {
        nickname: 'a\u0000b lone \ud800',
        // Cut to 200 characters, after 99 emoji (two UTF-16 units each): never half of one.
        nested: { otpSecret: 's', note: '🚀'.repeat(150) },
      },
      headers: asUser(3),
    });
    expect(errorCode(res.body.error)).toBe(6503);
    await ops.services.apiErrors.flush();
    expect(ops.logLines.join('\n')).not.toContain('could not write an API error');
    const [row] = await listErrors(2);
    expect(row).toMatchObject({
      code: 6503,
      user_id: testUser(3).id,
      args: {
        body: {
          nickname: 'a\ufffdb lone \ufffd',
          nested: { otpSecret: '[redacted]', note: `${'🚀'.repeat(99)}…` },
        },
        query: { page: 'x\ufffdy' },
        params: { which: 'a\ufffdb' },
      },
    });
  });
});
