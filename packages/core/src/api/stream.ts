import { z } from 'zod';
import { streamEssentialsSchema } from './essentials.js';
import { labJobSchema } from './lab.js';
import { SESSION_END_REASONS, type SessionEndedEvent } from './session-end.js';
import {
  ESSENTIALS_EVENT,
  ESSENTIALS_PATCH_EVENT,
  ESSENTIALS_RESYNC_EVENT,
  LAB_JOB_EVENT,
  SESSION_ENDED_EVENT,
} from './stream-names.js';

export {
  ESSENTIALS_EVENT,
  ESSENTIALS_PATCH_EVENT,
  ESSENTIALS_RESYNC_EVENT,
  LAB_JOB_EVENT,
  SESSION_ENDED_EVENT,
  STREAM_PATH,
} from './stream-names.js';
export * from './stream-patch.js';

/**
 * A tick's number on the stream. Every tick numbers the essentials of every user it reaches with
 * the same one, one more than the last; a socket's patches follow on from its last number.
 */
const sequenceSchema = z.number().int().nonnegative();

/** The `essentials` event: the essentials whole (on connect, on reconnect, after a resync). */
export const streamSnapshotSchema = z.object({
  seq: sequenceSchema,
  essentials: streamEssentialsSchema,
});
export type StreamSnapshot = z.infer<typeof streamSnapshotSchema>;

/**
 * The `essentials-patch` event: what changed since the essentials numbered `base` (stream-patch.ts:
 * `unset` paths removed, then `set` merged key by key into objects, replacing anything else).
 * Applied to the essentials numbered `base` it gives the essentials numbered `seq`, a valid
 * streamEssentialsSchema value. A client holding another number asks for them whole
 * (ESSENTIALS_RESYNC_EVENT) and ignores the patch.
 */
export const streamPatchSchema = z.object({
  seq: sequenceSchema,
  base: sequenceSchema,
  set: z.record(z.string(), z.unknown()).optional(),
  unset: z.array(z.array(z.string()).min(1)).optional(),
});
export type StreamPatch = z.infer<typeof streamPatchSchema>;

/** The `session-ended` event's payload. */
export const sessionEndedEventSchema = z.object({
  reason: z.enum(SESSION_END_REASONS),
  message: z.string(),
}) satisfies z.ZodType<SessionEndedEvent>;

/**
 * Every event the server sends on the `/stream/` socket, by name, with its payload's schema: the
 * one definition the server's Socket.IO event map and the web client's handlers are typed from.
 */
export const STREAM_EVENTS = {
  [ESSENTIALS_EVENT]: streamSnapshotSchema,
  [ESSENTIALS_PATCH_EVENT]: streamPatchSchema,
  [SESSION_ENDED_EVENT]: sessionEndedEventSchema,
  [LAB_JOB_EVENT]: labJobSchema,
} as const;

/** Socket.IO's map of server-to-client events, derived from STREAM_EVENTS. */
export type ServerToClientEvents = {
  [Name in keyof typeof STREAM_EVENTS]: (payload: z.infer<(typeof STREAM_EVENTS)[Name]>) => void;
};

/** What the client sends: only the request for the essentials whole, without payload. */
export type ClientToServerEvents = {
  [ESSENTIALS_RESYNC_EVENT]: () => void;
};
