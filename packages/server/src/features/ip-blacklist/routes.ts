import {
  idPageQuerySchema,
  ipBlacklistCreateSchema,
  ipBlacklistEntrySchema,
  ipBlacklistListSchema,
  ipBlacklistUpdateSchema,
  queryIntegerInRange,
} from '@balancer/core';
import { z } from 'zod';
import { defineRoute, type RouteSpec } from '../../http/route-spec.js';
import type { IpBlacklist } from './service.js';

/** Query of the list: a page by id, optionally only entries whose IP or notes contain `search`. */
export const ipBlacklistListQuerySchema = idPageQuerySchema.extend({
  search: z
    .string({ error: 'The search must be 1 to 300 characters long' })
    .trim()
    .min(1, 'The search must be 1 to 300 characters long')
    .max(300, 'The search must be 1 to 300 characters long')
    .optional(),
});

const entryParamsSchema = z.object({
  id: queryIntegerInRange(1, Number.MAX_SAFE_INTEGER, 'The id must be a positive integer'),
});

/** `/ip-blacklist` (docs/operations-api.md): list (2); create, replace, delete (3, OTP). */
export function ipBlacklistRoutes(blacklist: IpBlacklist, now: () => number): RouteSpec[] {
  return [
    defineRoute({
      method: 'GET',
      url: '/ip-blacklist',
      summary: 'Blacklisted IP addresses, newest first, optionally searched by IP or notes',
      tag: 'ip-blacklist',
      authority: 2,
      otp: false,
      rateTier: 'standard',
      schema: { querystring: ipBlacklistListQuerySchema },
      response: ipBlacklistListSchema,
      handler: async ({ query }) => blacklist.list(query),
    }),
    defineRoute({
      method: 'POST',
      url: '/ip-blacklist',
      summary: 'Blacklist an IP address (refused if any spelling of it is already listed)',
      tag: 'ip-blacklist',
      authority: 3,
      otp: true,
      rateTier: 'guarded',
      schema: { body: ipBlacklistCreateSchema },
      response: ipBlacklistEntrySchema,
      handler: async ({ body }) => blacklist.add(body, now()),
    }),
    defineRoute({
      method: 'PUT',
      url: '/ip-blacklist/:id',
      summary: "Replace an entry's IP address and notes (notes left out are cleared)",
      tag: 'ip-blacklist',
      authority: 3,
      otp: true,
      rateTier: 'guarded',
      schema: { params: entryParamsSchema, body: ipBlacklistUpdateSchema },
      response: ipBlacklistEntrySchema,
      handler: async ({ params, body }) => blacklist.update(params.id, body, now()),
    }),
    defineRoute({
      method: 'DELETE',
      url: '/ip-blacklist/:id',
      summary: 'Remove an entry: requests from its address are allowed again at once',
      tag: 'ip-blacklist',
      authority: 3,
      otp: true,
      rateTier: 'guarded',
      schema: { params: entryParamsSchema },
      response: ipBlacklistEntrySchema,
      handler: async ({ params }) => blacklist.remove(params.id),
    }),
  ];
}
