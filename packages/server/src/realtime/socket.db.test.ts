import { SESSION_ENDED_EVENT, type SessionEndedEvent, type SessionUser, STREAM_PATH } from '@balancer/core';
import Fastify, { type FastifyInstance } from 'fastify';
import { io as connectClient, type Socket } from 'socket.io-client';
import { afterAll, afterEach, beforeAll, expect, it } from 'vitest';
import { SessionEvents } from '../features/accounts/session-events.js';
import { IpBlacklist } from '../features/ip-blacklist/service.js';
import { createLogger } from '../logging/logger.js';
import { SecretMasker } from '../logging/masker.js';
import { Platform } from '../platform/platform.js';
import { testUser } from '../testing/ready-app-ops.js';
import { describeEachDatabase } from '../testing/test-databases.js';
import { attachRealtime, type Realtime, type RealtimeConfig, userRoom } from './socket.js';

const GOOD_COOKIE = 'balancer_refresh=valid-session';
const SESSION_ID = '00000000-0000-4000-8000-000000000001';
const logger = createLogger({ level: 'silent', format: 'json', masker: new SecretMasker() });

/** Sessions the stand-in accounts call live (GOOD_COOKIE's is, until a test ends it). */
const liveSessions = new Set<string>([SESSION_ID]);

/** A stand-in for the AccountsService parts the stream uses: one cookie is a valid session. */
const accounts = {
  sessionFromRefreshCookie: async (
    cookie: string | undefined,
  ): Promise<{ user: SessionUser; sessionId: string } | null> =>
    cookie?.split(/;\s*/).includes(GOOD_COOKIE) ? { user: testUser(2), sessionId: SESSION_ID } : null,
  liveSessions: async (ids: readonly string[]) => new Set(ids.filter((id) => liveSessions.has(id))),
  sessionEvents: new SessionEvents(),
};

/** Resolves with the session-ended event and the disconnect reason the socket then gets. */
function endOf(socket: Socket): Promise<{ event: SessionEndedEvent | undefined; reason: string }> {
  let event: SessionEndedEvent | undefined;
  socket.on(SESSION_ENDED_EVENT, (received: SessionEndedEvent) => {
    event = received;
  });
  return new Promise((resolve) => socket.once('disconnect', (reason) => resolve({ event, reason })));
}

interface Attempt {
  socket: Socket;
  error?: Error & { data?: { code?: number } };
}

const open: Socket[] = [];
function connect(
  url: string,
  headers: Record<string, string>,
  transport: 'websocket' | 'polling',
): Promise<Attempt> {
  const socket = connectClient(url, {
    path: STREAM_PATH,
    transports: [transport],
    extraHeaders: headers,
    reconnection: false,
    forceNew: true,
  });
  open.push(socket);
  return new Promise((resolve) => {
    socket.once('connect', () => resolve({ socket }));
    socket.once('connect_error', (error) => resolve({ socket, error }));
  });
}

