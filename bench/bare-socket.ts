// The bare baseline of bench/stream.ts: a plain Socket.IO server (no auth, no rooms, no app) on its
// own loopback port with `count` websocket clients in this process, broadcasting what it is given.
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { Server } from 'socket.io';
import { io as connectClient, type Socket } from 'socket.io-client';
import { type FirstWrites, firstWrites } from './first-write.js';

export interface BareStream {
  /** Broadcasts `payload` as `event` to every client (Socket.IO encodes it once per broadcast). */
  emit(event: string, payload: unknown): void;
  /** The first socket write of each broadcast, as for the product's server. */
  readonly writes: FirstWrites;
  close(): Promise<void>;
}

/**
 * Starts the bare server and connects `count` clients, each given to `listen` before it connects
 * (as the product's clients are); resolves once all are connected.
 */
export async function startBareStream(count: number, listen: (socket: Socket) => void): Promise<BareStream> {
  const http = createServer();
  const writes = firstWrites(http);
  const io = new Server(http, { serveClient: false });
  await new Promise<void>((resolve) => http.listen(0, '127.0.0.1', resolve));
  const url = `http://127.0.0.1:${(http.address() as AddressInfo).port}`;
  const clients: Socket[] = [];
  for (let i = 0; i < count; i++) {
    const socket = connectClient(url, { transports: ['websocket'], reconnection: false, forceNew: true });
    listen(socket);
    await new Promise<void>((resolve, reject) => {
      socket.once('connect', () => resolve());
      socket.once('connect_error', reject);
    });
    clients.push(socket);
  }
  return {
    emit: (event, payload) => io.emit(event, payload),
    writes,
    close: async () => {
      for (const socket of clients) socket.disconnect();
      await new Promise<void>((resolve) => io.close(() => resolve()));
    },
  };
}
