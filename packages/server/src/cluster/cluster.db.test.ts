import {
  applyObjectPatch,
  ERRORS,
  ESSENTIALS_EVENT,
  ESSENTIALS_PATCH_EVENT,
  LAB_JOB_EVENT,
  type LabJob,
  labJobSchema,
  SESSION_ENDED_EVENT,
  type SessionEndedEvent,
  type StreamSnapshot,
  streamPatchSchema,
  streamSnapshotSchema,
} from '@balancer/core';
import { sql } from 'kysely';
import type { Socket } from 'socket.io-client';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sharedStreamEssentials } from '../features/engine/essentials.js';
import { streamTicks } from '../features/engine/stream.js';
import { clusterStreamSource } from '../features/engine/stream-source.js';
import { type Operator, signedInOperator } from '../features/engine/test-support.js';
import { labJobEmitter } from '../features/lab/stream.js';
import { HOURLY_SET } from '../features/lab/test-support.js';
import { attachRealtime, type Realtime } from '../realtime/socket.js';
import { capturingLogger } from '../testing/capturing-logger.js';
import { buildReadyApp, type ReadyApp } from '../testing/ready-app.js';
import { streamSocket } from '../testing/stream-client.js';
import { databaseKinds, type TestDatabase } from '../testing/test-databases.js';
import type { ClusterLink } from './adapter.js';
import { joinCluster } from './join.js';
import { SocketBus } from './socket-bus.js';

// Two instances of the platform in this process on one PostgreSQL database, each wired as
// platform/start.ts wires it (the stream, the adapter, the bus, the lab emitter), with a client on
// instance B and the trading engine (holding the lock) on instance A. Both need PostgreSQL:
// skipped without TEST_DATABASE_URL, the Redis variant also without TEST_REDIS_URL
// (e.g. redis://127.0.0.1:6379; each run uses its own channel prefix).

const postgres = databaseKinds().find((kind) => kind.kind === 'postgresql');
const redisUrl = process.env.TEST_REDIS_URL;

interface Instance {
  ready: ReadyApp;
  realtime: Realtime;
  link: ClusterLink;
  url: string;
  stop(): Promise<void>;
}

async function startInstance(target: TestDatabase, name: string, redis: string | undefined, channel: string) {
  const { logger } = capturingLogger();
  const bus = new SocketBus(name, logger);
  const ready = await buildReadyApp(target, {
    config: { DATABASE_URL: target.options.databaseUrl, REDIS_URL: redis, INSTANCE_NAME: name },
    bus,
  });
  const { app, services, config, engine } = ready;
  const realtime = attachRealtime(app, services, logger, config);
  const link = await joinCluster(realtime.io, bus, config, logger, { channel });
  services.lab.runner.onChange = labJobEmitter(realtime.io);
  const source = clusterStreamSource({
    bus: services.bus,
    feed: streamTicks(realtime.io, services.unreadCountsOf, logger),
    wallNow: services.clock.wallNow,
    logger,
  });
  const unsubscribe = engine?.engine.onTick(source.onTick);
  await app.listen({ port: 0, host: '127.0.0.1' });
  const address = app.server.address();
  const url = `http://127.0.0.1:${typeof address === 'object' && address ? address.port : 0}`;
  return {
    ready,
    realtime,
    link,
    url,
    stop: async () => {
      unsubscribe?.();
      source.stop();
      await services.lab.runner.stop();
      await realtime.close();
      await link.close();
      await ready.close();
    },
  } satisfies Instance;
}

interface Client {
  socket: Socket;
  events: Array<[string, unknown]>;
  /** Resolves at the first event (received so far or later) that `match` accepts. */
  until(match: (name: string, payload: unknown) => boolean): Promise<unknown>;
  /** Resolves with the session-ended event and the disconnect reason that follows it. */
  ended: Promise<{ event: SessionEndedEvent | undefined; reason: string }>;
}

