import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { PRIVATE_ROUTES, PUBLIC_ROUTES } from './endpoints.js';
import { createKrakenState, type KrakenServerState } from './exchange-state.js';
import { KrakenError } from './kraken-error.js';
import { verifyKrakenRequest } from './signing.js';
import type { KrakenFault, KrakenServerOptions } from './types.js';

/** A running stand-in: base `url` (the adapter's EXCHANGE_API_URL), its state and `close()`. */
export interface KrakenServer {
  url: string;
  port: number;
  state: KrakenServerState;
  /**
   * Ends every open connection at once, as a network drop does: a request held by a `timeout`
   * fault (carried out or not) is never answered, its client sees the connection reset.
   */
  dropConnections(): void;
  close(): Promise<void>;
}

const header = (req: IncomingMessage, name: string) => {
  const value = req.headers[name];
  return Array.isArray(value) ? value[0] : value;
};

function send(res: ServerResponse, status: number, body: unknown): void {
  res.writeHead(status, { 'content-type': 'application/json; charset=utf-8' });
  res.end(JSON.stringify(body));
}

/** The error a fault answers with (serverError, timeout and partialFill are handled apart). */
function faultMessage(fault: KrakenFault | undefined): string | undefined {
  if (fault?.kind === 'rateLimit') return 'EAPI:Rate limit exceeded';
  if (fault?.kind === 'invalidNonce') return 'EAPI:Invalid nonce';
  if (fault?.kind === 'error') return fault.message;
  return undefined;
}

/**
 * Starts a Kraken-compatible spot REST stand-in on 127.0.0.1 and a free port, written from Kraken's
 * public REST documentation: GET /0/public/<endpoint> (query parameters) and POST
 * /0/private/<endpoint> (form-encoded body with `nonce`, headers API-Key and API-Sign, verified
 * as signing.ts says; nonces must strictly increase). Answers are `{"error": [], "result": …}`,
 * failures `{"error": ["EAPI:…"]}` with HTTP 200 as Kraken does. Faults are queued per endpoint
 * through `state.inject` (types.ts); every request is logged in `state.requests`.
 */
export async function startKrakenServer(options: KrakenServerOptions = {}): Promise<KrakenServer> {
  const state = createKrakenState(options);

  async function handle(req: IncomingMessage, res: ServerResponse): Promise<void> {
    const chunks: Buffer[] = [];
    for await (const chunk of req) chunks.push(chunk as Buffer);
    const body = Buffer.concat(chunks).toString('utf8');
    const url = new URL(req.url ?? '/', 'http://127.0.0.1');
    const match = /^\/0\/(public|private)\/([A-Za-z]+)$/.exec(url.pathname);
    const kind = match?.[1];
    const endpoint = match?.[2] ?? '';
    const route = kind === 'private' ? PRIVATE_ROUTES[endpoint] : PUBLIC_ROUTES[endpoint];
    const params: Record<string, string> = {};
    for (const [k, v] of url.searchParams) params[k] = v;
    if (kind === 'private') for (const [k, v] of new URLSearchParams(body)) params[k] = v;
    const { nonce: _nonce, ...logged } = params;
    const fault = route ? state.takeFault(endpoint) : undefined;
    const record = {
      method: req.method ?? 'GET',
      path: url.pathname,
      params: logged,
      signed: kind === 'private',
      fault: fault?.kind ?? null,
      error: null as string | null,
    };
    state.requests.push(record);
    const fail = (error: KrakenError) => {
      record.error = error.message;
      send(res, error.status, { error: [error.message] });
    };
    if (
      !route ||
      (kind === 'private') !== (req.method === 'POST') ||
      (kind === 'public' && req.method !== 'GET')
    ) {
      return fail(new KrakenError('EGeneral:Unknown method', 404));
    }
    const execute = () => {
      if (kind === 'private') {
        state.lastNonce = verifyKrakenRequest(
          {
            path: url.pathname,
            body,
            apiKeyHeader: header(req, 'api-key'),
            signHeader: header(req, 'api-sign'),
          },
          state,
        );
      }
      return route(state, params, { partial: fault?.kind === 'partialFill' });
    };
    try {
      if (fault?.kind === 'serverError' || fault?.kind === 'timeout') {
        if (fault.execute) execute();
        // A timeout never answers: the socket stays open until the client aborts or close().
        if (fault.kind === 'serverError') send(res, fault.status ?? 503, { error: ['EService:Unavailable'] });
        return;
      }
      const injected = faultMessage(fault);
      if (injected) return fail(new KrakenError(injected));
      send(res, 200, { error: [], result: execute() });
    } catch (error) {
      fail(error instanceof KrakenError ? error : new KrakenError('EGeneral:Internal error', 500));
    }
  }

  const server = createServer((req, res) => {
    handle(req, res).catch(() => send(res, 500, { error: ['EGeneral:Internal error'] }));
  });
  await new Promise<void>((resolve) => server.listen(options.port ?? 0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}`,
    port,
    state,
    dropConnections: () => server.closeAllConnections(),
    close: () =>
      new Promise<void>((resolve, reject) => {
        server.closeAllConnections();
        server.close((error) => (error ? reject(error) : resolve()));
      }),
  };
}
