import {
  applyObjectPatch,
  ESSENTIALS_EVENT,
  ESSENTIALS_PATCH_EVENT,
  ESSENTIALS_RESYNC_EVENT,
  type StreamEssentials,
  type StreamPatch,
  type StreamSnapshot,
  streamPatchSchema,
  streamSnapshotSchema,
} from '@balancer/core';
import type { Socket } from 'socket.io-client';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { createLogger } from '../../logging/logger.js';
import { SecretMasker } from '../../logging/masker.js';
import { attachRealtime, type Realtime } from '../../realtime/socket.js';
import { describeEachReadyApp } from '../../testing/ready-app.js';
import { streamSocket } from '../../testing/stream-client.js';
import { sharedStreamEssentials, streamEssentials } from './essentials.js';
import { streamTicks } from './stream.js';
import { type Operator, signedInOperator } from './test-support.js';

// The per-tick essentials on the /stream/ socket, as platform/start.ts wires it, with the engine
// ticking on request. The handshake's refusals are tested in realtime/*.db.test.ts.

type Essentials = StreamEssentials;

describeEachReadyApp('the essentials stream', (ready) => {
  const logger = createLogger({ level: 'silent', format: 'json', masker: new SecretMasker() });
  const sockets: Socket[] = [];
  let realtime: Realtime;
  let url: string;
  let unsubscribe: () => void;
  let first: Operator;
  let second: Operator;

  beforeAll(async () => {
    const { app, services, config, engine } = ready();
    realtime = attachRealtime(app, services, logger, config);
    if (!engine) throw new Error('the ready app has no engine');
    const send = streamTicks(realtime.io, services.unreadCountsOf, logger);
    unsubscribe = engine.engine.onTick((snapshot) => send(sharedStreamEssentials(snapshot)));
    await app.listen({ port: 0, host: '127.0.0.1' });
    const address = app.server.address();
    url = `http://127.0.0.1:${typeof address === 'object' && address ? address.port : 0}`;
    first = await signedInOperator(ready(), 1);
    second = await signedInOperator(ready(), 2);
  });
  afterAll(async () => {
    unsubscribe();
    for (const socket of sockets) socket.disconnect();
    await realtime.close();
  });

  /** What the server would send whole now: the engine's last snapshot with the user's counts. */
  const wholeNow = async (userId: string) => {
    const snapshot = ready().engine?.engine.snapshot();
    if (!snapshot) throw new Error('no snapshot after the tick');
    return streamEssentials(snapshot, await ready().services.unreadCounts(userId));
  };
  interface Follower {
    socket: Socket;
    events: Array<[string, unknown]>;
    /** Resolves once the client has had `count` events. */
    until(count: number): Promise<void>;
  }
  /** A client that keeps every event it gets, in order, from before its connection. */
  const follow = (cookie: string) =>
    new Promise<Follower>((resolve, reject) => {
      const socket = streamSocket(url, cookie);
      sockets.push(socket);
      const events: Array<[string, unknown]> = [];
      const waiting: Array<{ count: number; resolve: () => void }> = [];
      socket.onAny((name: string, payload: unknown) => {
        events.push([name, payload]);
        for (const wait of waiting.filter((w) => events.length >= w.count)) wait.resolve();
      });
      const until = (count: number) =>
        new Promise<void>((done) => {
          if (events.length >= count) done();
          else waiting.push({ count, resolve: done });
        });
      socket.once('connect', () => resolve({ socket, events, until }));
      socket.once('connect_error', reject);
    });
  /** The essentials rebuilt from a client's events, checking each against the contract. */
  const rebuilt = (events: Array<[string, unknown]>) => {
    let held: StreamSnapshot | null = null;
    for (const [name, payload] of events) {
      if (name === ESSENTIALS_EVENT) held = streamSnapshotSchema.parse(payload);
      else if (name === ESSENTIALS_PATCH_EVENT) {
        const patch = streamPatchSchema.parse(payload);
        if (!held) throw new Error('a patch before the essentials whole');
        expect(patch.base).toBe(held.seq);
        held = { seq: patch.seq, essentials: applyObjectPatch(held.essentials, patch) };
      }
    }
    return held;
  };
  /** One engine tick, and its event on each of these clients. */
  const tickAndWait = async (clients: Follower[]) => {
    const counts = clients.map((client) => client.events.length);
    await ready().tick();
    await Promise.all(clients.map((client, i) => client.until((counts[i] ?? 0) + 1)));
  };

  it("sends each user's devices the compact essentials after a tick, with that user's unread counts", async () => {
    const { services } = ready();
    // Both users have this notification unread; the first then reads everything.
    await services.notifications.add(
      { sender: 'server', title: 'Stream test', description: 'unread' },
      Date.now(),
    );
    expect((await first.send({ method: 'PATCH', url: '/notification/read' })).error).toBeNull();

    const clients = [await follow(first.cookie), await follow(first.cookie), await follow(second.cookie)];
    await tickAndWait(clients);
    // Before this stream's first tick there was nothing to send: the first tick sends it whole.
    for (const client of clients) expect(client.events.map(([name]) => name)).toEqual([ESSENTIALS_EVENT]);
    const [onPhone, onLaptop, onOther] = clients.map((client) => rebuilt(client.events)?.essentials);

    const snapshot = ready().engine?.engine.snapshot();
    if (!snapshot) throw new Error('no snapshot after the tick');
    expect(Object.keys(onPhone!).sort()).toEqual(
      [
        'marketState',
        'mode',
        'plan',
        'position',
        'price',
        'time',
        'unreadAPIErrors',
        'unreadNotifications',
      ].sort(),
    );
    expect(onPhone).not.toHaveProperty('serverTime');
    expect(onPhone).toMatchObject({
      time: snapshot.time,
      price: snapshot.price,
      mode: 'trading',
      position: null,
    });
    // The window cut to its last 2 candles.
    const full = snapshot.marketState.windowState.window;
    expect(onPhone!.marketState.windowState.window).toEqual({
      id: full.id.slice(-2),
      open: full.open.slice(-2),
      high: full.high.slice(-2),
      low: full.low.slice(-2),
      close: full.close.slice(-2),
    });
    expect(onLaptop).toEqual(onPhone);

    const counts = (e: Essentials) => ({
      unreadNotifications: e.unreadNotifications,
      unreadAPIErrors: e.unreadAPIErrors,
    });
    expect(counts(onPhone!)).toEqual(await services.unreadCounts(first.id));
    expect(counts(onOther!)).toEqual(await services.unreadCounts(second.id));
    // The second user never read the test notification.
    expect(onOther!.unreadNotifications).toBeGreaterThan(onPhone!.unreadNotifications);
    expect({ ...onOther, ...counts(onPhone!) }).toEqual(onPhone);
  });

  it('sends a socket the essentials whole on connect, then each tick only what changed', async () => {
    const phone = await follow(first.cookie);
    const other = await follow(second.cookie);
    await Promise.all([phone.until(1), other.until(1)]);
    expect(phone.events.map(([name]) => name)).toEqual([ESSENTIALS_EVENT]);
    expect(rebuilt(phone.events)?.essentials).toEqual(await wholeNow(first.id));

    await tickAndWait([phone, other]);
    const [name, patch] = phone.events.at(-1) ?? [];
    expect(name).toBe(ESSENTIALS_PATCH_EVENT);
    // The tick's time always changes; the unread counts did not, so they are not sent again.
    expect((patch as StreamPatch).set).toHaveProperty('time');
    expect((patch as StreamPatch).set).not.toHaveProperty('unreadNotifications');
    expect(JSON.stringify(patch).length).toBeLessThan(JSON.stringify(await wholeNow(first.id)).length);
    expect(rebuilt(phone.events)?.essentials).toEqual(await wholeNow(first.id));
    expect(rebuilt(other.events)?.essentials).toEqual(await wholeNow(second.id));
  });

  it("sends a socket that connects between ticks the essentials whole at once, and each user's counts only to that user", async () => {
    const { services } = ready();
    const laptop = await follow(first.cookie);
    await laptop.until(1);
    expect(laptop.events[0]?.[0]).toBe(ESSENTIALS_EVENT);
    expect(streamSnapshotSchema.parse(laptop.events[0]?.[1]).essentials).toEqual(await wholeNow(first.id));

    // A new notification for both; the first user then reads everything: only its count goes back.
    await services.notifications.add(
      { sender: 'server', title: 'Patch test', description: 'unread' },
      Date.now(),
    );
    await tickAndWait([laptop]);
    expect(rebuilt(laptop.events)?.essentials).toEqual(await wholeNow(first.id));
    expect((await first.send({ method: 'PATCH', url: '/notification/read' })).error).toBeNull();
    const other = await follow(second.cookie);
    await other.until(1);
    await tickAndWait([laptop, other]);
    const [, patch] = laptop.events.at(-1) ?? [];
    expect((patch as StreamPatch).set).toMatchObject({ unreadNotifications: 0 });
    const [, otherPatch] = other.events.at(-1) ?? [];
    expect((otherPatch as StreamPatch).set).not.toHaveProperty('unreadNotifications');
    expect(rebuilt(laptop.events)?.essentials).toEqual(await wholeNow(first.id));
    expect(rebuilt(other.events)?.essentials).toEqual(await wholeNow(second.id));
    expect(rebuilt(other.events)?.essentials.unreadNotifications).toBeGreaterThan(0);
  });

  it('sends the essentials whole to a socket that asks (its base is unknown)', async () => {
    const tablet = await follow(first.cookie);
    await tablet.until(1);
    tablet.socket.emit(ESSENTIALS_RESYNC_EVENT);
    await tablet.until(2);
    expect(tablet.events.map(([name]) => name)).toEqual([ESSENTIALS_EVENT, ESSENTIALS_EVENT]);
    expect(rebuilt(tablet.events)?.essentials).toEqual(await wholeNow(first.id));
  });
});
