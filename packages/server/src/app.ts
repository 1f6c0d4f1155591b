import Fastify, { type FastifyInstance, LogController } from 'fastify';
import type { Config } from './config/schema.js';
import { healthRoutes } from './features/health/routes.js';
import type { Logger } from './logging/logger.js';
import type { Platform } from './platform/platform.js';
import { useEnvelopeErrors } from './plugins/envelope.js';
import { useReadinessGate } from './plugins/readiness.js';
import { useRequestLog } from './plugins/request-log.js';
import { useSecurity } from './plugins/security.js';
import { useWebHost } from './plugins/web-host.js';
import { useZodValidation } from './plugins/zod-validation.js';

export const BODY_LIMIT_BYTES = 100 * 1024;

export interface AppOptions {
  config: Pick<Config, 'GUI_URL' | 'TRUST_PROXY'>;
  logger: Logger;
  platform: Platform;
  /** The built web app's folder, or null to serve the API only. */
  webRoot: string | null;
}

/** Builds the whole HTTP app without listening: main.ts listens, tests call `inject()`. */
export async function buildApp({ config, logger, platform, webRoot }: AppOptions): Promise<FastifyInstance> {
  const app = Fastify({
    loggerInstance: logger,
    bodyLimit: BODY_LIMIT_BYTES,
    // fastify accepts a hop count at run time; its types omit number.
    trustProxy: config.TRUST_PROXY as boolean | string,
    forceCloseConnections: 'idle',
    // One line per request (see useRequestLog) instead of fastify's two.
    logController: new LogController({ disableRequestLogging: true }),
    routerOptions: { ignoreTrailingSlash: true },
  }) as unknown as FastifyInstance;
  // JSON is the only body the API reads; fastify's default text/plain parser is removed.
  app.removeContentTypeParser('text/plain');
  useZodValidation(app);
  useRequestLog(app);
  useEnvelopeErrors(app);
  await useSecurity(app, config.GUI_URL);
  useReadinessGate(app, platform);
  healthRoutes(app, platform);
  await useWebHost(app, webRoot);
  return app;
}
