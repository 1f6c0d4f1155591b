import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { seededRandom } from '@balancer/core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openDatabase } from '../../db/connect.js';
import { doublePlacements } from '../crash-safety/ledger.js';
import { freePort, type SpawnedServer, spawnServerExpectingFailure } from '../spawn-server.js';
import { type ApiSession, OtpClock, refreshSession, setPassword, signInOverApi } from '../spawned-api.js';
import { databaseKinds, type TestDatabase } from '../test-databases.js';
import { agreedLeader, killLeaderRepeatedly, p50AndMax, readyOf, waitForLeader } from './failover.js';
import { closeAll, followStream, missedTicks } from './followers.js';
import { asNewClient, type LoadOptions, loadUntil, writeUntil } from './load.js';
import type { ProxyKind } from './proxy.js';
import { type ClusterRig, startClusterRig } from './rig.js';

// Issue 22 on the built server as `npm start` runs it: three instances on one PostgreSQL behind
// nginx and behind Caddy, each configured by its file in docs/cluster/ as the docs show it; the
// stream over PostgreSQL's LISTEN/NOTIFY behind nginx, over Redis behind Caddy (TEST_REDIS_URL,
// which .ci/run sets). PostgreSQL only: the embedded database serves one instance.

const postgres = databaseKinds().find((entry) => entry.kind === 'postgresql');
const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

interface SuiteOptions {
  proxy: ProxyKind;
  /** The 20 kills (nginx); the other proxy runs the stream and the rolling restart. */
  kills: boolean;
  /** More environment for every instance (REDIS_URL: the Redis adapter instead of PostgreSQL's). */
  env: Record<string, string>;
  /** The rolling restart's readers: each client one read after another, with this pause. */
  load: LoadOptions;
  /** The fewest reads the rolling restart must see answered. */
  minAnswered: number;
}

const redisUrl = process.env.TEST_REDIS_URL;
const suites: SuiteOptions[] = [
  { proxy: 'nginx', kills: true, env: {}, load: { clients: 4, pauseMs: 0 }, minAnswered: 500 },
  {
    proxy: 'caddy',
    kills: false,
    env: redisUrl ? { REDIS_URL: redisUrl } : {},
    load: { clients: 3, pauseMs: 300 },
    minAnswered: 10,
  },
];

