import type { ExchangePort } from '../../ports/exchange.js';
import { type BinanceServer, type Fault, startBinanceServer } from '../../testing/binance-server/index.js';
import { createCcxtExchange } from './ccxt-exchange.js';

/** Test helper: the local Binance-compatible server (real Binance's duplicate-id rule) and a ccxt adapter on it. */
export async function startPair(
  secret = 'test-secret',
  timeoutMs = 400,
): Promise<{ server: BinanceServer; exchange: ExchangePort; close(): Promise<void> }> {
  const server = await startBinanceServer({ duplicateClientOrderIds: 'allow' });
  const exchange = await createCcxtExchange({
    exchangeId: 'binance',
    apiKey: 'test-api-key',
    secret,
    quote: 'USDT',
    apiUrl: `${server.url}/api/v3`,
    timeoutMs,
  });
  return {
    server,
    exchange,
    close: async () => {
      await exchange.close();
      await server.close();
    },
  };
}

/** The POST /api/v3/order requests the server received. */
export const orderPosts = (server: BinanceServer) =>
  server.state.requests.filter((r) => r.method === 'POST' && r.path === '/api/v3/order');

/** Queues `fault` for the next POST that places an order (not the idempotency GET before it). */
export function injectOnOrderPost(server: BinanceServer, fault: Fault): void {
  // The adapter looks the client id up (GET /api/v3/order) before it places: aim at the POST.
  server.state.inject('POST /api/v3/order', fault);
}
