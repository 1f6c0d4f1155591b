import { generateKeyPairSync, randomUUID } from 'node:crypto';
import {
  btcMarket,
  createKitState,
  type KitMarket,
  type StandInOptions,
  type StandInServer,
  startStandIn,
} from '../exchange-kit/index.js';
import { RATE_LIMITED, UNAVAILABLE } from './coinbase-error.js';
import { createJwtVerifier } from './jwt.js';
import { marketRoutes } from './market-endpoints.js';
import { type DuplicateClientIds, tradeRoutes } from './trade-endpoints.js';

/** Defaults: 10000 USD, 10000 USDC, 0 BTC; BTC-USD and BTC-USDC (base 1e-8, quote 0.01, minimum 1; fees 0.6 %/0.4 %). */
export interface CoinbaseServerOptions extends StandInOptions {
  /**
   * The API key: its name and EC public key (PEM). Without it the server makes a P-256 key pair
   * and hands the private key to the test in `credentials`.
   */
  key?: { name: string; publicKeyPem: string };
  /** A repeated client_order_id: the existing order as Coinbase answers (default), or placed again. */
  duplicateClientIds?: DuplicateClientIds;
}

/** `url` is ccxt's `urls.api.rest`; credentials: the key name, and the private key when the server made the pair. */
export type CoinbaseServer = StandInServer<{ keyName: string; privateKeyPem?: string }>;

const coinbaseMarket = (quote: string): KitMarket =>
  btcMarket(quote, {
    minAmount: '0.00000001',
    priceStep: '0.01',
    minCost: '1',
    takerFee: '0.006',
    makerFee: '0.004',
  });

/**
 * Starts a Coinbase Advanced Trade stand-in written from Coinbase's API reference: public
 * products, ticker, product book and candles (and the v2 currency/rate lists ccxt loads with
 * them); private accounts (v3 and v2), transaction summary, create order with client_order_id,
 * get order, list orders, list fills and batch cancel, each authenticated by an ES256 JWT
 * (jwt.ts). Fees are charged in the quote currency.
 */
export async function startCoinbaseServer(options: CoinbaseServerOptions = {}): Promise<CoinbaseServer> {
  let credentials: CoinbaseServer['credentials'];
  let key = options.key;
  if (key) credentials = { keyName: key.name };
  else {
    const pair = generateKeyPairSync('ec', {
      namedCurve: 'prime256v1',
      publicKeyEncoding: { type: 'spki', format: 'pem' },
      privateKeyEncoding: { type: 'sec1', format: 'pem' },
    });
    const name = `organizations/${randomUUID()}/apiKeys/${randomUUID()}`;
    key = { name, publicKeyPem: pair.publicKey };
    credentials = { keyName: name, privateKeyPem: pair.privateKey };
  }
  const state = createKitState({
    markets: options.markets ?? [coinbaseMarket('USD'), coinbaseMarket('USDC')],
    balances: options.balances ?? { USD: '10000', USDC: '10000', BTC: '0' },
    feePolicy: 'quote',
    now: options.now,
    permissions: options.permissions,
    nextOrderId: () => randomUUID(),
  });
  const verifyJwt = createJwtVerifier(key);
  const running = await startStandIn(
    {
      routes: [...marketRoutes(state), ...tradeRoutes(state, options.duplicateClientIds)],
      faults: state.faults,
      log: state.requests,
      authenticate: (request) => verifyJwt(request, state.clock.now()),
      faultAnswer: (fault) => (fault.kind === 'rateLimit' ? RATE_LIMITED : UNAVAILABLE(fault.status ?? 503)),
      notFound: () => ({
        status: 404,
        body: { error: 'NOT_FOUND', error_details: '', message: 'Not Found' },
      }),
      internalError: (error) => ({
        status: 500,
        body: { error: 'INTERNAL', error_details: String(error), message: 'internal error' },
      }),
    },
    options.port,
  );
  return { ...running, state, credentials };
}
