import { createCcxtExchange } from '../../adapters/ccxt/ccxt-exchange.js';
import type { ExchangePort } from '../../ports/exchange.js';
import { type BinanceServer, startBinanceServer } from '../../testing/binance-server/index.js';
import { type BitfinexServer, startBitfinexServer } from '../../testing/bitfinex-server/index.js';
import { type CoinbaseServer, startCoinbaseServer } from '../../testing/coinbase-server/index.js';
import { flatCandles } from '../../testing/exchange-kit/fixtures.js';
import type { KitState } from '../../testing/exchange-kit/index.js';
import { kitLedger } from '../../testing/kit-ledger.js';
import { type KrakenServer, krakenLedger, startKrakenServer } from '../../testing/kraken-server/index.js';
import { type OkxServer, startOkxServer } from '../../testing/okx-server/index.js';

/**
 * The exchanges the engine's ccxt suites run against, each through the ccxt adapter on its local
 * stand-in (which checks the exchange's own signatures): the same test, per exchange. A fault is
 * named once here and set up in each stand-in's own terms.
 */
export type VenueFault =
  | { kind: 'serverError'; status?: number; execute?: boolean }
  | { kind: 'timeout'; execute?: boolean }
  | { kind: 'rateLimit' }
  | { kind: 'insufficientFunds' };

export interface VenueTrade {
  id: string;
  side: 'BUY' | 'SELL';
  amount: string;
  commission: string;
  /** Whether the stand-in charged the commission in the base asset (BTC). */
  commissionInBase: boolean;
}

export interface TestVenue {
  id: 'binance' | 'kraken' | 'okx' | 'bitfinex' | 'coinbase';
  exchange: ExchangePort;
  /** The orders the stand-in holds: one per placement. */
  orders(): Array<{ clientOrderId: string; side: 'BUY' | 'SELL' }>;
  trades(): VenueTrade[];
  /** Requests that placed an order (reached the exchange's place-order endpoint). */
  placements(): number;
  injectOnPlace(fault: VenueFault): void;
  /** Fails the next `count` order look-ups by client id (5xx). */
  failLookups(count: number): void;
  /** Fails the next `count` candle requests (5xx). */
  failCandles(count: number): void;
  close(): Promise<void>;
}

const MINUTE = 60_000;
const PRICE = '30000';

async function binance(): Promise<TestVenue & { server: BinanceServer }> {
  const server = await startBinanceServer({ duplicateClientOrderIds: 'allow' });
  server.state.setCandles('BTCUSDT', '1m', flatCandles(PRICE, MINUTE, 130));
  const exchange = await createCcxtExchange({
    exchangeId: 'binance',
    apiKey: 'test-api-key',
    secret: 'test-secret',
    quote: 'USDT',
    apiUrl: `${server.url}/api/v3`,
    timeoutMs: 1_000,
    // The stand-in has no limits but the injected ones (ccxt's Binance throttle: 50 ms a weight).
    rateLimitMs: 20,
  });
  const place = 'POST /api/v3/order';
  return {
    id: 'binance',
    server,
    exchange,
    orders: () => server.state.orders,
    trades: () =>
      server.state.trades.map((t) => ({
        id: String(t.id),
        side: t.isBuyer ? 'BUY' : 'SELL',
        amount: t.qty,
        commission: t.commission,
        commissionInBase: t.commissionAsset === 'BTC',
      })),
    placements: () =>
      server.state.requests.filter((r) => r.method === 'POST' && r.path === '/api/v3/order').length,
    injectOnPlace(fault) {
      if (fault.kind === 'insufficientFunds') server.state.inject(place, { kind: 'error', code: -2010 });
      else if (fault.kind === 'rateLimit') server.state.inject(place, { kind: 'rateLimit', retryAfter: 2 });
      else server.state.inject(place, fault);
    },
    failLookups(count) {
      for (let i = 0; i < count; i++) server.state.inject('GET /api/v3/order', { kind: 'serverError' });
    },
    failCandles(count) {
      for (let i = 0; i < count; i++) server.state.inject('/api/v3/klines', { kind: 'serverError' });
    },
    close: async () => {
      await exchange.close();
      await server.close();
    },
  };
}

async function kraken(): Promise<TestVenue & { server: KrakenServer }> {
  const server = await startKrakenServer({ balances: { USD: '10000', BTC: '0' } });
  server.state.setCandles('XXBTZUSD', 1, flatCandles(PRICE, MINUTE, 130));
  const exchange = await createCcxtExchange({
    exchangeId: 'kraken',
    apiKey: server.state.apiKey,
    secret: server.state.secret,
    quote: 'USD',
    apiUrl: server.url,
    timeoutMs: 1_000,
    // The stand-in has no limits but the injected ones (Kraken's own: 1 s a cost unit).
    rateLimitMs: 20,
  });
  return {
    id: 'kraken',
    server,
    exchange,
    ...krakenLedger(server.state),
    placements: () => server.state.requests.filter((r) => r.path === '/0/private/AddOrder').length,
    injectOnPlace(fault) {
      if (fault.kind === 'insufficientFunds') {
        server.state.inject('AddOrder', { kind: 'error', message: 'EOrder:Insufficient funds' });
      } else server.state.inject('AddOrder', fault);
    },
    failLookups(count) {
      // The adapter looks a client id up with OpenOrders (then ClosedOrders).
      for (let i = 0; i < count; i++) server.state.inject('OpenOrders', { kind: 'serverError' });
    },
    failCandles(count) {
      for (let i = 0; i < count; i++) server.state.inject('OHLC', { kind: 'serverError' });
    },
    close: async () => {
      await exchange.close();
      await server.close();
    },
  };
}

