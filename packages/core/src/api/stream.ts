import { z } from 'zod';
import { streamEssentialsSchema } from './essentials.js';
import { SESSION_END_REASONS, type SessionEndedEvent } from './session-end.js';
import { ESSENTIALS_EVENT, SESSION_ENDED_EVENT } from './stream-names.js';

export { ESSENTIALS_EVENT, SESSION_ENDED_EVENT, STREAM_PATH } from './stream-names.js';

/** The `session-ended` event's payload. */
export const sessionEndedEventSchema = z.object({
  reason: z.enum(SESSION_END_REASONS),
  message: z.string(),
}) satisfies z.ZodType<SessionEndedEvent>;

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
