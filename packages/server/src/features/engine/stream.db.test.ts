import { ESSENTIALS_EVENT, STREAM_PATH, type StreamEssentials } from '@balancer/core';
import { io as connectClient, type Socket } from 'socket.io-client';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { createLogger } from '../../logging/logger.js';
import { SecretMasker } from '../../logging/masker.js';
import { attachRealtime, type Realtime } from '../../realtime/socket.js';
import { describeEachReadyApp } from '../../testing/ready-app.js';
import { REFRESH_COOKIE } from '../accounts/refresh-cookie.js';
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
    unsubscribe = engine.engine.onTick(streamTicks(realtime.io, services.unreadCounts, logger));
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

  const connect = (cookie: string) =>
    new Promise<Socket>((resolve, reject) => {
      const socket = connectClient(url, {
        path: STREAM_PATH,
        transports: ['websocket'],
        extraHeaders: { cookie: `${REFRESH_COOKIE}=${encodeURIComponent(cookie)}` },
        reconnection: false,
        forceNew: true,
      });
      sockets.push(socket);
      socket.once('connect', () => resolve(socket));
      socket.once('connect_error', reject);
    });
  const nextEssentials = (socket: Socket) =>
    new Promise<Essentials>((resolve) => socket.once(ESSENTIALS_EVENT, resolve));

  it("sends each user's devices the compact essentials after a tick, with that user's unread counts", async () => {
    const { services } = ready();
    // Both users have this notification unread; the first then reads everything.
    await services.notifications.add(
      { sender: 'server', title: 'Stream test', description: 'unread' },
      Date.now(),
    );
    expect((await first.send({ method: 'PATCH', url: '/notification/read' })).error).toBeNull();

    const phone = await connect(first.cookie);
    const laptop = await connect(first.cookie);
    const other = await connect(second.cookie);
    const received = Promise.all([phone, laptop, other].map(nextEssentials));
    await ready().tick();
    const [onPhone, onLaptop, onOther] = await received;

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
});
