import { ok } from '@balancer/core';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { AccessControl } from './access-control.js';
import { authorize, checkClientIp } from './guards.js';
import { rateLimitHook } from './rate-limit.js';
import type { RateLimitSync } from './rate-limit-sync.js';
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
  /** Shares the rate limits' counts with other instances on the database (none: this process only). */
  rateLimits?: RateLimitSync,
): Promise<void> {
  app.decorateRequest('authUser', null);
  for (const route of routes) {
    app.route({
      method: route.method,
      url: route.url,
      schema: route.schema ?? {},
      config: { beforeReady: route.beforeReady },
      // Callback hooks (no promise per request); an error passed on goes to the envelope. The
      // address is checked first, then counted against the route's tier (per address).
      onRequest: [
        (request, _reply, done) => {
          try {
            checkClientIp(request.ip, access);
          } catch (error) {
            return done(error as Error);
          }
          done();
        },
        rateLimitHook(RATE_TIERS[route.rateTier], RATE_WINDOW_MS, now, (counters) =>
          rateLimits?.register(`${route.method} ${route.url}`, counters),
        ),
      ],
      // After the rate limit, so failed guesses count;
      // before the body is parsed and validated. Open routes (authority 0) have no one to check.
      ...(route.authority === 0 && !route.otp
        ? {}
        : {
            preParsing: async (request: FastifyRequest, _reply: FastifyReply, payload: unknown) => {
              request.authUser = await authorize(request, route, access);
              return payload;
            },
          }),
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
