import { CodedError, fail, ok } from '@balancer/core';
import type { FastifyInstance } from 'fastify';
import type { Platform } from '../../platform/platform.js';

export function healthRoutes(app: FastifyInstance, platform: Platform): void {
  /** Public: the caller's IP as this server sees it (behind TRUST_PROXY, the forwarded one). */
  app.get('/ping', { config: { beforeReady: true } }, async (request) => ok({ ip: request.ip }));

  /** Readiness for supervisors and load balancers: 200 when ready, 503 while starting or stopping. */
  app.get('/ready', { config: { beforeReady: true } }, async (_request, reply) => {
    if (!platform.ready) {
      return reply.code(503).send(fail(new CodedError('SERVICE_NOT_READY').codedMessage));
    }
    return ok({ ready: true, database: platform.database.kind });
  });
}