for (const options of suites) {
  const adapter = options.env.REDIS_URL ? 'Redis' : 'PostgreSQL';
  describe.skipIf(!postgres)(
    `three instances behind ${options.proxy}, stream over ${adapter} [postgresql]`,
    () => {
      let target: TestDatabase;
      let rig: ClusterRig;
      let session: ApiSession;
      let clock: OtpClock;
      /** The proxy as the spawned-api helpers address a server. */
      let proxy: SpawnedServer;

      beforeAll(async () => {
        target = await (postgres as NonNullable<typeof postgres>).create();
        rig = await startClusterRig({
          size: 3,
          proxy: options.proxy,
          env: options.env,
          database: { databaseUrl: target.options.databaseUrl ?? '', dataDir: target.options.dataDir },
        });
        proxy = { ...(rig.instances[0]?.server as SpawnedServer), url: rig.proxy.url };
        // The trader (authority 4) sets a password and signs in, all through the proxy.
        clock = new OtpClock(rig.setup.trader.otpSecret);
        await setPassword(proxy, 'trader', clock);
        session = await signInOverApi(proxy, 'trader', clock);
      }, 240_000);

      afterAll(async () => {
        await rig?.dispose();
        await target?.dispose();
      });

      it("200 sockets spread over the instances all follow the leader's ticks", async () => {
        const followers = await followStream(rig.proxy.url, session.cookie, 200);
        try {
          const from = Date.now();
          await sleep(10_000);
          const to = Date.now() - 2_000;
          await sleep(2_000);
          expect(missedTicks(followers, from, to)).toBe(0);
          for (const follower of followers) {
            expect(follower.ticks.filter((time) => time > from && time <= to).length).toBeGreaterThanOrEqual(
              2,
            );
            // Every socket, whichever instance it reached, shows the trading engine's plan.
            expect(follower.essentials?.mode).toBe('trading');
          }
        } finally {
          closeAll(followers);
        }
      }, 60_000);

      it.skipIf(!options.kills)(
        'kill -9 of the leader 20 times: another trades within 10 s each time; no order twice, none stuck, no acknowledged write lost',
        async () => {
          session = await refreshSession(proxy, session.cookie);
          const writes = writeUntil(rig.proxy.url, session.token);
          const rounds = await killLeaderRepeatedly(rig, {
            token: session.token,
            kills: 20,
            orderEvery: 5,
            clock,
            random: seededRandom(22),
            deadlineMs: 10_000,
          });
          const written = await writes.stop();
          expect(rounds).toHaveLength(20);
          expect(rounds.filter((round) => round.duringOrder)).toHaveLength(4);
          for (const round of rounds) expect(round.took).not.toBe(round.killed);
          // Every instance's /ready names the same leader once the heartbeats (every 5 s) have gone round.
          const leader = await waitForLeader(rig, 10_000);
          const deadline = Date.now() + 15_000;
          while ((await agreedLeader(rig)) !== rig.instances[leader.index]?.name && Date.now() < deadline)
            await sleep(250);
          expect(await agreedLeader(rig)).toBe(rig.instances[leader.index]?.name);
          const { p50, max } = p50AndMax(rounds.map((round) => round.ms));
          console.info(
            `failover after kill -9: p50 ${Math.round(p50)} ms, max ${Math.round(max)} ms over ${rounds.length}`,
          );

          // One order the proxy answers while all three run: it is kept (an acknowledged write).
          const answer = (await (
            await fetch(`${rig.proxy.url}/position/increase`, {
              method: 'POST',
              headers: asNewClient({
                authorization: `Bearer ${session.token}`,
                'otp-token': await clock.nextCode(),
              }),
            })
          ).json()) as {
            success: boolean;
            data: { id: string; status: string } | null;
            error: string | null;
          };
          expect(answer).toMatchObject({ success: true, data: { status: 'SUCCEEDED' } });

          const { orders } = rig.setup.exchange.state;
          expect(doublePlacements(orders)).toEqual([]);
          expect(orders).toHaveLength(5);
          const handle = await openDatabase(target.options);
          try {
            const transactions = await handle.db
              .selectFrom('transaction')
              .select(['id', 'status', 'client_order_id'])
              .orderBy('id')
              .execute();
            // Every order the exchange took is one transaction, settled (the four killed mid-order
            // reconciled by their client order ids); none is left PROCESSING.
            expect(transactions.map((row) => row.client_order_id).sort()).toEqual(
              orders.map((order) => order.clientOrderId).sort(),
            );
            expect(transactions.filter((row) => row.status !== 'SUCCEEDED')).toEqual([]);
            expect(transactions.map((row) => String(row.id))).toContain(String(answer.data?.id));
            // Every lab job the API acknowledged while the leaders died is still there (whatever
            // became of it: done, or failed because its instance died).
            expect(written.acknowledged.length).toBeGreaterThan(50);
            const jobs = await handle.db
              .selectFrom('lab_job')
              .select('id')
              .where('id', 'in', written.acknowledged)
              .execute();
            expect(jobs.length).toBe(written.acknowledged.length);
          } finally {
            await handle.close();
          }
        },
        600_000,
      );

      it.skipIf(!options.kills)(
        'an instance started with other platform secrets is refused, with the reason',
        async () => {
          const dataDir = mkdtempSync(path.join(tmpdir(), 'balancer-other-secrets-'));
          try {
            // A fresh data folder: the instance generates secrets of its own.
            const refused = await spawnServerExpectingFailure({
              ...rig.setup.env,
              PORT: String(await freePort()),
              BALANCER_DATA_DIR: dataDir,
              INSTANCE_NAME: 'node-other',
              LISTEN_BEFORE_READY: 'false',
            });
            expect(refused.code).not.toBe(0);
            expect(`${refused.stdout}${refused.stderr}`).toMatch(/other platform secrets.*\{\(8021\)\}/);
          } finally {
            rmSync(dataDir, { recursive: true, force: true });
          }
        },
        60_000,
      );

      it('a rolling restart of all three answers every request', async () => {
        await waitForLeader(rig, 10_000);
        session = await refreshSession(proxy, session.cookie);
        const load = loadUntil(rig.proxy.url, session.token, options.load);
        try {
          for (let index = 0; index < rig.instances.length; index += 1) {
            expect(await rig.stop(index)).toBe(0);
            await rig.start(index);
            const instance = rig.instances[index];
            while (!(await readyOf(instance?.url ?? ''))) await sleep(100);
          }
          await waitForLeader(rig, 10_000);
        } finally {
          const result = await load.stop();
          expect(result.failures).toEqual([]);
          expect(result.answered).toBeGreaterThanOrEqual(options.minAnswered);
        }
      }, 300_000);
    },
  );
}
