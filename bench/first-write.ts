// Where bench/stream.ts starts its clock, for the product and the bare baseline alike: the first
// socket write of a message. Wraps `write` on every connection the HTTP server upgrades (the
// websockets Socket.IO serves); the payload of a Socket.IO message starts with the engine's
// message type, `4` (the frame's header and the pings, `2`, are other writes).
import type { Server } from 'node:http';
import { performance } from 'node:perf_hooks';
import type { Duplex } from 'node:stream';

const MESSAGE = 0x34; // '4'

function isMessage(chunk: unknown): boolean {
  if (typeof chunk === 'string') return chunk.charCodeAt(0) === MESSAGE;
  return chunk instanceof Uint8Array && chunk[0] === MESSAGE;
}

export interface FirstWrites {
  /** From now on, the next message written to any socket stamps `key`. */
  arm(key: number): void;
  /** When the first message after `arm(key)` was written (performance.now()), if it was. */
  at(key: number): number | undefined;
}

/** Stamps the first message written after each `arm` on the websockets `server` upgrades. */
export function firstWrites(server: Server): FirstWrites {
  const stamped = new Map<number, number>();
  let armed: number | null = null;
  server.on('upgrade', (_request, socket: Duplex) => {
    const write = socket.write;
    socket.write = function (this: Duplex, chunk: unknown, ...rest: unknown[]) {
      if (armed !== null && isMessage(chunk)) {
        stamped.set(armed, performance.now());
        armed = null;
      }
      return (write as (...args: unknown[]) => boolean).call(this, chunk, ...rest);
    } as Duplex['write'];
  });
  return {
    arm: (key) => {
      armed = key;
    },
    at: (key) => stamped.get(key),
  };
}
