/*
 * The stream's path and event names, apart from their payload schemas (stream.ts) so that code
 * needing only the names (the web app's first load) does not load the schema library.
 */

/** Socket.IO's path on the API host. */
export const STREAM_PATH = '/stream/';

/** The stream's per-tick event name. */
export const ESSENTIALS_EVENT = 'essentials';

/** The event the server sends a socket right before it disconnects it (its session ended). */
export const SESSION_ENDED_EVENT = 'session-ended';