const variants = [
  { adapter: 'postgresql', needs: 'TEST_DATABASE_URL', redis: undefined, run: postgres !== undefined },
  {
    adapter: 'redis',
    needs: 'TEST_DATABASE_URL and TEST_REDIS_URL',
    redis: redisUrl,
    run: postgres !== undefined && redisUrl !== undefined,
  },
] as const;

for (const variant of variants) {
  describe.skipIf(!variant.run)(
    `two instances on one database, stream adapter ${variant.adapter} [needs ${variant.needs}]`,
    () => {
      const sockets: Socket[] = [];
      let target: TestDatabase | undefined;
      let a: Instance;
      let b: Instance;
      let operator: Operator;
      let viewer: Operator;

      beforeAll(async () => {
        target = await postgres!.create();
        const channel = `balancer-test-${process.pid}-${Math.random().toString(36).slice(2, 10)}`;
        a = await startInstance(target, 'instance-a', variant.redis, channel);
        b = await startInstance(target, 'instance-b', variant.redis, channel);
        operator = await signedInOperator(a.ready, 2);
        viewer = await signedInOperator(a.ready, 1);
      }, 60_000);
      afterAll(async () => {
        for (const socket of sockets) socket.disconnect();
        await b?.stop();
        await a?.stop();
        await target?.dispose();
      });

      const connect = (url: string, cookie: string) =>
        new Promise<Client>((resolve, reject) => {
          const socket = streamSocket(url, cookie);
          sockets.push(socket);
          const events: Array<[string, unknown]> = [];
          const waiting: Array<{
            match: (name: string, payload: unknown) => boolean;
            done: (p: unknown) => void;
          }> = [];
          socket.onAny((name: string, payload: unknown) => {
            events.push([name, payload]);
            for (const wait of waiting.filter((w) => w.match(name, payload))) {
              waiting.splice(waiting.indexOf(wait), 1);
              wait.done(payload);
            }
          });
          const until = (match: (name: string, payload: unknown) => boolean) =>
            new Promise<unknown>((done) => {
              const seen = events.find(([name, payload]) => match(name, payload));
              if (seen) done(seen[1]);
              else waiting.push({ match, done });
            });
          const ended = new Promise<{ event: SessionEndedEvent | undefined; reason: string }>((settle) => {
            socket.once('disconnect', (reason) => {
              const event = events.find(([name]) => name === SESSION_ENDED_EVENT)?.[1] as
                | SessionEndedEvent
                | undefined;
              settle({ event, reason });
            });
          });
          socket.once('connect', () => resolve({ socket, events, until, ended }));
          socket.once('connect_error', reject);
        });
      /** The essentials a client rebuilds from its events (each patch must follow on). */
      const rebuilt = (events: Array<[string, unknown]>) => {
        let held: StreamSnapshot | null = null;
        for (const [name, payload] of events) {
          if (name === ESSENTIALS_EVENT) held = streamSnapshotSchema.parse(payload);
          else if (name === ESSENTIALS_PATCH_EVENT && held) {
            const patch = streamPatchSchema.parse(payload);
            expect(patch.base).toBe(held.seq);
            held = { seq: patch.seq, essentials: applyObjectPatch(held.essentials, patch) };
          }
        }
        return held?.essentials;
      };
      const isEssentials = (name: string) => name === ESSENTIALS_EVENT || name === ESSENTIALS_PATCH_EVENT;
      /** Ticks the leader's engine; resolves once the client holds that tick's essentials. */
      const leaderTick = async (client: Client) => {
        await a.ready.tick();
        const time = a.ready.engine?.engine.snapshot()?.time;
        await client.until((name) => isEssentials(name) && rebuilt(client.events)?.time === time);
      };

      it("feeds a client of instance B with instance A's ticks (A trades, B stands by), unread counts read on B", async () => {
        expect(a.link.kind).toBe(variant.adapter);
        expect(a.ready.engine?.engine.mode).toBe('trading');
        expect(b.ready.engine?.engine.mode).toBe('standby');
        const client = await connect(b.url, operator.cookie);
        await leaderTick(client);
        await b.ready.tick(); // B's own standby tick is not streamed: it hears the leader
        await leaderTick(client);
        await leaderTick(client);

        const snapshot = a.ready.engine?.engine.snapshot();
        if (!snapshot) throw new Error('no snapshot on A');
        // The whole shared essentials are over NOTIFY's 8,000 bytes: the adapter's attachment path.
        expect(JSON.stringify(sharedStreamEssentials(snapshot)).length).toBeGreaterThan(8_000);
        const held = rebuilt(client.events);
        expect(held).toEqual({
          ...sharedStreamEssentials(snapshot),
          ...(await b.ready.services.unreadCounts(operator.id)),
        });
        for (let i = 1; i <= client.events.length; i++)
          expect(rebuilt(client.events.slice(0, i))?.mode).toBe('trading');
        expect(client.events.filter(([name]) => name === ESSENTIALS_PATCH_EVENT).length).toBeGreaterThan(0);
        if (variant.adapter === 'postgresql') {
          const stored = await sql<{ n: string }>`select count(*) as n from socket_io_attachments`.execute(
            a.ready.db,
          );
          expect(Number(stored.rows[0]?.n)).toBeGreaterThan(0);
        }

        // A notification stored through A shows in the next tick's counts on B.
        const before = held?.unreadNotifications ?? 0;
        await a.ready.services.notifications.add(
          { sender: 'server', title: 'Cluster', description: 'on A' },
          Date.now(),
        );
        await leaderTick(client);
        expect(rebuilt(client.events)?.unreadNotifications).toBe(before + 1);
      }, 30_000);

      it('sends a backtest job run on A to authority 2 on B, nothing to authority 1', async () => {
        const high = await connect(b.url, operator.cookie);
        const low = await connect(b.url, viewer.cookie);
        const started = await operator.send({
          method: 'POST',
          url: '/lab/backtests',
          body: { dataSet: HOURLY_SET, from: '2018-01-01', to: '2018-01-15', strategy: 'live' },
        });
        expect(started.error).toBeNull();
        const id = (started.data as LabJob).id;
        const done = labJobSchema.parse(
          await high.until(
            (name, payload) => name === LAB_JOB_EVENT && (payload as LabJob).status === 'done',
          ),
        );
        expect(done).toMatchObject({ id, status: 'done', progress: 1 });
        // The low socket connected before the job started and got every other event meanwhile.
        await leaderTick(low);
        expect(low.events.filter(([name]) => name === LAB_JOB_EVENT)).toEqual([]);
      }, 60_000);

      it('ends the sockets on B of a user who signs out everywhere on A, with session-ended first', async () => {
        const user = await signedInOperator(a.ready, 1);
        const client = await connect(b.url, user.cookie);
        const signedOut = await user.send({
          method: 'POST',
          url: '/auth/jwt/sign-out',
          body: { allDevices: true },
        });
        expect(signedOut.error).toBeNull();
        const { event, reason } = await client.ended;
        expect(event?.reason).toBe('signed-out-everywhere');
        expect(reason).toBe('io server disconnect');
      }, 30_000);

      it("ends and refuses on B an address blacklisted on A (B's copy reloads from the bus)", async () => {
        const client = await connect(b.url, operator.cookie);
        await a.ready.services.blacklist.add({ ip: '127.0.0.1', notes: 'cluster test' }, Date.now());
        const { event, reason } = await client.ended;
        expect(event?.reason).toBe('ip-blacklisted');
        expect(reason).toBe('io server disconnect');
        expect(b.ready.services.blacklist.has('127.0.0.1')).toBe(true);
        const refused = await connect(b.url, operator.cookie).then(
          () => null,
          (error: Error & { data?: { code?: number } }) => error.data?.code,
        );
        expect(refused).toBe(ERRORS.IP_BLACKLISTED.code);
      }, 30_000);
    },
  );
}
