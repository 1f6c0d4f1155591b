import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { SIGNED_ROUTES } from './account-endpoints.js';
import { BinanceError, binanceError } from './binance-error.js';
import { type BinanceServerState, createExchangeState } from './exchange-state.js';
import { PUBLIC_ROUTES } from './market-endpoints.js';
import { verifySignedRequest } from './signing.js';
import { createStreamHub } from './stream-endpoints.js';
import type { BinanceServerOptions, Fault } from './types.js';
import { acceptWebSocket } from './websocket.js';

/** The websocket side of the test server (stream-endpoints.ts). */
export interface BinanceStreams {
  /** ws://127.0.0.1:port/stream/ws: ccxt's `urls.api.ws.spot` (ccxt appends the stream index). */
  url: string;
  /** Every stream name subscribed so far, in order. */
  readonly subscriptions: string[];
  /** Closes every open websocket connection. */
  drop(): void;
  /** While true, websocket upgrades are refused with HTTP 503 (a stream outage). */
  refuse(on: boolean): void;
}

/** A running test server: base `url` (http://127.0.0.1:port), its state, streams, and `close()`. */
export interface BinanceServer {
  url: string;
  port: number;
  state: BinanceServerState;
  streams: BinanceStreams;
  /**
   * Ends every open HTTP connection at once, as a network drop does: a request held by a `timeout`
   * fault (carried out or not) is never answered, its client sees the connection reset.
   */
  dropConnections(): void;
  close(): Promise<void>;
}

interface Incoming {
  method: string;
  path: string;
  rawQuery: string;
  rawBody: string;
  params: Record<string, string>;
  apiKeyHeader: string | undefined;
}

async function readIncoming(req: IncomingMessage): Promise<Incoming> {
  const chunks: Buffer[] = [];
  for await (const chunk of req) chunks.push(chunk as Buffer);
  const rawBody = Buffer.concat(chunks).toString('utf8');
  const url = new URL(req.url ?? '/', 'http://127.0.0.1');
  const rawQuery = url.search.startsWith('?') ? url.search.slice(1) : url.search;
  const params: Record<string, string> = {};
  for (const [k, v] of new URLSearchParams(rawQuery)) params[k] = v;
  for (const [k, v] of new URLSearchParams(rawBody)) params[k] = v;
  const header = req.headers['x-mbx-apikey'];
  return {
    method: req.method ?? 'GET',
    path: url.pathname,
    rawQuery,
    rawBody,
    params,
    apiKeyHeader: Array.isArray(header) ? header[0] : header,
  };
}

function send(
  res: ServerResponse,
  status: number,
  body: unknown,
  headers: Record<string, string> = {},
): void {
  res.writeHead(status, { 'content-type': 'application/json;charset=UTF-8', ...headers });
  res.end(JSON.stringify(body));
}

function sendError(res: ServerResponse, error: BinanceError): void {
  send(res, error.status, { code: error.code, msg: error.message }, error.headers);
}

/** The answer a fault replaces the real one with (serverError and timeout are handled apart). */
function faultError(fault: Fault, now: number): BinanceError | undefined {
  if (fault.kind === 'rateLimit') {
    const after = String(fault.retryAfter ?? 1);
    return new BinanceError(429, -1003, binanceError(-1003).message, { 'retry-after': after });
  }
  if (fault.kind === 'ipBan') {
    const after = fault.retryAfter ?? 60;
    const msg = `Way too many requests; IP banned until ${now + after * 1000}. Please use WebSocket Streams for live updates to avoid bans.`;
    return new BinanceError(418, -1003, msg, { 'retry-after': String(after) });
  }
  if (fault.kind === 'error') return binanceError(fault.code, fault.msg);
  return undefined;
}

/**
 * Starts a Binance-compatible spot REST server on 127.0.0.1 and a free port, for tests of the
 * ccxt adapter and the engine, with Binance's market streams on ws://…/stream/ws. Public and signed api/v3 endpoints, fault injection and a request
 * log are driven through `state`; each module documents its part.
 */
export async function startBinanceServer(options: BinanceServerOptions = {}): Promise<BinanceServer> {
  const state = createExchangeState(options);
  const secret = options.secret ?? 'test-secret';

  function execute(incoming: Incoming): { status: number; body: unknown } | BinanceError {
    const key = `${incoming.method} ${incoming.path}`;
    const signed = SIGNED_ROUTES[key];
    const open = incoming.method === 'GET' ? PUBLIC_ROUTES[incoming.path] : undefined;
    try {
      if (signed) {
        verifySignedRequest({ ...incoming, apiKey: state.apiKey, secret, now: state.now() });
        return { status: 200, body: signed(state, incoming.params) };
      }
      if (open) return { status: 200, body: open(state, incoming.params) };
      return binanceError(-1000, `Unknown endpoint ${key}.`, 404);
    } catch (error) {
      if (error instanceof BinanceError) return error;
      return binanceError(-1000, String(error), 500);
    }
  }

  async function handle(req: IncomingMessage, res: ServerResponse): Promise<void> {
    const incoming = await readIncoming(req);
    const { signature: _omitted, ...params } = incoming.params;
    const fault = state.takeFault(incoming.path, incoming.method);
    const signed = SIGNED_ROUTES[`${incoming.method} ${incoming.path}`] !== undefined;
    state.requests.push({
      method: incoming.method,
      path: incoming.path,
      params,
      signed,
      fault: fault?.kind ?? null,
    });
    if (fault?.kind === 'serverError' || fault?.kind === 'timeout') {
      if (fault.execute) execute(incoming);
      // A timeout never answers: the socket stays open until the client aborts or close().
      if (fault.kind === 'serverError') {
        send(res, fault.status ?? 503, { code: -1000, msg: binanceError(-1000).message });
      }
      return;
    }
    const injected = fault === undefined ? undefined : faultError(fault, state.now());
    if (injected) return sendError(res, injected);
    const outcome = execute(incoming);
    if (outcome instanceof BinanceError) return sendError(res, outcome);
    send(res, outcome.status, outcome.body);
  }

  const server = createServer((req, res) => {
    handle(req, res).catch((error: unknown) => sendError(res, binanceError(-1000, String(error), 500)));
  });
  const hub = createStreamHub(state);
  let refusing = false;
  server.on('upgrade', (req, socket) => {
    const onPath = new URL(req.url ?? '/', 'http://127.0.0.1').pathname.startsWith('/stream/ws');
    const peer = acceptWebSocket(
      req,
      socket,
      (from, text) => hub.onText(from, text),
      (from) => hub.detach(from),
      refusing ? 503 : onPath ? undefined : 404,
    );
    if (peer) hub.attach(peer);
  });
  await new Promise<void>((resolve) => server.listen(options.port ?? 0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}`,
    port,
    state,
    streams: {
      url: `ws://127.0.0.1:${port}/stream/ws`,
      subscriptions: hub.subscriptions,
      drop: () => hub.dropAll(),
      refuse(on) {
        refusing = on;
        if (on) hub.dropAll();
      },
    },
    dropConnections: () => server.closeAllConnections(),
    close: () =>
      new Promise<void>((resolve, reject) => {
        hub.dropAll();
        server.closeAllConnections();
        server.close((error) => (error ? reject(error) : resolve()));
      }),
  };
}
