import { createServer, type IncomingHttpHeaders, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import type { FaultQueue } from './faults.js';
import type { KitFault, KitRequestRecord } from './types.js';

/** A request as a stand-in's handlers see it. */
export interface KitRequest {
  method: string;
  /** The path without the query. */
  path: string;
  /** The query exactly as sent (without '?'), for signatures over it. */
  rawQuery: string;
  query: Record<string, string>;
  /** The body exactly as sent, for signatures over it; `body` is its JSON, or undefined. */
  rawBody: string;
  body: unknown;
  headers: IncomingHttpHeaders;
  /** Values of the route's `:name` segments. */
  params: Record<string, string>;
  /** The partial-fill fault queued for this request, if any. */
  partialFill?: string;
}

export interface KitResponse {
  status: number;
  body: unknown;
  headers?: Record<string, string>;
  /** A plain-text answer instead of JSON (some exchanges answer 401 or 5xx that way). */
  text?: string;
}

/** Thrown by handlers and authentication: answered as it is (the exchange's own error shape). */
export class KitHttpError extends Error {
  /** `reason`: why, for the request log (e.g. why a JWT was refused, which the client is not told). */
  constructor(
    readonly response: KitResponse,
    readonly reason?: string,
  ) {
    super(reason ?? `HTTP ${response.status}`);
  }
}

export interface KitRoute {
  method: string;
  /** Path with `:name` segments, e.g. '/api/v3/brokerage/orders/historical/:orderId'. */
  pattern: string;
  private: boolean;
  /** Returns the 200 body. */
  handler: (request: KitRequest) => unknown;
}

/** A route anyone may call (market data). */
export const openRoute = (method: string, pattern: string, handler: KitRoute['handler']): KitRoute => ({
  method,
  pattern,
  private: false,
  handler,
});

/** A route that authenticates the request first (account and trading). */
export const signedRoute = (method: string, pattern: string, handler: KitRoute['handler']): KitRoute => ({
  method,
  pattern,
  private: true,
  handler,
});

/** What an exchange stand-in plugs into the shared HTTP layer. */
export interface StandInSpec {
  routes: KitRoute[];
  faults: FaultQueue;
  log: KitRequestRecord[];
  /** Verifies a private request's credentials; throws KitHttpError with the exchange's answer. */
  authenticate(request: KitRequest): void;
  /** The exchange's answer to an injected 5xx or rate limit. */
  faultAnswer(fault: Extract<KitFault, { kind: 'serverError' | 'rateLimit' }>): KitResponse;
  /** The exchange's answer to an unknown route and to an unexpected error. */
  notFound(request: KitRequest): KitResponse;
  internalError(error: unknown): KitResponse;
}

/** How many requests the log keeps (oldest dropped first). */
export const MAX_LOGGED = 10_000;

export interface RunningStandIn {
  url: string;
  port: number;
  close(): Promise<void>;
}

function match(pattern: string, path: string): Record<string, string> | undefined {
  const want = pattern.split('/');
  const got = path.split('/');
  if (want.length !== got.length) return undefined;
  const params: Record<string, string> = {};
  for (let i = 0; i < want.length; i++) {
    const segment = want[i] as string;
    const value = got[i] as string;
    if (segment.startsWith(':')) params[segment.slice(1)] = decodeURIComponent(value);
    else if (segment !== value) return undefined;
  }
  return params;
}

async function readRequest(req: IncomingMessage): Promise<KitRequest> {
  const chunks: Buffer[] = [];
  for await (const chunk of req) chunks.push(chunk as Buffer);
  const rawBody = Buffer.concat(chunks).toString('utf8');
  const url = new URL(req.url ?? '/', 'http://127.0.0.1');
  const rawQuery = url.search.startsWith('?') ? url.search.slice(1) : '';
  let body: unknown;
  try {
    body = rawBody === '' ? undefined : JSON.parse(rawBody);
  } catch {
    body = undefined;
  }
  return {
    method: req.method ?? 'GET',
    path: url.pathname,
    rawQuery,
    query: Object.fromEntries(new URLSearchParams(rawQuery)),
    rawBody,
    body,
    headers: req.headers,
    params: {},
  };
}

/** Top-level fields of the query and the JSON body (an array body: its first element), as strings. */
function loggedParams(request: KitRequest): Record<string, string> {
  const params = { ...request.query };
  const body = Array.isArray(request.body) ? request.body[0] : request.body;
  if (typeof body === 'object' && body !== null) {
    for (const [key, value] of Object.entries(body))
      params[key] = typeof value === 'string' ? value : JSON.stringify(value);
  }
  return params;
}

function send(res: ServerResponse, response: KitResponse): void {
  const type = response.text === undefined ? 'application/json' : 'text/plain';
  res.writeHead(response.status, { 'content-type': type, ...response.headers });
  res.end(response.text ?? JSON.stringify(response.body));
}

/**
 * Starts a stand-in on 127.0.0.1 and a free port. Each request: route lookup, the fault queue
 * (a fault is taken before authentication, so it is spent even on a refused request), then
 * authentication of private routes, then the handler. Every request is logged without secrets.
 */
export async function startStandIn(spec: StandInSpec, listenPort = 0): Promise<RunningStandIn> {
  function execute(route: KitRoute, request: KitRequest, record: KitRequestRecord): KitResponse {
    try {
      if (route.private) spec.authenticate(request);
      return { status: 200, body: route.handler(request) };
    } catch (error) {
      if (!(error instanceof KitHttpError)) return spec.internalError(error);
      if (error.response.status >= 400) record.refused = error.reason ?? String(error.response.status);
      return error.response;
    }
  }

  async function handle(req: IncomingMessage, res: ServerResponse): Promise<void> {
    const request = await readRequest(req);
    let route: KitRoute | undefined;
    for (const candidate of spec.routes) {
      const params = candidate.method === request.method ? match(candidate.pattern, request.path) : undefined;
      if (params) {
        route = candidate;
        request.params = params;
        break;
      }
    }
    const fault = route ? spec.faults.take(request.method, request.path) : undefined;
    const record: KitRequestRecord = {
      method: request.method,
      path: request.path,
      params: loggedParams(request),
      private: route?.private ?? false,
      fault: fault?.kind ?? null,
    };
    spec.log.push(record);
    // Retention: the newest MAX_LOGGED requests (a stand-in run as a process keeps running).
    if (spec.log.length > MAX_LOGGED) spec.log.splice(0, spec.log.length - MAX_LOGGED);
    if (!route) return send(res, spec.notFound(request));
    if (fault?.kind === 'partialFill') request.partialFill = fault.fraction;
    if (fault?.kind === 'timeout' || fault?.kind === 'serverError') {
      if (fault.execute) execute(route, request, record);
      // A timeout never answers: the socket stays open until the client aborts or close().
      if (fault.kind === 'serverError') send(res, spec.faultAnswer(fault));
      return;
    }
    if (fault?.kind === 'rateLimit') return send(res, spec.faultAnswer(fault));
    send(res, execute(route, request, record));
  }

  const server = createServer((req, res) => {
    handle(req, res).catch((error: unknown) => send(res, spec.internalError(error)));
  });
  await new Promise<void>((resolve) => server.listen(listenPort, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}`,
    port,
    close: () =>
      new Promise<void>((resolve, reject) => {
        server.closeAllConnections();
        server.close((error) => (error ? reject(error) : resolve()));
      }),
  };
}
