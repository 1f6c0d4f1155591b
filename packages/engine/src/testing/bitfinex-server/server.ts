import {
  btcMarket,
  createKitState,
  type KitMarket,
  type StandInOptions,
  type StandInServer,
  startStandIn,
} from '../exchange-kit/index.js';
import { rateLimited, unavailable } from './bitfinex-error.js';
import { marketRoutes } from './market-endpoints.js';
import { type BitfinexCredentials, createBitfinexVerifier } from './signing.js';
import { tradeRoutes } from './trade-endpoints.js';

/** Defaults: 10000 USD, 10000 USDT, 0 BTC; tBTCUSD and tBTCUST (minimum 0.00004 BTC; fees 0.2 % taker, 0.1 % maker). */
export interface BitfinexServerOptions extends StandInOptions, Partial<BitfinexCredentials> {}

/** `url` is ccxt's `urls.api.public` and `urls.api.private`. */
export type BitfinexServer = StandInServer<BitfinexCredentials>;

const bitfinexMarket = (quote: string): KitMarket =>
  // Prices are 5 significant digits on Bitfinex (not a fixed tick): no tick is checked here.
  btcMarket(quote, { minAmount: '0.00004', priceStep: '0.00000001', takerFee: '0.002', makerFee: '0.001' });

/**
 * Starts a Bitfinex v2 REST stand-in written from Bitfinex's API documentation: public conf,
 * ticker, book and candles; authenticated wallets, submit order (with cid), active orders (by
 * id, or cid + cid_date), order history, trades, order trades and cancel (by id or cid +
 * cid_date), each signed as "Authenticated Endpoints" describes (signing.ts). Fees are taken in
 * the asset received.
 */
export async function startBitfinexServer(options: BitfinexServerOptions = {}): Promise<BitfinexServer> {
  let orderId = 120_000_000_000;
  const state = createKitState({
    markets: options.markets ?? [bitfinexMarket('USD'), bitfinexMarket('USDT')],
    balances: options.balances ?? { USD: '10000', USDT: '10000', BTC: '0' },
    feePolicy: 'received',
    now: options.now,
    permissions: options.permissions,
    nextOrderId: () => String(++orderId),
  });
  const credentials: BitfinexCredentials = {
    apiKey: options.apiKey ?? 'bfx-test-key',
    secret: options.secret ?? 'bfx-test-secret',
  };
  const verify = createBitfinexVerifier(credentials);
  const running = await startStandIn(
    {
      routes: [...marketRoutes(state), ...tradeRoutes(state)],
      faults: state.faults,
      log: state.requests,
      authenticate: verify,
      faultAnswer: (fault) =>
        fault.kind === 'rateLimit'
          ? rateLimited(fault.variant)
          : unavailable(fault.status ?? 503, fault.variant),
      notFound: () => ({ status: 404, body: ['error', 10020, 'endpoint: not found'] }),
      internalError: (error) => ({ status: 500, body: ['error', 10000, `unknown error: ${String(error)}`] }),
    },
    options.port,
  );
  return { ...running, state, credentials };
}
