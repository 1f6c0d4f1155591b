/*
 * The stream's path and event names, apart from their payload schemas (stream.ts) so that code
 * needing only the names (the web app's first load) does not load the schema library.
 */

/** Socket.IO's path on the API host. */
export const STREAM_PATH = '/stream/';

/**
 * The essentials whole, with their sequence number: sent to a socket on connect, on reconnect and
 * whenever its base is unknown (it asked with ESSENTIALS_RESYNC_EVENT).
 */
export const ESSENTIALS_EVENT = 'essentials';

/** A tick's changes to the essentials the socket last had (sequence `base`), numbered `seq`. */
export const ESSENTIALS_PATCH_EVENT = 'essentials-patch';

/** The one event a client sends: its essentials' base is unknown, send them whole. No payload. */
export const ESSENTIALS_RESYNC_EVENT = 'essentials-resync';

/** The event the server sends a socket right before it disconnects it (its session ended). */
export const SESSION_ENDED_EVENT = 'session-ended';

/** A backtest job's progress or end (to signed-in users with authority ≥ 2; docs/backtesting.md). */
export const LAB_JOB_EVENT = 'lab-job';
