import type { z } from 'zod';
import { streamEssentialsSchema } from './essentials.js';
import { SESSION_ENDED_EVENT, sessionEndedEventSchema } from './session-end.js';

/** Socket.IO's path on the API host. */
export const STREAM_PATH = '/stream/';

/** The stream's per-tick event name. */
export const ESSENTIALS_EVENT = 'essentials';

/**
 * Every event the server sends on the `/stream/` socket, by name, with its payload's schema: the
 * one definition the server's Socket.IO event map and the web client's handlers are typed from.
 * The client sends nothing.
 */
export const STREAM_EVENTS = {
  [ESSENTIALS_EVENT]: streamEssentialsSchema,
  [SESSION_ENDED_EVENT]: sessionEndedEventSchema,
} as const;

/** Socket.IO's map of server-to-client events, derived from STREAM_EVENTS. */
export type ServerToClientEvents = {
  [Name in keyof typeof STREAM_EVENTS]: (payload: z.infer<(typeof STREAM_EVENTS)[Name]>) => void;
};
