import ccxt from 'ccxt';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { expectMarketData } from '../exchange-kit/market-data-check.js';
import { type OkxServer, startOkxServer } from './server.js';
import { okxClient } from './test-client.js';

let server: OkxServer;
beforeEach(async () => {
  server = await startOkxServer({ port: 0 });
});
afterEach(() => server.close());

const placeCalls = () => server.state.requests.filter((r) => r.path === '/api/v5/trade/batch-orders');
const buy = (clOrdId: string, amount = 0.3) =>
  okxClient(server).createOrder('BTC/USDT', 'market', 'buy', amount, undefined, {
    clOrdId,
    tgtCcy: 'base_ccy',
  });

describe('OKX stand-in with the real ccxt client', () => {
  it('loads markets and the balance, buys at market with a clOrdId, finds the order by ordId and by clOrdId', async () => {
    const okx = okxClient(server);
    const markets = await okx.loadMarkets();
    expect([markets['BTC/USDT']?.precision.price, markets['BTC/USDT']?.limits.amount?.min]).toEqual([
      0.1, 0.00001,
    ]);
    expect((await okx.fetchBalance()).USDT?.free).toBe(10000);

    const placed = await okx.createOrder('BTC/USDT', 'market', 'buy', 0.3, undefined, {
      clOrdId: 'bal1abc',
      tgtCcy: 'base_ccy',
    });
    expect(placeCalls()[0]?.params.clOrdId).toBe('bal1abc');
    const byId = await okx.fetchOrder(String(placed.id), 'BTC/USDT');
    // 0.3 BTC from the 0.5 at 30001; fee 0.1 % of the BTC received = 0.0003 BTC.
    expect([byId.status, byId.filled, byId.average, byId.fee?.cost, byId.fee?.currency]).toEqual([
      'closed',
      0.3,
      30001,
      0.0003,
      'BTC',
    ]);
    const byClientId = await okx.fetchOrder('', 'BTC/USDT', { clOrdId: 'bal1abc' });
    expect([byClientId.id, byClientId.clientOrderId]).toEqual([placed.id, 'bal1abc']);
    const balance = await okx.fetchBalance();
    // 10000 − 0.3 × 30001 = 999.7 USDT; 0.3 − 0.0003 = 0.2997 BTC.
    expect([balance.USDT?.free, balance.BTC?.free]).toEqual([999.7, 0.2997]);
    const trades = await okx.fetchMyTrades('BTC/USDT');
    expect(trades.map((t) => [t.order, t.price, t.amount, t.fee?.cost])).toEqual([
      [placed.id, 30001, 0.3, 0.0003],
    ]);
  });

  it('rests a limit order, lists it open, cancels it; closed and cancelled lists; a second cancel is OrderNotFound', async () => {
    const okx = okxClient(server);
    await okx.loadMarkets();
    const limit = await okx.createOrder('BTC/USDT', 'limit', 'buy', 0.01, 29000, { clOrdId: 'rest1' });
    expect((await okx.fetchOpenOrders('BTC/USDT')).map((o) => o.clientOrderId)).toEqual(['rest1']);
    // 0.01 × 29000 = 290 USDT held while the order rests.
    expect((await okx.fetchBalance()).USDT?.used).toBe(290);
    await okx.cancelOrder(String(limit.id), 'BTC/USDT');
    expect(await okx.fetchOpenOrders('BTC/USDT')).toEqual([]);
    const filled = await buy('done1', 0.01);
    // ccxt's closed orders are OKX's history with state=filled; cancelled ones are state=canceled.
    expect((await okx.fetchClosedOrders('BTC/USDT')).map((o) => [o.id, o.status])).toEqual([
      [filled.id, 'closed'],
    ]);
    const canceled = await okx.fetchCanceledOrders('BTC/USDT');
    expect(canceled.map((o) => [o.id, o.status])).toEqual([[limit.id, 'canceled']]);
    await expect(okx.cancelOrder(String(limit.id), 'BTC/USDT')).rejects.toBeInstanceOf(ccxt.OrderNotFound);
  });

  it('refuses a duplicate clOrdId, one that is not alphanumeric, and more than the balance', async () => {
    await buy('dup1', 0.01);
    await expect(buy('dup1', 0.01)).rejects.toBeInstanceOf(ccxt.InvalidOrder);
    await expect(buy('not-alnum', 0.01)).rejects.toBeInstanceOf(ccxt.BadRequest);
    await expect(buy('big1', 1)).rejects.toBeInstanceOf(ccxt.InsufficientFunds);
    expect(server.state.account.orders.map((o) => o.clientId)).toEqual(['dup1']);
  });

  it('refuses a wrong secret, a wrong passphrase, a stale timestamp and a live key on demo trading', async () => {
    await expect(okxClient(server, { secret: 'wrong' }).fetchBalance()).rejects.toThrow(/50113/);
    await expect(okxClient(server, { password: 'wrong' }).fetchBalance()).rejects.toThrow(/50105/);
    server.state.clock.skew(31_000);
    await expect(okxClient(server).fetchBalance()).rejects.toBeInstanceOf(ccxt.InvalidNonce);
    server.state.clock.skew(29_000);
    await okxClient(server).fetchBalance();
    server.state.clock.skew(0);
    const demo = okxClient(server);
    demo.setSandboxMode(true);
    (demo.urls.api as Record<string, string>).rest = server.url;
    await expect(demo.fetchBalance()).rejects.toThrow(/50101/);
    expect(server.state.requests.filter((r) => r.refused).length).toBe(4);
  });

  it('a demo-trading key works with x-simulated-trading (ccxt sandbox mode) and is refused without it', async () => {
    const demoServer = await startOkxServer({ port: 0, demo: true });
    try {
      const demo = okxClient(demoServer);
      demo.setSandboxMode(true);
      (demo.urls.api as Record<string, string>).rest = demoServer.url;
      expect((await demo.fetchBalance()).USDT?.free).toBe(10000);
      await expect(okxClient(demoServer).fetchBalance()).rejects.toThrow(/50101/);
    } finally {
      await demoServer.close();
    }
  });

  it('a timeout after execution surfaces as RequestTimeout; the order is then found by its clOrdId', async () => {
    server.state.inject('POST /api/v5/trade/batch-orders', { kind: 'timeout', execute: true });
    const okx = okxClient(server);
    await okx.loadMarkets();
    // A short timeout for the order only (the server never answers it); the rest at the default.
    okx.timeout = 1_500;
    await expect(
      okx.createOrder('BTC/USDT', 'market', 'buy', 0.01, undefined, { clOrdId: 'lost1', tgtCcy: 'base_ccy' }),
    ).rejects.toBeInstanceOf(ccxt.RequestTimeout);
    okx.timeout = 10_000;
    const found = await okx.fetchOrder('', 'BTC/USDT', { clOrdId: 'lost1' });
    expect([found.status, found.filled]).toEqual(['closed', 0.01]);
    expect(server.state.account.orders).toHaveLength(1);
  });

  it('5xx is ExchangeNotAvailable, 50011 is RateLimitExceeded, neither places anything', async () => {
    server.state.inject('POST /api/v5/trade/batch-orders', { kind: 'serverError' });
    server.state.inject('POST /api/v5/trade/batch-orders', { kind: 'rateLimit' });
    await expect(buy('f1', 0.01)).rejects.toBeInstanceOf(ccxt.ExchangeNotAvailable);
    await expect(buy('f2', 0.01)).rejects.toBeInstanceOf(ccxt.RateLimitExceeded);
    expect(server.state.account.orders).toHaveLength(0);
    expect(placeCalls().map((r) => r.fault)).toEqual(['serverError', 'rateLimit']);
  });

  it('a partial fill: a market order fills half and its rest is cancelled; a limit order stays open', async () => {
    server.state.inject('POST /api/v5/trade/batch-orders', { kind: 'partialFill', fraction: '0.5' });
    server.state.inject('POST /api/v5/trade/batch-orders', { kind: 'partialFill', fraction: '0.5' });
    const okx = okxClient(server);
    await okx.loadMarkets();
    const market = await buy('part1', 0.2);
    const seen = await okx.fetchOrder(String(market.id), 'BTC/USDT');
    expect([seen.status, seen.filled, seen.remaining]).toEqual(['canceled', 0.1, 0.1]);
    const limit = await okx.createOrder('BTC/USDT', 'limit', 'buy', 0.2, 30001, { clOrdId: 'part2' });
    const open = await okx.fetchOrder(String(limit.id), 'BTC/USDT');
    expect([open.status, open.filled, open.remaining]).toEqual(['open', 0.1, 0.1]);
  });

  it('serves the ticker, the order book and one-minute candles', async () => {
    await expectMarketData(okxClient(server), server.state, 'BTC/USDT', 2);
  });
});
