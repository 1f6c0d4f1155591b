import type { FastifyInstance } from 'fastify';

/**
 * One log line per answered request: method, path without the query (queries may carry
 * cursors or ids, never secrets, but they add noise), status, IP and time taken.
 */
export function useRequestLog(app: FastifyInstance): void {
  app.addHook('onResponse', async (request, reply) => {
    request.log.info(
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
