import { parseCodedMessage, STREAM_PATH } from '@balancer/core';
import { io as connectClient, type Socket } from 'socket.io-client';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { REFRESH_COOKIE } from '../features/accounts/refresh-cookie.js';
import { call } from '../features/accounts/test-support.js';
import { createTestUser, freshCode, signInUser, type TestUser } from '../features/accounts/test-users.js';
import { createLogger } from '../logging/logger.js';
import { SecretMasker } from '../logging/masker.js';
import { describeEachReadyApp } from '../testing/ready-app.js';
import { attachRealtime, type Realtime, userRoom } from './socket.js';

// The stream and the operations routes with real accounts: sessions, access tokens and
// one-time codes made by the accounts feature, as the product makes them.

describeEachReadyApp('operations with real sessions', (ready) => {
  let realtime: Realtime;
  let url: string;
  let operator: TestUser & { token: string; cookie: string };
  const sockets: Socket[] = [];

  beforeAll(async () => {
    const { app, services, config } = ready();
    realtime = attachRealtime(
      app,
      services,
      createLogger({ level: 'silent', format: 'json', masker: new SecretMasker() }),
      config,
    );
    await app.listen({ port: 0, host: '127.0.0.1' });
    const address = app.server.address();
    url = `http://127.0.0.1:${typeof address === 'object' && address ? address.port : 0}`;
    const user = await createTestUser(ready(), 3);
    operator = { ...user, ...(await signInUser(ready(), user)) };
  });
  afterAll(async () => {
    for (const socket of sockets) socket.disconnect();
    await realtime.close();
  });

  const connect = (cookie: string | undefined) =>
    new Promise<Error | undefined>((resolve) => {
      const socket = connectClient(url, {
        path: STREAM_PATH,
        transports: ['websocket'],
        extraHeaders:
          cookie === undefined ? {} : { cookie: `${REFRESH_COOKIE}=${encodeURIComponent(cookie)}` },
        reconnection: false,
        forceNew: true,
      });
      sockets.push(socket);
      socket.once('connect', () => resolve(undefined));
      socket.once('connect_error', (error) => resolve(error));
    });

  it('lets an authority-3 user list and, with a real one-time code, change the blacklist', async () => {
    const listed = await call(ready().app, {
      method: 'GET',
      url: '/ip-blacklist?limit=5',
      token: operator.token,
    });
    expect(listed.success, listed.error ?? '').toBe(true);
    const withoutCode = await call(ready().app, {
      method: 'POST',
      url: '/ip-blacklist',
      token: operator.token,
      body: { ip: '192.0.2.140' },
    });
    expect(withoutCode.code).toBe(4003);
    const created = await call(ready().app, {
      method: 'POST',
      url: '/ip-blacklist',
      token: operator.token,
      otp: await freshCode(ready(), operator.otpSecret),
      body: { ip: '192.0.2.140' },
    });
    expect(created.data).toMatchObject({ ip: '192.0.2.140' });
    const notifications = await call(ready().app, {
      method: 'GET',
      url: '/notification?limit=5',
      token: operator.token,
    });
    // The engine's first tick may have raised market notifications; the user has read none yet.
    const list = notifications.data as { notifications: unknown[]; unread: number };
    expect(list.unread).toBe(list.notifications.length);
  });

  it('accepts the stream with a valid refresh cookie and refuses it once the session ends', async () => {
    expect(await connect(operator.cookie)).toBeUndefined();
    const inRoom = await realtime.io.in(userRoom(operator.id)).fetchSockets();
    expect(inRoom).toHaveLength(1);
    // The handshake checks the cookie without rotating it: the same cookie works again.
    expect(await connect(operator.cookie)).toBeUndefined();

    const forged = await connect(`${operator.cookie.slice(0, -2)}xx`);
    expect(parseCodedMessage(forged?.message ?? '').code).toBe(4750);

    const signedOut = await call(ready().app, {
      method: 'POST',
      url: '/auth/jwt/sign-out',
      token: operator.token,
      refreshCookie: operator.cookie,
      body: { allDevices: true },
    });
    expect(signedOut.success, signedOut.error ?? '').toBe(true);
    expect(parseCodedMessage((await connect(operator.cookie))?.message ?? '').code).toBe(4750);
  });
});
