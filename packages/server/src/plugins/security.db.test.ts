import { afterAll, beforeAll, expect, it } from 'vitest';
import { asUser, buildReadyOpsApp, type ReadyOpsApp } from '../testing/ready-app-ops.js';
import { describeEachDatabase } from '../testing/test-databases.js';

describeEachDatabase('Cache-Control of authenticated answers', (ctx) => {
  let ops: ReadyOpsApp;
  beforeAll(async () => {
    ops = await buildReadyOpsApp(ctx().handle);
  });
  afterAll(() => ops.app.close());

  it('is no-store: no browser cache or proxy keeps what a signed-in user was shown', async () => {
    for (const [url, authority] of [
      ['/notification?limit=5', 1],
      ['/ip-blacklist?limit=5', 2],
      ['/server', 2],
    ] as const) {
      const { res, body } = await ops.call({ method: 'GET', url, headers: asUser(authority) });
      expect([url, body.success, res.headers['cache-control']]).toEqual([url, true, 'no-store']);
    }
  });
});
