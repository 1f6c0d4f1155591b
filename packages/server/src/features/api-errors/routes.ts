import {
  apiErrorListSchema,
  CodedError,
  deletedCountSchema,
  idPageQuerySchema,
  type SessionUser,
} from '@balancer/core';
import { defineRoute, type RouteSpec } from '../../http/route-spec.js';
import type { ApiErrorLog } from './service.js';

/** The caller of a protected route (the guards set it; never null past them). */
function caller(user: SessionUser | null): SessionUser {
  if (!user) throw new CodedError('ACCESS_TOKEN_INVALID', 'no signed-in user');
  return user;
}

/**
 * `/api-error` (docs/operations-api.md): list (2), which marks the log read for the caller; delete
 * all (3, OTP).
 */
export function apiErrorRoutes(log: ApiErrorLog): RouteSpec[] {
  return [
    defineRoute({
      method: 'GET',
      url: '/api-error',
      summary: "Logged API errors, newest first; listing them resets the caller's unread count",
      tag: 'api-errors',
      authority: 2,
      otp: false,
      rateTier: 'standard',
      schema: { querystring: idPageQuerySchema },
      response: apiErrorListSchema,
      handler: async ({ query, user }) => log.list(caller(user).id, query),
    }),
    defineRoute({
      method: 'DELETE',
      url: '/api-error',
      summary: 'Delete every logged API error',
      tag: 'api-errors',
      authority: 3,
      otp: true,
      rateTier: 'guarded',
      response: deletedCountSchema,
      handler: async () => ({ deleted: await log.deleteAll() }),
    }),
  ];
}
