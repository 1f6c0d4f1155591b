import { z } from 'zod';
import { RATE_TIERS, type RouteSpec } from '../../http/route-spec.js';

/** A JSON Schema (draft 2020-12) as zod 4 writes it. */
export type JsonSchema = Record<string, unknown>;

/** One parameter of a route, in OpenAPI's terms. */
export interface ParameterDescription {
  name: string;
  in: 'path' | 'query' | 'header';
  required: boolean;
  description?: string;
  schema: JsonSchema;
}

/** Everything the OpenAPI document and the docs page say about one route of the table. */
export interface RouteDescription {
  method: string;
  /** OpenAPI path: fastify's `:id` written `{id}`. */
  path: string;
  summary: string;
  tag: string;
  authority: number;
  otp: boolean;
  rateTier: string;
  requestsPer15Min: number;
  /** Who may call it, the one-time code and the rate limit, in one sentence each. */
  access: string;
  parameters: ParameterDescription[];
  body: JsonSchema | undefined;
  /** The envelope's `data` on success (what the server sends: `io: 'output'`). */
  response: JsonSchema;
  /** Set when the route answers a document of its own instead of the envelope: its content type. */
  document: string | undefined;
}

/**
 * The JSON Schema of what a client sends (`io: 'input'`: a query integer is an integer, before
 * zod's preprocessing), or with `io: 'output'` of what the server answers. Transforms and
 * refinements that JSON Schema cannot say are left out.
 */
export function toJsonSchema(schema: z.ZodType, io: 'input' | 'output' = 'input'): JsonSchema {
  try {
    const { $schema: _dialect, ...rest } = z.toJSONSchema(schema, { io, unrepresentable: 'any' });
    return rest;
  } catch {
    return { description: 'not expressible in JSON Schema; see the validation error messages' };
  }
}

function objectParameters(
  schema: z.ZodType | undefined,
  location: 'path' | 'query',
): ParameterDescription[] | undefined {
  if (!schema) return undefined;
  const json = toJsonSchema(schema);
  const properties = (json.properties ?? {}) as Record<string, JsonSchema>;
  const required = new Set((json.required ?? []) as string[]);
  return Object.entries(properties).map(([name, property]) => ({
    name,
    in: location,
    required: location === 'path' || required.has(name),
    schema: property,
  }));
}

/** The access rules of a route as a reader needs them. */
export function describeAccess(route: RouteSpec): string {
  const who =
    route.authority === 0
      ? 'Public: no access token needed.'
      : `Needs a bearer access token of a user with authority ${route.authority} or higher${route.authority === 5 ? ' (root)' : ''}.`;
  const otp = route.otp ? ' Needs a current one-time code in the otp-token header.' : '';
  const limit = ` Rate tier "${route.rateTier}": ${RATE_TIERS[route.rateTier]} requests per IP per 15 minutes.`;
  return who + otp + limit;
}

export function describeRoute(route: RouteSpec): RouteDescription {
  const path = route.url.replace(/:([A-Za-z0-9_]+)/g, '{$1}');
  const namedInPath = [...route.url.matchAll(/:([A-Za-z0-9_]+)/g)].map((match) => match[1] ?? '');
  const pathParameters =
    objectParameters(route.schema?.params, 'path') ??
    namedInPath.map((name) => ({ name, in: 'path' as const, required: true, schema: { type: 'string' } }));
  const headers: ParameterDescription[] = route.otp
    ? [
        {
          name: 'otp-token',
          in: 'header',
          required: true,
          description: "The caller's current six-digit one-time code; a code is accepted once",
          schema: { type: 'string', pattern: '^[0-9]{6}$' },
        },
      ]
    : [];
  return {
    method: route.method,
    path,
    summary: route.summary,
    tag: route.tag,
    authority: route.authority,
    otp: route.otp,
    rateTier: route.rateTier,
    requestsPer15Min: RATE_TIERS[route.rateTier],
    access: describeAccess(route),
    parameters: [
      ...pathParameters,
      ...(objectParameters(route.schema?.querystring, 'query') ?? []),
      ...headers,
    ],
    body: route.schema?.body ? toJsonSchema(route.schema.body) : undefined,
    response: toJsonSchema(route.response, 'output'),
    document: route.document,
  };
}