describeEachDatabase('realtime stream handshake', (ctx) => {
  let blacklist: IpBlacklist;
  const servers: Array<{ app: FastifyInstance; realtime: Realtime }> = [];

  /** A listening server with the stream attached under this configuration. */
  async function streamServer(config: RealtimeConfig): Promise<{ url: string; realtime: Realtime }> {
    const app = Fastify();
    const realtime = attachRealtime(app, { accounts, blacklist }, logger, config);
    await app.listen({ port: 0, host: '127.0.0.1' });
    servers.push({ app, realtime });
    const address = app.server.address();
    return { url: `http://127.0.0.1:${typeof address === 'object' && address ? address.port : 0}`, realtime };
  }

  beforeAll(async () => {
    const platform = new Platform();
    platform.markReady(ctx().handle);
    blacklist = new IpBlacklist(platform);
    await blacklist.load();
    await blacklist.add({ ip: '198.51.100.77', notes: 'socket test' }, 0);
  });
  afterEach(() => {
    for (const socket of open.splice(0)) socket.disconnect();
  });
  afterAll(async () => {
    for (const { app, realtime } of servers) {
      await realtime.close();
      await app.close();
    }
  });

  it('accepts a valid refresh cookie and puts the socket in its user room', async () => {
    const { url, realtime } = await streamServer({ GUI_URL: [], TRUST_PROXY: false });
    for (const transport of ['websocket', 'polling'] as const) {
      const { error } = await connect(url, { cookie: `theme=dark; ${GOOD_COOKIE}` }, transport);
      expect(error, transport).toBeUndefined();
    }
    const inRoom = await realtime.io.in(userRoom(testUser(2).id)).fetchSockets();
    expect(inRoom.map((socket) => socket.data.user.nickname)).toEqual(['user2', 'user2']);
  });

  it('refuses a handshake without a cookie or with an invalid one (4750)', async () => {
    const { url } = await streamServer({ GUI_URL: [], TRUST_PROXY: false });
    const none = await connect(url, {}, 'websocket');
    expect(none.error?.message).toMatch(/\{\(4750\)\}$/);
    expect(none.error?.data?.code).toBe(4750);
    const wrong = await connect(url, { cookie: 'balancer_refresh=forged' }, 'polling');
    expect(wrong.error?.data?.code).toBe(4750);
  });

  it('refuses a blacklisted IP, read through a trusted proxy only (4001)', async () => {
    const forwarded = { cookie: GOOD_COOKIE, 'x-forwarded-for': '198.51.100.77' };
    const behindProxy = await streamServer({ GUI_URL: [], TRUST_PROXY: '127.0.0.1' });
    const refused = await connect(behindProxy.url, forwarded, 'websocket');
    expect(refused.error?.message).toBe('Requests from this IP address are not allowed{(4001)}');

    // Without a trusted proxy the header is the client's word and is ignored: the peer is 127.0.0.1.
    const direct = await streamServer({ GUI_URL: [], TRUST_PROXY: false });
    expect((await connect(direct.url, forwarded, 'websocket')).error).toBeUndefined();

    // The peer itself blacklisted: refused as soon as it is added, admitted again after removal.
    const entry = await blacklist.add({ ip: '127.0.0.1' }, 0);
    try {
      expect((await connect(direct.url, { cookie: GOOD_COOKIE }, 'polling')).error?.data?.code).toBe(4001);
    } finally {
      await blacklist.remove(entry.id);
    }
    expect((await connect(direct.url, { cookie: GOOD_COOKIE }, 'polling')).error).toBeUndefined();
  });

  it("answers cross-origin polling like the API's CORS: the GUI origins only, with credentials", async () => {
    const { url } = await streamServer({ GUI_URL: ['https://gui.example.com'], TRUST_PROXY: false });
    const handshake = (origin: string) =>
      fetch(`${url}${STREAM_PATH}?EIO=4&transport=polling`, { headers: { origin } });
    const allowed = await handshake('https://gui.example.com');
    expect(allowed.headers.get('access-control-allow-origin')).toBe('https://gui.example.com');
    expect(allowed.headers.get('access-control-allow-credentials')).toBe('true');
    const other = await handshake('https://evil.example.com');
    expect(other.headers.get('access-control-allow-origin')).toBeNull();
  });

  it("refuses a browser's handshake from another site's page, and allows the app's own and GUI_URL's", async () => {
    const { url } = await streamServer({ GUI_URL: ['https://gui.example.com'], TRUST_PROXY: false });
    const own = new URL(url).origin;
    for (const transport of ['websocket', 'polling'] as const) {
      const foreign = await connect(
        url,
        { cookie: GOOD_COOKIE, origin: 'https://evil.example.com' },
        transport,
      );
      expect(foreign.error, transport).toBeDefined();
      expect(
        (await connect(url, { cookie: GOOD_COOKIE, origin: own }, transport)).error,
        transport,
      ).toBeUndefined();
      const gui = await connect(url, { cookie: GOOD_COOKIE, origin: 'https://gui.example.com' }, transport);
      expect(gui.error, transport).toBeUndefined();
    }
    // Not a web page (no Origin): the cookie alone decides.
    expect((await connect(url, { cookie: GOOD_COOKIE }, 'websocket')).error).toBeUndefined();
  });

  it("tells a socket why and disconnects it when its session ends, and only that user's", async () => {
    const { url } = await streamServer({ GUI_URL: [], TRUST_PROXY: false });
    const { socket } = await connect(url, { cookie: GOOD_COOKIE }, 'websocket');
    const ended = endOf(socket);
    accounts.sessionEvents.emit({
      userId: 'someone-else',
      sessionIds: ['x'],
      reason: 'signed-out-everywhere',
    });
    accounts.sessionEvents.emit({ userId: testUser(2).id, sessionIds: [SESSION_ID], reason: 'signed-out' });
    expect(await ended).toEqual({
      event: { reason: 'signed-out', message: 'You signed out on this device.' },
      reason: 'io server disconnect',
    });
  });

  it('disconnects every socket of a user whose account was deleted, whichever its session', async () => {
    const { url } = await streamServer({ GUI_URL: [], TRUST_PROXY: false });
    const { socket } = await connect(url, { cookie: GOOD_COOKIE }, 'polling');
    const ended = endOf(socket);
    accounts.sessionEvents.emit({ userId: testUser(2).id, sessionIds: [], reason: 'account-deleted' });
    expect((await ended).event?.reason).toBe('account-deleted');
  });

  it('disconnects the sockets of an address as soon as it is blacklisted', async () => {
    const { url } = await streamServer({ GUI_URL: [], TRUST_PROXY: false });
    const { socket } = await connect(url, { cookie: GOOD_COOKIE }, 'websocket');
    const ended = endOf(socket);
    const entry = await blacklist.add({ ip: '127.0.0.1', notes: 'socket test' }, 0);
    try {
      expect((await ended).event?.reason).toBe('ip-blacklisted');
    } finally {
      await blacklist.remove(entry.id);
    }
  });

  it('finds a session ended elsewhere (another instance, an expiry) at the periodic check', async () => {
    const { url, realtime } = await streamServer({ GUI_URL: [], TRUST_PROXY: false });
    const { socket } = await connect(url, { cookie: GOOD_COOKIE }, 'websocket');
    const ended = endOf(socket);
    await realtime.revocations.check();
    expect(socket.connected).toBe(true);
    liveSessions.delete(SESSION_ID);
    try {
      await realtime.revocations.check();
      expect((await ended).event?.reason).toBe('session-expired');
    } finally {
      liveSessions.add(SESSION_ID);
    }
  });

  it('closes every connection on close, so that clients retry later', async () => {
    const { url, realtime } = await streamServer({ GUI_URL: [], TRUST_PROXY: false });
    const { socket } = await connect(url, { cookie: GOOD_COOKIE }, 'websocket');
    const disconnected = new Promise<string>((resolve) => socket.once('disconnect', resolve));
    await realtime.close();
    expect(await disconnected).toBe('transport close');
  });
});
