import { CodedError } from '@balancer/core';
import cookie from '@fastify/cookie';
import Fastify, { type FastifyInstance, LogController } from 'fastify';
import type { Config } from './config/schema.js';
import type { AccessControl } from './http/access-control.js';
import type { RateLimitSync } from './http/rate-limit-sync.js';
import { registerRoutes } from './http/register-routes.js';
import type { RouteSpec } from './http/route-spec.js';
import { lazyChildLogger } from './logging/lazy-child.js';
import type { Logger } from './logging/logger.js';
import type { Platform } from './platform/platform.js';
import { envelopeClientError } from './plugins/client-error.js';
import { type ErrorRecorder, sendError, useEnvelopeErrors } from './plugins/envelope.js';
import { useReadinessGate } from './plugins/readiness.js';
import { useRequestLog } from './plugins/request-log.js';
import { useSecurity } from './plugins/security.js';
import { useWebHost } from './plugins/web-host.js';
import { useZodValidation, zodValidatorCompiler } from './plugins/zod-validation.js';
import { trustProxyFunction } from './realtime/client-ip.js';
import { systemTime } from './shared/clock.js';
import type { CertificatePair } from './tls/certificate-source.js';

export const BODY_LIMIT_BYTES = 100 * 1024;

export interface AppOptions {
  config: Pick<Config, 'GUI_URL' | 'TRUST_PROXY' | 'COOKIE_SECRET'>;
  logger: Logger;
  platform: Platform;
  /** The built web app's folder, or null to serve the API only. */
  webRoot: string | null;
  /** The authorization table: every API route with its authority, OTP and rate tier. */
  routes: readonly RouteSpec[];
  access: AccessControl;
  /** Records non-routine errors in the API error log. */
  errorRecorder?: ErrorRecorder;
  /**
   * The certificate to serve HTTPS with (TLS on; platform/start.ts swaps later ones in with
   * setSecureContext), or none for plain HTTP. Also turns HSTS on.
   */
  https?: CertificatePair | null;
  /** Wall time, epoch ms (the platform clock's): the rate limits run on it. The system's by default. */
  wallNow?: () => number;
  /** Shares the rate limits' counts with the other instances on the database (composeServices). */
  rateLimits?: RateLimitSync;
}

/** Builds the whole HTTP app without listening: main.ts listens, tests call `inject()`. */
export async function buildApp({
  config,
  logger,
  platform,
  webRoot,
  routes,
  access,
  errorRecorder,
  https = null,
  wallNow = systemTime,
  rateLimits,
}: AppOptions): Promise<FastifyInstance> {
  const app = Fastify({
    ...(https ? { https: { cert: https.cert, key: https.key } } : {}),
    loggerInstance: logger,
    bodyLimit: BODY_LIMIT_BYTES,
    // The socket handshake reads the client IP with the same test (realtime/client-ip.ts).
    trustProxy: trustProxyFunction(config.TRUST_PROXY),
    forceCloseConnections: 'idle',
    // A request that arrives while close() waits is answered as usual (the database is still
    // open then): by the readiness gate's 6002 once draining, never fastify's bare 503.
    return503OnClosing: false,
    // One line per request (see useRequestLog) instead of fastify's two.
    logController: new LogController({ disableRequestLogging: true }),
    // request.log becomes a pino child only when a request writes a line (most never do).
    childLoggerFactory: lazyChildLogger,
    routerOptions: { ignoreTrailingSlash: true },
    // Routes validate with zod and send no response schema: with both compilers given, Fastify
    // never loads ajv and fast-json-stringify (~40 ms of blocking module loading at start).
    schemaController: {
      compilersFactory: {
        // Fastify's types name ajv's shapes only.
        buildValidator: (() => zodValidatorCompiler) as never,
        buildSerializer: (() => () => (data: unknown) => JSON.stringify(data)) as never,
      },
    },
    // A request Node's parser refuses (headers over 16 kB, a bad request line): the envelope too.
    clientErrorHandler: envelopeClientError,
    // A URL the router cannot read (a malformed %-escape, an over-long parameter): the envelope.
    frameworkErrors: (error, _request, reply) => {
      void sendError(reply, new CodedError('INVALID_REQUEST', `the URL cannot be read (${error.code})`));
    },
  }) as unknown as FastifyInstance;
  // JSON is the only body the API reads; fastify's default text/plain parser is removed.
  app.removeContentTypeParser('text/plain');
  useZodValidation(app);
  useRequestLog(app);
  useEnvelopeErrors(app, errorRecorder);
  await useSecurity(app, config.GUI_URL, { tls: https !== null });
  useReadinessGate(app, platform);
  // Signed cookies (the refresh token): a tampered value reads as no cookie.
  await app.register(cookie, { secret: config.COOKIE_SECRET });
  await registerRoutes(app, routes, access, wallNow, rateLimits);
  await useWebHost(app, webRoot);
  return app;
}
