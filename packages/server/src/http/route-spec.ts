import type { SessionUser } from '@balancer/core';
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

export interface RouteContext<B, Q, P> {
  request: FastifyRequest;
  reply: FastifyReply;
  body: B;
  query: Q;
  params: P;
  /** The caller's IP as the server trusts it (TRUST_PROXY decides whether proxies count). */
  ip: string;
  /** Null only on public routes. */
  user: SessionUser | null;
}

/**
 * One row of the authorization table: who may call the route, whether it needs a one-time code
 * (`otp-token` header), its rate tier and its argument schemas. The table drives registration,
 * the guards, the OpenAPI document and the generated authorization tests.
 */
export interface RouteSpec<B = unknown, Q = unknown, P = unknown, R extends z.ZodType = z.ZodType> {
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
  /**
   * The envelope's `data` on success: a schema of the wire contract (core `api/`). The OpenAPI
   * document shows it and the generated contract test parses every answer with it. A route with
   * `document` set answers outside the envelope and this is its body.
   */
  response: R;
  /** Set on the routes that answer a document of their own (not the envelope): its content type. */
  document?: 'application/json' | 'text/html' | 'text/csv';
  /**
   * Returns the envelope's `data`, typed by `response`; throw a CodedError to answer with an
   * envelope error. A handler that answers by itself (a status code for supervisors, a document)
   * returns the sent reply.
   */
  handler: (ctx: RouteContext<B, Q, P>) => Promise<z.input<R> | FastifyReply>;
}

/**
 * Declares a route with its argument types inferred from its schemas and its handler's result
 * checked against its response schema.
 */
export function defineRoute<B = undefined, Q = undefined, P = undefined, R extends z.ZodType = z.ZodType>(
  spec: RouteSpec<B, Q, P, R>,
): RouteSpec {
  return spec as unknown as RouteSpec;
}
