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
  // A stop behind a load balancer (Platform.handOff): every answer sent from then on, those of
  // requests already in flight too, closes its connection, so the proxy never reuses one.
  app.addHook('onSend', (_request, reply, payload, done) => {
    if (platform.closesConnections) reply.header('connection', 'close');
    done(null, payload);
  });
}
