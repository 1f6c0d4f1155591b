import { CodedError, ok } from '@balancer/core';
import rateLimit from '@fastify/rate-limit';
import type { FastifyInstance } from 'fastify';
import type { AccessControl } from './access-control.js';
import { authorize, checkClientIp } from './guards.js';
import { clockedRateLimitStore } from './rate-limit-store.js';
import { RATE_TIERS, RATE_WINDOW_MS, type RouteSpec } from './route-spec.js';

declare module 'fastify' {
  interface FastifyRequest {
    authUser: import('@balancer/core').SessionUser | null;
  }
}

/**
 * Registers every route of the table behind its guards, in order: service ready (readiness
 * plugin) → IP valid → IP not blacklisted → bearer token → authority → one-time code, all on the
 * request's headers (after its IP's rate limit) before its body is even read; only then are the arguments validated (the
 * route's zod schemas). So an anonymous or unauthorised caller learns nothing about a route's
 * arguments and costs no body parsing. (The original checked arguments before the token; we
 * authorise first.) Each route is rate-limited per IP by its tier.
 */
export async function registerRoutes(
  app: FastifyInstance,
  routes: readonly RouteSpec[],
  access: AccessControl,
  /** Wall time, epoch ms: the rate limits' windows run on it. */
  now: () => number,
): Promise<void> {
  app.decorateRequest('authUser', null);
  await app.register(rateLimit, {
    global: false,
    store: clockedRateLimitStore(now),
    keyGenerator: (request) => request.ip,
    // The plugin throws what this returns: a coded error, answered by the envelope handler with 429.
    errorResponseBuilder: (_request, context) =>
      new CodedError('RATE_LIMITED', `try again in ${Math.ceil(context.ttl / 1000)} s`) as unknown as object,
  });

  for (const route of routes) {
    app.route({
      method: route.method,
      url: route.url,
      schema: route.schema ?? {},
      config: {
        beforeReady: route.beforeReady,
        rateLimit: { max: RATE_TIERS[route.rateTier], timeWindow: RATE_WINDOW_MS },
      },
      onRequest: async (request) => {
        checkClientIp(request.ip, access);
      },
      // After the rate limit (an onRequest hook the plugin appends), so failed guesses count;
      // before the body is parsed and validated.
      preParsing: async (request, _reply, payload) => {
        request.authUser = await authorize(request, route, access);
        return payload;
      },
      handler: async (request, reply) => {
        const data = await route.handler({
          request,
          reply,
          body: request.body,
          query: request.query,
          params: request.params,
          ip: request.ip,
          user: request.authUser,
        });
        // A handler that answered by itself (a status code for supervisors) is left as it is.
        if (reply.sent) return reply;
        return ok(data ?? null);
      },
    });
  }
}
