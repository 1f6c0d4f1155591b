import ccxt from 'ccxt';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { expectMarketData } from '../exchange-kit/market-data-check.js';
import { type BitfinexServer, startBitfinexServer } from './server.js';
import { bitfinexSign } from './signing.js';
import { bitfinexClient } from './test-client.js';

let server: BitfinexServer;
beforeEach(async () => {
  server = await startBitfinexServer({ port: 0 });
});
afterEach(() => server.close());

const submits = () => server.state.requests.filter((r) => r.path === '/v2/auth/w/order/submit');
const buy = (cid: number, amount = 0.1) =>
  bitfinexClient(server).createOrder('BTC/USD', 'market', 'buy', amount, undefined, { cid });

describe('Bitfinex v2 stand-in with the real ccxt client', () => {
  it('loads markets and wallets, buys at market with a cid, finds it in history and its trades', async () => {
    const bfx = bitfinexClient(server);
    const markets = await bfx.loadMarkets();
    expect([markets['BTC/USD']?.id, markets['BTC/USDT']?.id, markets['BTC/USD']?.limits.amount?.min]).toEqual(
      ['tBTCUSD', 'tBTCUST', 0.00004],
    );
    expect((await bfx.fetchBalance()).USD?.free).toBe(10000);

    const placed = await bfx.createOrder('BTC/USD', 'market', 'buy', 0.1, undefined, { cid: 1234567 });
    expect(submits()[0]?.params.cid).toBe('1234567');
    expect([placed.clientOrderId, placed.status]).toEqual(['1234567', 'closed']);
    const closed = await bfx.fetchClosedOrders('BTC/USD');
    // 0.1 BTC at 30001; fee 0.2 % of the BTC received = 0.0002 BTC.
    expect(closed.map((o) => [o.id, o.clientOrderId, o.filled, o.average])).toEqual([
      [placed.id, '1234567', 0.1, 30001],
    ]);
    const trades = await bfx.fetchMyTrades('BTC/USD');
    expect(trades.map((t) => [t.order, t.amount, t.price, t.fee?.cost, t.fee?.currency])).toEqual([
      [placed.id, 0.1, 30001, 0.0002, 'BTC'],
    ]);
    const wallet = await bfx.fetchBalance();
    // 10000 − 0.1 × 30001 = 6999.9 USD; 0.1 − 0.0002 = 0.0998 BTC.
    expect([wallet.USD?.free, wallet.BTC?.free]).toEqual([6999.9, 0.0998]);
  });

  it('rests a limit order, finds it by id and by cid + cid_date, cancels it; a second cancel is OrderNotFound', async () => {
    const bfx = bitfinexClient(server);
    await bfx.loadMarkets();
    const limit = await bfx.createOrder('BTC/USD', 'limit', 'buy', 0.01, 29000, { cid: 42 });
    expect((await bfx.fetchOrder(String(limit.id), 'BTC/USD')).status).toBe('open');
    expect((await bfx.fetchOpenOrders('BTC/USD')).map((o) => o.id)).toEqual([limit.id]);
    const cidDate = new Date(server.state.clock.now()).toISOString().slice(0, 10);
    const byCid = (await bfx.privatePostAuthROrders({ cid: 42, cid_date: cidDate })) as unknown[][];
    expect(byCid.map((row) => String(row[0]))).toEqual([limit.id]);
    await bfx.cancelOrder('', 'BTC/USD', { cid: 42, cidDate });
    expect(await bfx.fetchOpenOrders('BTC/USD')).toEqual([]);
    await expect(bfx.cancelOrder(String(limit.id), 'BTC/USD')).rejects.toBeInstanceOf(ccxt.OrderNotFound);
  });

  it('refuses more than the balance, and a cid that is not an integer', async () => {
    await expect(buy(1, 1)).rejects.toBeInstanceOf(ccxt.InsufficientFunds);
    await expect(
      bitfinexClient(server).createOrder('BTC/USD', 'market', 'buy', 0.01, undefined, { cid: 'abc' }),
    ).rejects.toBeInstanceOf(ccxt.BadRequest);
    expect(server.state.account.orders).toHaveLength(0);
  });

  it('refuses a wrong secret, a replayed request, and a nonce smaller than the last (a clock set back)', async () => {
    await expect(bitfinexClient(server, { secret: 'wrong' }).fetchBalance()).rejects.toBeInstanceOf(
      ccxt.AuthenticationError,
    );
    const bfx = bitfinexClient(server);
    await bfx.loadMarkets();
    await bfx.fetchBalance();
    // The same signed request again (same nonce): refused.
    const nonce = String(Date.now() + 60_000);
    const headers = {
      'bfx-apikey': server.credentials.apiKey,
      'bfx-nonce': nonce,
      'bfx-signature': bitfinexSign(server.credentials.secret, 'v2/auth/r/wallets', nonce, '{}'),
      'content-type': 'application/json',
    };
    const first = await fetch(`${server.url}/v2/auth/r/wallets`, { method: 'POST', headers, body: '{}' });
    const again = await fetch(`${server.url}/v2/auth/r/wallets`, { method: 'POST', headers, body: '{}' });
    expect([first.status, again.status, await again.json()]).toEqual([
      200,
      500,
      ['error', 10114, 'nonce: small'],
    ]);
    // The client's clock is now behind the last nonce used: every call is refused as InvalidNonce.
    await expect(bfx.fetchBalance()).rejects.toBeInstanceOf(ccxt.InvalidNonce);
  });

  it('a timeout after execution is RequestTimeout; the order is found afterwards by its cid in the history', async () => {
    server.state.inject('POST /v2/auth/w/order/submit', { kind: 'timeout', execute: true });
    const bfx = bitfinexClient(server);
    await bfx.loadMarkets();
    // A short timeout for the order only (the server never answers it); the rest at the default.
    bfx.timeout = 1_500;
    const since = Date.now();
    await expect(
      bfx.createOrder('BTC/USD', 'market', 'buy', 0.01, undefined, { cid: 777 }),
    ).rejects.toBeInstanceOf(ccxt.RequestTimeout);
    bfx.timeout = 10_000;
    // An executed order is no longer active, so Retrieve Orders by cid cannot see it: the
    // fallback is the order history of the time window, matched on its CID.
    const history = await bfx.fetchClosedOrders('BTC/USD', since - 1000);
    expect(history.filter((o) => o.clientOrderId === '777').map((o) => o.filled)).toEqual([0.01]);
    expect(server.state.account.orders).toHaveLength(1);
  });

  it('5xx is ExchangeNotAvailable (503 and maintenance), both rate-limit shapes are told apart, partial fills', async () => {
    server.state.inject('POST /v2/auth/w/order/submit', { kind: 'serverError' });
    server.state.inject('POST /v2/auth/w/order/submit', { kind: 'serverError', variant: 'maintenance' });
    server.state.inject('POST /v2/auth/w/order/submit', { kind: 'rateLimit' });
    server.state.inject('POST /v2/auth/w/order/submit', { kind: 'rateLimit', variant: 'object' });
    server.state.inject('POST /v2/auth/w/order/submit', { kind: 'partialFill', fraction: '0.5' });
    await expect(buy(1)).rejects.toBeInstanceOf(ccxt.ExchangeNotAvailable);
    await expect(buy(2)).rejects.toBeInstanceOf(ccxt.OnMaintenance);
    await expect(buy(3)).rejects.toBeInstanceOf(ccxt.RateLimitExceeded);
    // ccxt does not map the {"error":"ERR_RATE_LIMIT"} form: it surfaces as a plain ExchangeError
    // that names it, which an adapter has to recognise itself.
    await expect(buy(4)).rejects.toThrow(/ERR_RATE_LIMIT/);
    expect(server.state.account.orders).toHaveLength(0);
    const partial = await buy(5, 0.2);
    expect([partial.status, partial.filled]).toEqual(['canceled', 0.1]);
  });

  it('serves the ticker, the order book and one-minute candles', async () => {
    await expectMarketData(bitfinexClient(server), server.state, 'BTC/USD', 25);
  });
});
