// The bare baseline of bench/stream.ts: a plain Socket.IO server (no auth, no rooms, no app) on its
// own loopback port with `count` websocket clients in this process, broadcasting one payload.
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { performance } from 'node:perf_hooks';
import { Server } from 'socket.io';
import { io as connectClient, type Socket } from 'socket.io-client';

const EVENT = 'tick';

export interface BareStream {
  /** Broadcasts `payload` (the same object each time: Socket.IO encodes it once per broadcast). */
  emit(payload: unknown): void;
  /** Emit → receipt of every message so far, ms. */
  readonly latencies: number[];
  /** Per-tick latencies, by broadcast number. */
  readonly byTick: number[][];
  close(): Promise<void>;
}

/** Starts the bare server and connects `count` clients; resolves once all are connected. */
export async function startBareStream(count: number): Promise<BareStream> {
  const http = createServer();
  const io = new Server(http, { serveClient: false });
  await new Promise<void>((resolve) => http.listen(0, '127.0.0.1', resolve));
  const url = `http://127.0.0.1:${(http.address() as AddressInfo).port}`;
  const clients: Socket[] = [];
  const latencies: number[] = [];
  const byTick: number[][] = [];
  let sentAt = 0;
  let tick = -1;
  for (let i = 0; i < count; i++) {
    const socket = connectClient(url, { transports: ['websocket'], reconnection: false, forceNew: true });
    await new Promise<void>((resolve, reject) => {
      socket.once('connect', () => resolve());
      socket.once('connect_error', reject);
    });
    socket.on(EVENT, () => {
      const took = performance.now() - sentAt;
      latencies.push(took);
      byTick[tick]?.push(took);
    });
    clients.push(socket);
  }
  return {
    emit(payload) {
      tick += 1;
      byTick[tick] = [];
      sentAt = performance.now();
      io.emit(EVENT, payload);
    },
    latencies,
    byTick,
    close: async () => {
      for (const socket of clients) socket.disconnect();
      await new Promise<void>((resolve) => io.close(() => resolve()));
    },
  };
}
