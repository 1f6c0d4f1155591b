import { isIP } from 'node:net';
import {
  type ClientToServerEvents,
  CodedError,
  type ServerToClientEvents,
  type SessionUser,
  STREAM_PATH,
} from '@balancer/core';
import type { FastifyInstance } from 'fastify';
import { Server } from 'socket.io';
import type { Config } from '../config/schema.js';
import type { AccountsService } from '../features/accounts/service.js';
import type { IpBlacklist } from '../features/ip-blacklist/service.js';
import type { Logger } from '../logging/logger.js';
import type { BusPayload } from '../shared/cluster-bus.js';
import { clientIpResolver } from './client-ip.js';
import { originAllowed } from './origin.js';
import { type RevocationWatch, watchRevocations } from './revocation.js';
import { sessionRoom, userRoom } from './rooms.js';

export { essentialsRoom, sessionRoom, userRoom } from './rooms.js';

/** What the stream needs of the configuration: who may connect cross-origin, and whose IP to trust. */
export type RealtimeConfig = Pick<Config, 'GUI_URL' | 'TRUST_PROXY'>;

/** The services the handshake and the revocation watch use (the platform's `Services` has them). */
export interface RealtimeServices {
  accounts: Pick<AccountsService, 'sessionFromRefreshCookie' | 'liveSessions' | 'sessionEvents'> & {
    readonly config?: RealtimeConfig;
  };
  blacklist: Pick<IpBlacklist, 'has' | 'onBlock'>;
}

/** Per-socket data set at the handshake. */
export interface SocketData {
  user: SessionUser;
  /** The session (refresh_sessions row) whose cookie opened the socket. */
  sessionId: string;
  /** The client IP as the handshake read it (TRUST_PROXY applied). */
  ip: string;
}

/** The server-side event that carries the cluster bus between instances (cluster/socket-bus.ts). */
export const CLUSTER_BUS_EVENT = 'cluster-bus';

/** One cluster bus message, as the adapter carries it. */
export interface ClusterBusMessage {
  topic: string;
  payload: BusPayload;
  /** The sending instance's name. */
  from: string;
}

/** Events between the instances' servers (`serverSideEmit`), through the stream's adapter. */
export interface ServerSideEvents {
  [CLUSTER_BUS_EVENT]: (message: ClusterBusMessage) => void;
}

export type RealtimeServer = Server<ClientToServerEvents, ServerToClientEvents, ServerSideEvents, SocketData>;

export interface Realtime {
  /** The Socket.IO server, for the features that emit events. */
  readonly io: RealtimeServer;
  /** Ends the sockets whose session, user or address has been revoked since the last check. */
  readonly revocations: RevocationWatch;
  /** Closes every connection (clients see 'transport close' and retry); fastify closes the HTTP server. */
  close(): Promise<void>;
}

/** The error a refused handshake gives the client: `connect_error` with the coded message. */
function refusal(error: unknown): Error & { data: { code: number } } {
  const coded = error instanceof CodedError ? error : new CodedError('INTERNAL_ERROR');
  return Object.assign(new Error(coded.codedMessage), { data: { code: coded.code } });
}

/**
 * Attaches the realtime stream (Socket.IO 4) to the app's HTTP server at `/stream/`. A browser's
 * handshake must come from the app's own origin or a GUI_URL one (no other site's page may open
 * a socket with the operator's cookie); then the same IP guards as HTTP run (valid, not
 * blacklisted; the IP read as fastify reads it under TRUST_PROXY) and a valid refresh cookie is
 * needed, checked without rotating it. A connected socket joins its user's and its session's
 * rooms; the per-tick essentials go to the user's sockets (features/engine/stream.ts). When its session ends (sign-out, a
 * deleted or changed user, a new password) or its address is blacklisted, the socket is told
 * why and disconnected at once (revocation.ts).
 *
 * `config` should be the platform's configuration; without it the accounts service's is used,
 * and failing that no proxy is trusted and no other origin is allowed (logged as a warning).
 */
export function attachRealtime(
  app: FastifyInstance,
  services: RealtimeServices,
  logger: Logger,
  config: RealtimeConfig | undefined = services.accounts.config,
): Realtime {
  if (!config) logger.warn('realtime stream: no configuration given; trusting no proxy and no other origin');
  const guiOrigins = config?.GUI_URL ?? [];
  const clientIp = clientIpResolver(config?.TRUST_PROXY ?? false);
  const io: RealtimeServer = new Server(app.server, {
    path: STREAM_PATH,
    serveClient: false,
    // Like the API's CORS (plugins/security.ts): only the configured GUI origins, with cookies.
    cors: { origin: guiOrigins.length > 0 ? [...guiOrigins] : false, credentials: true },
    allowRequest: (request, callback) => {
      const allowed = originAllowed(request, guiOrigins, config?.TRUST_PROXY ?? false);
      if (!allowed)
        logger.info({ origin: request.headers.origin }, 'stream handshake refused: foreign origin');
      callback(allowed ? null : 'this origin may not open the stream', allowed);
    },
  });

  io.use((socket, next) => {
    const ip = clientIp(socket.request);
    const admit = async (): Promise<{ user: SessionUser; sessionId: string }> => {
      if (isIP(ip) === 0) throw new CodedError('INVALID_CLIENT_IP');
      if (services.blacklist.has(ip)) throw new CodedError('IP_BLACKLISTED');
      const session = await services.accounts.sessionFromRefreshCookie(socket.request.headers.cookie);
      if (!session) throw new CodedError('NO_SESSION_TO_REFRESH', 'the stream needs a valid refresh cookie');
      return session;
    };
    admit().then(
      ({ user, sessionId }) => {
        socket.data.user = user;
        socket.data.sessionId = sessionId;
        socket.data.ip = ip;
        next();
      },
      (error: unknown) => {
        if (error instanceof CodedError) logger.info({ ip, code: error.code }, 'stream handshake refused');
        else logger.error({ err: error, ip }, 'stream handshake failed');
        next(refusal(error));
      },
    );
  });

  io.on('connection', (socket) => {
    void socket.join([userRoom(socket.data.user.id), sessionRoom(socket.data.sessionId)]);
  });

  const revocations = watchRevocations(io, services, logger);
  return {
    io,
    revocations,
    close: async () => {
      revocations.stop();
      // Closing the transports (not disconnecting the sockets) lets clients reconnect by themselves
      // once the server is back. Not io.close(): it would also close app.server, which fastify
      // closes itself after draining the requests in flight.
      io.engine.close();
    },
  };
}
