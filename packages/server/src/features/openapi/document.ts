import type { RouteSpec } from '../../http/route-spec.js';
import { describeRoute, type JsonSchema, type RouteDescription } from './route-description.js';

export interface ApiInfo {
  title: string;
  version: string;
}

const ENVELOPE_SCHEMA = {
  type: 'object',
  description:
    'Every handled answer, success or not, is HTTP 200 with this envelope. On failure `error` ends ' +
    'with the numeric code in braces, e.g. "The access token is invalid or has expired{(4252)}".',
  properties: {
    success: { type: 'boolean' },
    data: { description: "The route's result; null on failure" },
    error: { type: ['string', 'null'], description: 'null on success' },
  },
  required: ['success', 'data', 'error'],
} as const;

const API_DESCRIPTION = [
  "Generated from the server's route table. Each operation carries its access rules as custom fields:",
  '`x-authority` (0 = public; 1–5 = the least authority of the signed-in user, higher includes lower,',
  '5 is root), `x-otp` (true when the `otp-token` header must carry a current one-time code) and',
  '`x-rate-tier` with `x-rate-limit` (requests per IP per 15 minutes; over it the answer is HTTP 429',
  'with code 6003). Guards run in this order, all before the body is read except the last: service',
  'ready (6002) → IP valid (4000) → IP not blacklisted (4001) → rate limit (6003) → bearer token',
  "(4252) → authority (4002) → one-time code (4003, 4004) → arguments (6503). Each operation's 200",
  'answer documents the envelope with its `data` on success (the wire contract of @balancer/core).',
  'The error codes are listed in docs/errors.md.',
].join(' ');

/** The envelope with this route's `data`: its response schema on success, null on failure. */
function envelopeOf(data: JsonSchema): JsonSchema {
  return {
    allOf: [
      { $ref: '#/components/schemas/Envelope' },
      { properties: { data: data.type === 'null' ? data : { anyOf: [data, { type: 'null' }] } } },
    ],
  };
}

function operation(route: RouteDescription): Record<string, unknown> {
  return {
    operationId: `${route.method.toLowerCase()}${route.path.replace(/[^A-Za-z0-9]+(.)?/g, (_m, c: string | undefined) => (c ?? '').toUpperCase())}`,
    summary: route.summary,
    description: route.access,
    tags: [route.tag],
    ...(route.parameters.length > 0 ? { parameters: route.parameters } : {}),
    ...(route.body
      ? { requestBody: { required: true, content: { 'application/json': { schema: route.body } } } }
      : {}),
    security: route.authority > 0 ? [{ bearerAuth: [] }] : [],
    responses: {
      '200': route.document
        ? {
            description: 'The document itself, not wrapped in the envelope',
            content: { [route.document]: { schema: route.response } },
          }
        : {
            description: 'The envelope: `data` on success, `error` ("message{(code)}") on failure',
            content: { 'application/json': { schema: envelopeOf(route.response) } },
          },
      '429': {
        description: `Over the rate limit (${route.requestsPer15Min} requests per IP per 15 minutes): code 6003`,
        content: { 'application/json': { schema: { $ref: '#/components/schemas/Envelope' } } },
      },
    },
    'x-authority': route.authority,
    'x-otp': route.otp,
    'x-rate-tier': route.rateTier,
    'x-rate-limit': route.requestsPer15Min,
  };
}

/** An OpenAPI 3.1 document of every route of the table, in table order. */
export function buildOpenApiDocument(routes: readonly RouteSpec[], info: ApiInfo): Record<string, unknown> {
  const paths: Record<string, Record<string, unknown>> = {};
  const tags: string[] = [];
  for (const route of routes.map(describeRoute)) {
    const item = paths[route.path] ?? {};
    item[route.method.toLowerCase()] = operation(route);
    paths[route.path] = item;
    if (!tags.includes(route.tag)) tags.push(route.tag);
  }
  return {
    openapi: '3.1.0',
    info: { title: info.title, version: info.version, description: API_DESCRIPTION },
    tags: tags.map((name) => ({ name })),
    paths,
    components: {
      schemas: { Envelope: ENVELOPE_SCHEMA },
      securitySchemes: {
        bearerAuth: {
          type: 'http',
          scheme: 'bearer',
          bearerFormat: 'JWT',
          description: 'The 15-minute access token from POST /auth/jwt/sign-in or GET /auth/jwt/refresh-jwt',
        },
      },
    },
  };
}