/**
 * Runs `run` as the next request to `path` reaches an exchange-kit stand-in, before its handler
 * (the request log is written first): an account change the adapter cannot have read beforehand.
 */
export function beforeNextRequest(state: KitState, path: string, run: () => void): void {
  const log = state.requests;
  const push = log.push.bind(log);
  log.push = (...records) => {
    if (records.some((r) => r.path === path)) {
      log.push = push;
      run();
    }
    return push(...records);
  };
}

async function okx(): Promise<TestVenue & { server: OkxServer }> {
  const server = await startOkxServer({ balances: { USDT: '10000', BTC: '0' }, duplicateClientIds: 'allow' });
  server.state.account.setCandles('BTC/USDT', '1m', flatCandles(PRICE, MINUTE, 130));
  const exchange = await createCcxtExchange({
    exchangeId: 'okx',
    apiKey: server.credentials.apiKey,
    secret: server.credentials.secret,
    passphrase: server.credentials.passphrase,
    quote: 'USDT',
    apiUrl: server.url,
    timeoutMs: 1_000,
    rateLimitMs: 20,
  });
  // ccxt places an OKX order through the batch endpoint.
  const place = 'POST /api/v5/trade/batch-orders';
  return {
    id: 'okx',
    server,
    exchange,
    ...kitLedger(server.state),
    placements: () => server.state.requests.filter((r) => r.path === '/api/v5/trade/batch-orders').length,
    injectOnPlace(fault) {
      // OKX answers 51008 when the balance is short as the order arrives.
      if (fault.kind === 'insufficientFunds') {
        beforeNextRequest(server.state, '/api/v5/trade/batch-orders', () =>
          server.state.account.setBalance('USDT', '0'),
        );
      } else server.state.inject(place, fault);
    },
    failLookups(count) {
      for (let i = 0; i < count; i++) server.state.inject('GET /api/v5/trade/order', { kind: 'serverError' });
    },
    failCandles(count) {
      for (let i = 0; i < count; i++) server.state.inject('/api/v5/market/candles', { kind: 'serverError' });
    },
    close: async () => {
      await exchange.close();
      await server.close();
    },
  };
}

async function bitfinex(): Promise<TestVenue & { server: BitfinexServer }> {
  const server = await startBitfinexServer({ balances: { USD: '10000', BTC: '0' } });
  server.state.account.setCandles('BTC/USD', '1m', flatCandles(PRICE, MINUTE, 130));
  const exchange = await createCcxtExchange({
    exchangeId: 'bitfinex',
    apiKey: server.credentials.apiKey,
    secret: server.credentials.secret,
    quote: 'USD',
    apiUrl: server.url,
    timeoutMs: 1_000,
    rateLimitMs: 20,
  });
  const place = 'POST /v2/auth/w/order/submit';
  return {
    id: 'bitfinex',
    server,
    exchange,
    ...kitLedger(server.state),
    placements: () => server.state.requests.filter((r) => r.path === '/v2/auth/w/order/submit').length,
    injectOnPlace(fault) {
      if (fault.kind === 'insufficientFunds') {
        beforeNextRequest(server.state, '/v2/auth/w/order/submit', () =>
          server.state.account.setBalance('USD', '0'),
        );
      } else server.state.inject(place, fault);
    },
    failLookups(count) {
      // The adapter reads the open orders first (Bitfinex has no look-up by client id).
      for (let i = 0; i < count; i++)
        server.state.inject('POST /v2/auth/r/orders/tBTCUSD', { kind: 'serverError' });
    },
    failCandles(count) {
      for (let i = 0; i < count; i++)
        server.state.inject('/v2/candles/trade:1m:tBTCUSD/hist', { kind: 'serverError' });
    },
    close: async () => {
      await exchange.close();
      await server.close();
    },
  };
}

async function coinbase(): Promise<TestVenue & { server: CoinbaseServer }> {
  const server = await startCoinbaseServer({ balances: { USD: '10000', BTC: '0' } });
  server.state.account.setCandles('BTC/USD', '1m', flatCandles(PRICE, MINUTE, 130));
  const exchange = await createCcxtExchange({
    exchangeId: 'coinbase',
    apiKey: server.credentials.keyName,
    secret: server.credentials.privateKeyPem ?? '',
    quote: 'USD',
    apiUrl: server.url,
    timeoutMs: 1_000,
    rateLimitMs: 20,
  });
  const placePath = '/api/v3/brokerage/orders';
  return {
    id: 'coinbase',
    server,
    exchange,
    ...kitLedger(server.state),
    placements: () => server.state.requests.filter((r) => r.method === 'POST' && r.path === placePath).length,
    injectOnPlace(fault) {
      if (fault.kind === 'insufficientFunds') {
        beforeNextRequest(server.state, placePath, () => server.state.account.setBalance('USD', '0'));
      } else server.state.inject(`POST ${placePath}`, fault);
    },
    failLookups(count) {
      // No look-up by client id on Coinbase: the adapter lists the orders (open, then the window's).
      for (let i = 0; i < count; i++) {
        server.state.inject('GET /api/v3/brokerage/orders/historical/batch', { kind: 'serverError' });
      }
    },
    failCandles(count) {
      for (let i = 0; i < count; i++) {
        server.state.inject('/api/v3/brokerage/market/products/BTC-USD/candles', { kind: 'serverError' });
      }
    },
    close: async () => {
      await exchange.close();
      await server.close();
    },
  };
}

/** Every exchange with live trading, by id. */
export const TEST_VENUES = { binance, kraken, okx, bitfinex, coinbase } as const;
