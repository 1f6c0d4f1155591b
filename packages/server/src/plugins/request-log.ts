import type { FastifyInstance } from 'fastify';
import pino from 'pino';

/**
 * One log line per answered request, at debug level (`LOG_LEVEL=debug`): method, path without the
 * query (queries may carry cursors or ids, never secrets, but they add noise), status, IP and time
 * taken. At the default level a browser's every call would bury what the terminal is for (the
 * first start's root block, warnings); failures worth a look are in the API error log anyway.
 * The level is fixed at start, so below debug the hook is not even added: a request pays nothing.
 */
export function useRequestLog(app: FastifyInstance): void {
  // pino numbers its levels, debug 20, trace 10; 'silent' has no number.
  const level = pino.levels.values[app.log.level];
  if (level === undefined || level > (pino.levels.values.debug ?? 20)) return;
  app.addHook('onResponse', async (request, reply) => {
    request.log.debug(
      {
        method: request.method,
        path: request.url.split('?')[0],
        status: reply.statusCode,
        ip: request.ip,
        ms: Math.round(reply.elapsedTime * 10) / 10,
      },
      'request',
    );
  });
}
