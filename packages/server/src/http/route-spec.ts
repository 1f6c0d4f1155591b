import type { FastifyReply, FastifyRequest } from 'fastify';
import type { z } from 'zod';

/** 0 = public; 1–5 = the least authority a signed-in user needs (higher includes lower). */
export type Authority = 0 | 1 | 2 | 3 | 4 | 5;

/**
 * Requests per IP per 15 minutes (README, API basics), by the route's risk. `strict` is for sign-in,
 * password update and manual increase/decrease.
 */
export const RATE_TIERS = { open: 400, standard: 200, guarded: 40, sensitive: 20, strict: 10 } as const;
export type RateTier = keyof typeof RATE_TIERS;
export const RATE_WINDOW_MS = 15 * 60 * 1000;

export type HttpMethod = 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';

/** The signed-in caller, as the access token names it. */
export interface AuthUser {
  id: string;
  nickname: string;
  authority: number;
}

export interface RouteContext<B, Q, P> {
  request: FastifyRequest;
  reply: FastifyReply;
  body: B;
  query: Q;
  params: P;
  /** The caller's IP as the server trusts it (TRUST_PROXY decides whether proxies count). */
  ip: string;
  /** Null only on public routes. */
  user: AuthUser | null;
}

/**
 * One row of the authorization table: who may call the route, whether it needs a one-time code
 * (`otp-token` header), its rate tier and its argument schemas. The table drives registration,
 * the guards, the OpenAPI document and the generated authorization tests.
 */
export interface RouteSpec<B = unknown, Q = unknown, P = unknown> {
  method: HttpMethod;
  url: string;
  /** One line for the OpenAPI document. */
  summary: string;
  /** Feature name, for grouping in the OpenAPI document. */
  tag: string;
  authority: Authority;
  otp: boolean;
  rateTier: RateTier;
  /** Served while the platform starts (health checks only). */
  beforeReady?: boolean;
  schema?: { body?: z.ZodType<B>; querystring?: z.ZodType<Q>; params?: z.ZodType<P> };
  /** Returns the envelope's `data`; throw a CodedError to answer with an envelope error. */
  handler: (ctx: RouteContext<B, Q, P>) => Promise<unknown>;
}

/** Declares a route with its argument types inferred from its schemas. */
export function defineRoute<B = undefined, Q = undefined, P = undefined>(
  spec: RouteSpec<B, Q, P>,
): RouteSpec {
  return spec as unknown as RouteSpec;
}
