import { CodedError } from '@balancer/core';
import type { FastifyInstance } from 'fastify';
import type { Platform } from '../platform/platform.js';
import { sendError } from './envelope.js';

/** First guard of every route: the service must be ready (else 6002, try again in 30 s). */
export function useReadinessGate(app: FastifyInstance, platform: Platform): void {
  app.addHook('onRequest', async (request, reply) => {
    const config = request.routeOptions.config as { beforeReady?: boolean; file?: unknown } | undefined;
    // @fastify/static marks its routes with `file`; files need no database.
    if (platform.ready || config?.beforeReady || typeof config?.file === 'string') return;
    // Unknown routes fall through to the not-found handler, which needs nothing.
    if (!request.routeOptions.url) return;
    return sendError(reply, new CodedError('SERVICE_NOT_READY'));
  });
}
