import { isIP } from 'node:net';
import { CodedError } from '@balancer/core';
import type { FastifyInstance } from 'fastify';
import { Server } from 'socket.io';
import type { Config } from '../config/schema.js';
import type { AccountsService } from '../features/accounts/service.js';
import type { IpBlacklist } from '../features/ip-blacklist/service.js';
import type { AuthUser } from '../http/route-spec.js';
import type { Logger } from '../logging/logger.js';
import { clientIpResolver } from './client-ip.js';

/** Socket.IO's path on the API host (reference §3.4). */
export const STREAM_PATH = '/stream/';

/** The room every socket of one user joins: later events go to one user's devices at once. */
export function userRoom(userId: string): string {
  return `user:${userId}`;
}

/** What the stream needs of the configuration: who may connect cross-origin, and whose IP to trust. */
export type RealtimeConfig = Pick<Config, 'GUI_URL' | 'TRUST_PROXY'>;

/** The services the handshake uses (the platform's `Services` has them). */
export interface RealtimeServices {
  accounts: Pick<AccountsService, 'userFromRefreshCookie'> & { readonly config?: RealtimeConfig };
  blacklist: Pick<IpBlacklist, 'has'>;
}

/** Per-socket data set at the handshake. */
export interface SocketData {
  user: AuthUser;
}

/** Events the server sends: the per-tick essentials update (features/engine/stream.ts). */
export interface ServerToClientEvents {
  essentials: (update: unknown) => void;
}

export type RealtimeServer = Server<
  Record<string, never>,
  ServerToClientEvents,
  Record<string, never>,
  SocketData
>;

export interface Realtime {
  /** The Socket.IO server, for the features that emit events (issue 5). */
  readonly io: RealtimeServer;
  /** Closes every connection (clients see 'transport close' and retry); fastify closes the HTTP server. */
  close(): Promise<void>;
}

/** The error a refused handshake gives the client: `connect_error` with the coded message. */
function refusal(error: unknown): Error & { data: { code: number } } {
  const coded = error instanceof CodedError ? error : new CodedError('INTERNAL_ERROR');
  return Object.assign(new Error(coded.codedMessage), { data: { code: coded.code } });
}

/**
 * Attaches the realtime stream (Socket.IO 4) to the app's HTTP server at `/stream/`. The
 * handshake runs the same IP guards as HTTP (valid, not blacklisted; the IP read as fastify
 * reads it under TRUST_PROXY) and then needs a valid refresh cookie, checked without rotating
 * it. A connected socket joins its user's room, where the per-tick essentials are sent.
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
  });

  io.use((socket, next) => {
    const ip = clientIp(socket.request);
    const admit = async (): Promise<AuthUser> => {
      if (isIP(ip) === 0) throw new CodedError('INVALID_CLIENT_IP');
      if (services.blacklist.has(ip)) throw new CodedError('IP_BLACKLISTED');
      const user = await services.accounts.userFromRefreshCookie(socket.request.headers.cookie);
      if (!user) throw new CodedError('NO_SESSION_TO_REFRESH', 'the stream needs a valid refresh cookie');
      return user;
    };
    admit().then(
      (user) => {
        socket.data.user = user;
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
    void socket.join(userRoom(socket.data.user.id));
  });

  return {
    io,
    close: async () => {
      // Closing the transports (not disconnecting the sockets) lets clients reconnect by themselves
      // once the server is back. Not io.close(): it would also close app.server, which fastify
      // closes itself after draining the requests in flight.
      io.engine.close();
    },
  };
}
