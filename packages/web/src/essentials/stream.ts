import {
  type ClientToServerEvents,
  ESSENTIALS_EVENT,
  ESSENTIALS_PATCH_EVENT,
  ESSENTIALS_RESYNC_EVENT,
  isSessionEndReason,
  LAB_JOB_EVENT,
  type LabJob,
  SESSION_ENDED_EVENT,
  type ServerToClientEvents,
  type SessionEndedEvent,
  STREAM_PATH,
  type StreamEssentials,
  sessionEnded,
} from '@balancer/core';
import { io, type Socket } from 'socket.io-client';
import { followEssentials } from './stream-follow';

/** The stream's path and event names are the wire contract's (core's api/stream.ts). */
export { ESSENTIALS_EVENT, STREAM_PATH };
/**
 * Reconnection waits 1000 to 5000 ms, randomised by 0.5; a connection attempt times out at 20 s.
 * Websocket first: one connection to one instance, so several instances behind a round-robin
 * proxy need no sticky sessions (docs/cluster.md); HTTP long-polling only where websockets fail
 * (a proxy that blocks them), which behind several instances needs sticky sessions.
 */
export const STREAM_OPTIONS = {
  path: STREAM_PATH,
  withCredentials: true,
  transports: ['websocket', 'polling'] as Array<'websocket' | 'polling'>,
  tryAllTransports: true,
  reconnectionDelay: 1000,
  reconnectionDelayMax: 5000,
  randomizationFactor: 0.5,
  timeout: 20_000,
} as const;

/**
 * Connected over websocket, connected over another transport, connecting (the first attempt is
 * still under way: no error yet, never connected), reconnecting (an attempt failed or the
 * connection dropped), or none.
 */
export type SocketState = 'websocket' | 'other' | 'connecting' | 'reconnecting' | 'none';

export interface SocketStatus {
  state: SocketState;
  /** The transport's name when connected ('websocket', 'polling'). */
  transport: string | null;
  /** The last connection error's text, cleared on connect. */
  error: string | null;
}

export const NO_SOCKET: SocketStatus = { state: 'none', transport: null, error: null };

/** The realtime connection as the app uses it (a small port: tests plug in a fake). */
export interface Stream {
  status(): SocketStatus;
  disconnect(): void;
}

/** What the app does with the stream's events. */
export interface StreamHandlers {
  /**
   * The stream's essentials after each tick, whole (rebuilt from the patches: stream-follow.ts),
   * typed by the contract (the store still checks their shape before merging).
   */
  onEssentials: (update: StreamEssentials) => void;
  /** The server ended this session (and disconnects the socket): the app signs out and says why. */
  onSessionEnded: (event: SessionEndedEvent) => void;
  /** A lab job changed (queued, progress, done…; authority 2 and more): the lab's screens follow it. */
  onLabJob?: (job: LabJob) => void;
  /** The connection's status changed (connected, failed, dropped): read it now, not at the next poll. */
  onStatusChange?: () => void;
}

export type ConnectStream = (baseUrl: string, handlers: StreamHandlers) => Stream;

/** Opens the Socket.IO connection; it reconnects by itself until `disconnect()`. */
export const connectSocketIo: ConnectStream = (baseUrl, handlers) => {
  // Typed by the contract's event map: the server sends nothing else, the client only asks for the
  // essentials whole.
  const socket: Socket<ServerToClientEvents, ClientToServerEvents> = io(baseUrl, STREAM_OPTIONS);
  let error: string | null = null;
  // Until the first connect or connect_error the first attempt is still being made.
  let attempted = false;
  const follower = followEssentials(handlers.onEssentials, () => socket.emit(ESSENTIALS_RESYNC_EVENT));
  socket.on(ESSENTIALS_EVENT, follower.whole);
  socket.on(ESSENTIALS_PATCH_EVENT, follower.patch);
  socket.on(LAB_JOB_EVENT, (job) => handlers.onLabJob?.(job));
  socket.on(SESSION_ENDED_EVENT, (event) => {
    // Checked all the same (cheaply: no schema library in the first load): the server
    // disconnects the socket itself, and a malformed notice still ends the session here.
    const reason = (event as { reason?: unknown } | null)?.reason;
    handlers.onSessionEnded(
      isSessionEndReason(reason) ? sessionEnded(reason) : sessionEnded('session-expired'),
    );
  });
  socket.on('connect', () => {
    error = null;
    attempted = true;
    handlers.onStatusChange?.();
  });
  socket.on('disconnect', () => {
    // The server sends the essentials whole on the next connect.
    follower.reset();
    handlers.onStatusChange?.();
  });
  let retry: ReturnType<typeof setTimeout> | undefined;
  socket.on('connect_error', (failure: Error) => {
    error = failure.message;
    attempted = true;
    handlers.onStatusChange?.();
    // A refused handshake (e.g. a refresh cookie rotated while it was in flight) is not retried by
    // Socket.IO itself: try again after the longest reconnection delay, with the cookie held then.
    if (!socket.active) retry = setTimeout(() => socket.connect(), STREAM_OPTIONS.reconnectionDelayMax);
  });
  return {
    status: () => socketStatus(socket, error, attempted),
    disconnect: () => {
      clearTimeout(retry);
      socket.off();
      socket.disconnect();
    },
  };
};

/**
 * Reads a socket's state the way the status row shows it; `attempted` is false until the first
 * attempt connected or failed (before it an active socket is 'connecting', not 'reconnecting').
 */
export function socketStatus(
  socket: Pick<Socket, 'connected' | 'active'> & { io: { engine?: { transport?: { name?: string } } } },
  error: string | null,
  attempted = true,
): SocketStatus {
  if (socket.connected) {
    const transport = socket.io.engine?.transport?.name ?? null;
    return { state: transport === 'websocket' ? 'websocket' : 'other', transport, error: null };
  }
  if (!socket.active) return { state: 'none', transport: null, error };
  return { state: attempted ? 'reconnecting' : 'connecting', transport: null, error };
}
