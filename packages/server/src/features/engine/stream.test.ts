import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import {
  applyObjectPatch,
  ESSENTIALS_EVENT,
  ESSENTIALS_PATCH_EVENT,
  neutralWindowState,
  type StreamSnapshot,
  streamPatchSchema,
  streamSnapshotSchema,
  type UnreadCounts,
} from '@balancer/core';
import type { EngineSnapshot } from '@balancer/engine';
import { Server } from 'socket.io';
import { io as connectClient, type Socket } from 'socket.io-client';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createLogger } from '../../logging/logger.js';
import { SecretMasker } from '../../logging/masker.js';
import type { RealtimeServer } from '../../realtime/socket.js';
import { sharedStreamEssentials, streamEssentials } from './essentials.js';
import { streamTicks } from './stream.js';

// streamTicks on a bare Socket.IO server (the handshake's user given by the client, no database):
// the order of ticks, failing counts, and whose counts reach whom. The real handshake and the
// engine are in stream.db.test.ts.

const snapshotAt = (time: number, close: number): EngineSnapshot => ({
  time,
  price: String(close),
  marketState: {
    windowState: {
      ...neutralWindowState(),
      window: { id: [0, time], open: [1, 1], high: [2, close], low: [0, 1], close: [1, close] },
    },
    liquidityState: { bidDominance: 50, neutral: true },
    coinsStates: { quote: { state: 0, statesBySymbol: {} }, base: { state: 0, statesBySymbol: {} } },
  },
  position: null,
  plan: null,
  balances: { free: {}, time },
  mode: 'trading',
});

/** A count source the test answers by hand: each call waits until `settle`. */
function manualCounts() {
  type Call = {
    userIds: readonly string[];
    resolve: (counts: Map<string, UnreadCounts>) => void;
    reject: (error: Error) => void;
  };
  const pending: Call[] = [];
  return {
    counts: (userIds: readonly string[]) =>
      new Promise<Map<string, UnreadCounts>>((resolve, reject) => pending.push({ userIds, resolve, reject })),
    /** Answers the calls made so far (waiting for one): counts by user, or an error for the call. */
    async settle(answer: ((userId: string) => UnreadCounts) | Error) {
      await expect.poll(() => pending.length).toBeGreaterThan(0);
      for (const call of pending.splice(0)) {
        if (answer instanceof Error) call.reject(answer);
        else call.resolve(new Map(call.userIds.map((userId) => [userId, answer(userId)])));
      }
    },
  };
}

describe('streamTicks', () => {
  const logger = createLogger({ level: 'silent', format: 'json', masker: new SecretMasker() });
  const http = createServer();
  const io: RealtimeServer = new Server(http, { serveClient: false });
  const source = manualCounts();
  const send = streamTicks(io, source.counts, logger);
  const tick = (snapshot: EngineSnapshot) => send(sharedStreamEssentials(snapshot));
  const clients: Array<{ socket: Socket; events: Array<[string, unknown]> }> = [];
  let url = '';

  io.use((socket, next) => {
    const userId = String(socket.handshake.auth.userId);
    socket.data.user = { id: userId, nickname: userId, authority: 1 };
    next();
  });

  beforeAll(async () => {
    await new Promise<void>((resolve) => http.listen(0, '127.0.0.1', resolve));
    url = `http://127.0.0.1:${(http.address() as AddressInfo).port}`;
  });
  afterAll(async () => {
    for (const { socket } of clients) socket.disconnect();
    await new Promise<void>((resolve) => io.close(() => resolve()));
  });

  const connect = (userId: string) =>
    new Promise<{ socket: Socket; events: Array<[string, unknown]> }>((resolve, reject) => {
      const socket = connectClient(url, {
        auth: { userId },
        transports: ['websocket'],
        forceNew: true,
        reconnection: false,
      });
      const client = { socket, events: [] as Array<[string, unknown]> };
      socket.onAny((name: string, payload: unknown) => client.events.push([name, payload]));
      clients.push(client);
      socket.once('connect', () => resolve(client));
      socket.once('connect_error', reject);
    });
  const rebuilt = (events: Array<[string, unknown]>) => {
    let held: StreamSnapshot | null = null;
    for (const [name, payload] of events) {
      if (name === ESSENTIALS_EVENT) held = streamSnapshotSchema.parse(payload);
      if (name === ESSENTIALS_PATCH_EVENT && held) {
        const patch = streamPatchSchema.parse(payload);
        expect(patch.base).toBe(held.seq);
        held = { seq: patch.seq, essentials: applyObjectPatch(held.essentials, patch) };
      }
    }
    return held;
  };
  const counted = (n: number): UnreadCounts => ({ unreadNotifications: n, unreadAPIErrors: 0 });

  it('sends each user its own counts, keeps the last ones when reading fails, and never overlaps ticks', async () => {
    const alice = await connect('alice');
    const bob = await connect('bob');
    tick(snapshotAt(1_000, 10));
    await source.settle((userId) => counted(userId === 'alice' ? 1 : 2));
    await expect.poll(() => alice.events.length + bob.events.length).toBe(2);
    expect(rebuilt(alice.events)?.essentials).toEqual(streamEssentials(snapshotAt(1_000, 10), counted(1)));
    expect(rebuilt(bob.events)?.essentials).toEqual(streamEssentials(snapshotAt(1_000, 10), counted(2)));

    // Three ticks while the counts of the first are still being read: the middle one is never sent.
    tick(snapshotAt(2_000, 11));
    tick(snapshotAt(3_000, 12));
    tick(snapshotAt(4_000, 13));
    // Reading the counts fails: the last ones stay. Then Alice's count changes.
    await source.settle(new Error('database busy'));
    await source.settle((userId) => (userId === 'alice' ? counted(5) : counted(2)));
    await expect.poll(() => alice.events.length + bob.events.length).toBe(6);
    expect(alice.events.map(([name]) => name)).toEqual([
      ESSENTIALS_EVENT,
      ESSENTIALS_PATCH_EVENT,
      ESSENTIALS_PATCH_EVENT,
    ]);
    expect(rebuilt(alice.events)).toEqual({
      seq: 3,
      essentials: streamEssentials(snapshotAt(4_000, 13), counted(5)),
    });
    expect(rebuilt(bob.events)).toEqual({
      seq: 3,
      essentials: streamEssentials(snapshotAt(4_000, 13), counted(2)),
    });
    // Bob never gets a message carrying Alice's count.
    for (const [name, payload] of bob.events.slice(1)) {
      expect(name).toBe(ESSENTIALS_PATCH_EVENT);
      expect(streamPatchSchema.parse(payload).set).not.toHaveProperty('unreadNotifications');
    }
  });

  it('sends a socket connecting between ticks the last essentials whole, at once', async () => {
    const again = await connect('alice');
    await expect.poll(() => again.events.length).toBe(1);
    expect(again.events[0]?.[0]).toBe(ESSENTIALS_EVENT);
    expect(rebuilt(again.events)).toEqual({
      seq: 3,
      essentials: streamEssentials(snapshotAt(4_000, 13), counted(5)),
    });
    // A new user's counts are read first.
    const carol = await connect('carol');
    await source.settle(() => counted(7));
    await expect.poll(() => carol.events.length).toBe(1);
    expect(rebuilt(carol.events)?.essentials.unreadNotifications).toBe(7);
  });
});
