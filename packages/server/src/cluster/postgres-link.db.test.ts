import { Server } from 'socket.io';
import { afterEach, describe, expect, it } from 'vitest';
import { CLUSTER_BUS_EVENT, type RealtimeServer } from '../realtime/socket.js';
import { streamLinkConnections } from '../testing/stream-link-connections.js';
import { databaseKinds, type TestDatabase } from '../testing/test-databases.js';
import { attachPostgres } from './postgres-link.js';

// The PostgreSQL adapter's link closed while it is busy: closing ends the connections it holds,
// never one a NOTIFY is using (the pool gives that one back itself; ending it too released it
// twice, an uncaught exception from inside pg-pool), and leaves no connection and no reconnection.
// PostgreSQL only (skipped without TEST_DATABASE_URL).

const postgres = databaseKinds().find((kind) => kind.kind === 'postgresql');

describe.skipIf(postgres === undefined)('the PostgreSQL stream link [postgresql]', () => {
  let target: TestDatabase | undefined;
  const uncaught: unknown[] = [];
  const capture = (error: unknown) => uncaught.push(error);
  afterEach(async () => {
    process.off('uncaughtException', capture);
    await target?.dispose();
    target = undefined;
    uncaught.length = 0;
  });

  async function attach() {
    target = await postgres!.create();
    const url = target.options.databaseUrl!;
    const io: RealtimeServer = new Server();
    const warnings: string[] = [];
    const link = attachPostgres(io, url, `link-test-${process.pid}`, (what) => () => warnings.push(what));
    process.on('uncaughtException', capture);
    return { io, link, url, warnings };
  }

  it('is ready to send only once its LISTEN is up, so the answers to what it sends come back', async () => {
    const { io, link } = await attach();
    // A message sent before the LISTEN is answered would leave, and its answer be lost.
    expect(link.ready()).toBe(false);
    await link.joined;
    expect(link.ready()).toBe(true);
    const received: unknown[] = [];
    io.on(CLUSTER_BUS_EVENT, (message) => received.push(message));
    const other: RealtimeServer = new Server();
    const otherLink = attachPostgres(
      other,
      target!.options.databaseUrl!,
      `link-test-${process.pid}`,
      () => () => {},
    );
    await otherLink.joined;
    other.serverSideEmit(CLUSTER_BUS_EVENT, { topic: 'test', payload: null, from: 'b' });
    await expect.poll(() => received.length).toBe(1);
    await otherLink.close();
    await link.close();
  }, 30_000);

  it('closes while NOTIFYs are in flight without releasing a connection twice', async () => {
    const { io, link, url } = await attach();
    await expect.poll(() => streamLinkConnections(url)).toBeGreaterThan(0); // LISTEN, and a heartbeat's
    for (let round = 0; round < 5; round += 1)
      io.serverSideEmit(CLUSTER_BUS_EVENT, { topic: 'test', payload: { round }, from: 'a' });

    await link.close();
    await new Promise((resolve) => setTimeout(resolve, 500));
    expect(uncaught).toEqual([]);
    await expect.poll(() => streamLinkConnections(url)).toBe(0);
  }, 30_000);

  it('closed while starting: ends the connection it was taking and does not reconnect', async () => {
    const { link, url } = await attach();
    await link.close();
    await new Promise((resolve) => setTimeout(resolve, 3_500)); // past the adapter's reconnection delay
    expect(uncaught).toEqual([]);
    expect(await streamLinkConnections(url)).toBe(0);
  }, 30_000);
});
