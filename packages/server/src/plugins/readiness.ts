import { CodedError } from '@balancer/core';
import type { FastifyInstance } from 'fastify';
import type { Platform } from '../platform/platform.js';
import { sendError } from './envelope.js';

/** First guard of every route: the service must be ready (else 6002, try again in 30 s). */
export function useReadinessGate(app: FastifyInstance, platform: Platform): void {
  // A callback hook, not an async one: every request passes here, most of them at once.
  app.addHook('onRequest', (request, reply, done) => {
    if (platform.ready) return done();
    const config = request.routeOptions.config as { beforeReady?: boolean; file?: unknown } | undefined;
    // @fastify/static marks its routes with `file`; files need no database.
    // Unknown routes fall through to the not-found handler, which needs nothing.
    if (config?.beforeReady || typeof config?.file === 'string' || !request.routeOptions.url) return done();
    void sendError(reply, new CodedError('SERVICE_NOT_READY'));
  });
}
