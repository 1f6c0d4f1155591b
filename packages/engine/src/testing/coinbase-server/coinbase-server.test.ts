import { generateKeyPairSync } from 'node:crypto';
import ccxt from 'ccxt';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { expectMarketData } from '../exchange-kit/market-data-check.js';
import { type CoinbaseServer, startCoinbaseServer } from './server.js';
import { coinbaseClient } from './test-client.js';

let server: CoinbaseServer;
beforeEach(async () => {
  server = await startCoinbaseServer({ port: 0 });
});
afterEach(() => server.close());

const createCalls = () =>
  server.state.requests.filter((r) => r.method === 'POST' && r.path === '/api/v3/brokerage/orders');
/** A market buy of `amount` BTC at ~30001: ccxt sends quote_size = amount × price. */
const buy = (clientOrderId: string, amount = 0.1) =>
  coinbaseClient(server).createOrder('BTC/USD', 'market', 'buy', amount, 30001, {
    client_order_id: clientOrderId,
  });

describe('Coinbase Advanced Trade stand-in with the real ccxt client', () => {
  it('loads markets and balances, buys at market with client_order_id, finds it by id, lists it and its fills', async () => {
    const cb = coinbaseClient(server);
    const markets = await cb.loadMarkets();
    expect([markets['BTC/USD']?.precision.price, markets['BTC/USD']?.limits.cost?.min]).toEqual([0.01, 1]);
    expect((await cb.fetchBalance()).USD?.free).toBe(10000);

    const placed = await cb.createOrder('BTC/USD', 'market', 'buy', 0.1, 30001, { client_order_id: 'bal-1' });
    expect(createCalls()[0]?.params.client_order_id).toBe('bal-1');
    const order = await cb.fetchOrder(String(placed.id), 'BTC/USD');
    // quote_size 3000.10 includes the 0.6 % fee: 3000.10 / 1.006 = 2982.2067594… buys
    // 2982.2067594 / 30001 = 0.0994035785… → 0.09940357 BTC (down to 1e-8), cost
    // 0.09940357 × 30001 = 2982.20650357, fee 0.6 % of it = 17.89323903 (rounded up).
    expect([order.clientOrderId, order.status, order.filled, order.fee?.currency]).toEqual([
      'bal-1',
      'closed',
      0.09940357,
      'USD',
    ]);
    expect(order.fee?.cost).toBeCloseTo(17.89323903, 8);
    const v3 = await cb.fetchBalance({ v3: true });
    // 10000 − 2982.20650357 − 17.89323903 = 6999.9002574 USD.
    expect([v3.USD?.free, v3.BTC?.free]).toEqual([6999.9002574, 0.09940357]);
    expect((await cb.fetchClosedOrders('BTC/USD')).map((o) => o.clientOrderId)).toEqual(['bal-1']);
    const trades = await cb.fetchMyTrades('BTC/USD');
    expect(trades.map((t) => [t.order, t.price, t.amount])).toEqual([[placed.id, 30001, 0.09940357]]);
  });

  it('rests a limit order, lists it open, cancels it; a reused client_order_id answers the first order', async () => {
    const cb = coinbaseClient(server);
    await cb.loadMarkets();
    const limit = await cb.createOrder('BTC/USD', 'limit', 'buy', 0.01, 29000, { client_order_id: 'rest-1' });
    expect((await cb.fetchOpenOrders('BTC/USD')).map((o) => o.id)).toEqual([limit.id]);
    const again = await cb.createOrder('BTC/USD', 'limit', 'buy', 0.01, 29000, { client_order_id: 'rest-1' });
    expect(again.id).toBe(limit.id);
    expect(server.state.account.orders).toHaveLength(1);
    await cb.cancelOrder(String(limit.id), 'BTC/USD');
    expect(await cb.fetchOpenOrders('BTC/USD')).toEqual([]);
    expect((await cb.fetchCanceledOrders('BTC/USD')).map((o) => o.status)).toEqual(['canceled']);
  });

  it('refuses more than the balance as InsufficientFunds', async () => {
    await expect(buy('big-1', 1)).rejects.toBeInstanceOf(ccxt.InsufficientFunds);
    expect(server.state.account.orders).toHaveLength(0);
  });

  it('refuses a JWT signed with another key, a replayed nonce, and one the server clock finds expired', async () => {
    const other = generateKeyPairSync('ec', {
      namedCurve: 'prime256v1',
      privateKeyEncoding: { type: 'sec1', format: 'pem' },
      publicKeyEncoding: { type: 'spki', format: 'pem' },
    });
    const intruder = coinbaseClient(server, { secret: other.privateKey });
    await expect(intruder.fetchBalance({ v3: true })).rejects.toBeInstanceOf(ccxt.AuthenticationError);

    // Replay: the same signed request sent twice (as a man in the middle would).
    const cb = coinbaseClient(server);
    await cb.loadMarkets();
    const seen: { url: string; headers: Record<string, string> }[] = [];
    const original = cb.fetch.bind(cb);
    cb.fetch = async (url, method, headers, body) => {
      seen.push({ url, headers: headers as Record<string, string> });
      return original(url, method, headers, body);
    };
    await cb.fetchBalance({ v3: true });
    const replay = await fetch(seen[0]?.url ?? '', { headers: seen[0]?.headers });
    expect(replay.status).toBe(401);

    server.state.clock.skew(121_000);
    await expect(cb.fetchBalance({ v3: true })).rejects.toBeInstanceOf(ccxt.AuthenticationError);
    expect(server.state.requests.map((r) => r.refused).filter(Boolean)).toEqual([
      'bad signature',
      'replayed nonce',
      'expired',
    ]);
  });

  it('a timeout after execution is RequestTimeout; re-sending the client_order_id finds the order, places nothing', async () => {
    server.state.inject('POST /api/v3/brokerage/orders', { kind: 'timeout', execute: true });
    const cb = coinbaseClient(server);
    await cb.loadMarkets();
    // A short timeout for the order only (the server never answers it); the rest at the default.
    cb.timeout = 1_500;
    const send = () => cb.createOrder('BTC/USD', 'market', 'buy', 0.01, 30001, { client_order_id: 'lost-1' });
    await expect(send()).rejects.toBeInstanceOf(ccxt.RequestTimeout);
    cb.timeout = 10_000;
    const found = await send();
    expect(found.id).toBe(server.state.account.orders[0]?.id);
    expect(server.state.account.orders).toHaveLength(1);
    // The other fallback: the order is in the list of recent orders with its client_order_id.
    expect((await cb.fetchOrders('BTC/USD')).map((o) => o.clientOrderId)).toEqual(['lost-1']);
  });

  it('5xx is ExchangeNotAvailable, 429 is RateLimitExceeded, a partial fill leaves a cancelled rest', async () => {
    server.state.inject('POST /api/v3/brokerage/orders', { kind: 'serverError' });
    server.state.inject('POST /api/v3/brokerage/orders', { kind: 'rateLimit' });
    server.state.inject('POST /api/v3/brokerage/orders', { kind: 'partialFill', fraction: '0.5' });
    await expect(buy('f-1')).rejects.toBeInstanceOf(ccxt.ExchangeNotAvailable);
    await expect(buy('f-2')).rejects.toBeInstanceOf(ccxt.RateLimitExceeded);
    expect(server.state.account.orders).toHaveLength(0);
    const partial = await buy('f-3');
    const seen = await coinbaseClient(server).fetchOrder(String(partial.id), 'BTC/USD');
    // Half of the 0.09940357 BTC the quote size buys, rounded down to 1e-8: 0.04970178.
    expect([seen.status, seen.filled]).toEqual(['canceled', 0.04970178]);
  });

  it('serves the ticker, the order book and one-minute candles', async () => {
    await expectMarketData(coinbaseClient(server), server.state, 'BTC/USD', 2);
  });
});
