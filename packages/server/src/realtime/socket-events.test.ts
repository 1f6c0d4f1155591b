import {
  type ClientToServerEvents,
  ESSENTIALS_EVENT,
  ESSENTIALS_PATCH_EVENT,
  type LabJob,
  SESSION_ENDED_EVENT,
  type ServerToClientEvents,
  type SessionEndedEvent,
  type StreamEssentials,
  type StreamPatch,
  type StreamSnapshot,
  sessionEnded,
} from '@balancer/core';
import { describe, expectTypeOf, it } from 'vitest';
import type { RealtimeServer } from './socket.js';

// The socket is typed end to end by core's event map: `tsc -b` (the first step of `npm test`)
// checks this file, so each `@ts-expect-error` below fails the build the day the wrong event name
// or payload stops being a type error. The emits are never run: only their types matter.

function emits(io: RealtimeServer, essentials: StreamEssentials): void {
  io.to('user:1').emit(ESSENTIALS_EVENT, { seq: 1, essentials });
  io.to('user:1').emit(ESSENTIALS_PATCH_EVENT, { seq: 2, base: 1, set: { price: '1' } });
  io.emit(SESSION_ENDED_EVENT, sessionEnded('signed-out'));
  // @ts-expect-error: no such event on the stream
  io.emit('essential', essentials);
  // @ts-expect-error: the essentials whole carry their sequence number
  io.emit(ESSENTIALS_EVENT, essentials);
  // @ts-expect-error: the essentials event carries the stream essentials, not a session-ended notice
  io.emit(ESSENTIALS_EVENT, sessionEnded('signed-out'));
  // @ts-expect-error: a patch names the number it follows on from
  io.emit(ESSENTIALS_PATCH_EVENT, { seq: 2, set: { price: '1' } });
  // @ts-expect-error: not a reason the server sends
  io.emit(SESSION_ENDED_EVENT, { reason: 'bored', message: 'bye' });
}

describe("the stream's event map", () => {
  it('types every event with its payload from core, none as unknown', () => {
    expectTypeOf<Parameters<ServerToClientEvents['essentials']>[0]>().toEqualTypeOf<StreamSnapshot>();
    expectTypeOf<StreamSnapshot['essentials']>().toEqualTypeOf<StreamEssentials>();
    expectTypeOf<Parameters<ServerToClientEvents['essentials-patch']>[0]>().toEqualTypeOf<StreamPatch>();
    expectTypeOf<Parameters<ServerToClientEvents['session-ended']>[0]>().toEqualTypeOf<SessionEndedEvent>();
    expectTypeOf<Parameters<ServerToClientEvents['essentials']>[0]>().not.toBeUnknown();
    expectTypeOf<Parameters<ServerToClientEvents['lab-job']>[0]>().toEqualTypeOf<LabJob>();
    expectTypeOf<keyof ServerToClientEvents>().toEqualTypeOf<
      'essentials' | 'essentials-patch' | 'session-ended' | 'lab-job'
    >();
    expectTypeOf<keyof ClientToServerEvents>().toEqualTypeOf<'essentials-resync'>();
    expectTypeOf(emits).toBeFunction();
  });
});
