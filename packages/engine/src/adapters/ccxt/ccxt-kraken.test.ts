import { afterEach, describe, expect, it } from 'vitest';
import type { ExchangePort } from '../../ports/exchange.js';
import { type KrakenServer, startKrakenServer } from '../../testing/kraken-server/index.js';
import { errorNameOf } from '../simulator/test-table.js';
import { createCcxtExchange } from './ccxt-exchange.js';

/** The ccxt adapter against the local Kraken stand-in (signatures and nonces checked there). */
let server: KrakenServer;
let exchange: ExchangePort;
let opened = false;
afterEach(async () => {
  if (!opened) return;
  opened = false;
  await exchange.close();
  await server.close();
});

/** The stand-in has no limits but the injected ones: ccxt throttles 20 ms a cost unit (Kraken's is 1 s). */
async function pair(options: { secret?: string; quote?: string; rateLimitMs?: number } = {}) {
  server = await startKrakenServer({ balances: { USD: '1000', USDT: '1000', BTC: '0' } });
  exchange = await createCcxtExchange({
    exchangeId: 'kraken',
    apiKey: server.state.apiKey,
    secret: options.secret ?? server.state.secret,
    quote: options.quote ?? 'USD',
    apiUrl: server.url,
    timeoutMs: 400,
    rateLimitMs: options.rateLimitMs ?? 20,
  });
  opened = true;
}

const adds = () => server.state.requests.filter((r) => r.path === '/0/private/AddOrder');

describe('ccxt adapter on Kraken: market, rules, coins', () => {
  it("reads the pair's rules from AssetPairs, fee charged in USD", async () => {
    await pair();
    expect(await exchange.marketRules()).toEqual({
      symbol: 'XXBTZUSD',
      base: 'BTC',
      quote: 'USD',
      amountStep: '0.00000001',
      minAmount: '0.00005',
      minNotional: '0.5',
      priceStep: '0.1',
      takerFee: '0.0026',
      buyFeeAsset: 'quote',
    });
  });

  it('trades BTC/USDT with QUOTE_ASSET USDT, and lists the one-letter coin W', async () => {
    await pair({ quote: 'USDT' });
    expect((await exchange.marketRules()).symbol).toBe('XBTUSDT');
    expect((await exchange.tickers(['BTC', 'W', 'SOL'])).map((t) => t.base)).toEqual(['BTC', 'W']);
  });

  it('refuses a quote asset with no BTC market on Kraken before any request', async () => {
    expect(
      await errorNameOf(() =>
        createCcxtExchange({ exchangeId: 'kraken', quote: 'FDUSD', apiUrl: 'http://127.0.0.1:9' }),
      ),
    ).toBe('EXCHANGE_QUOTE_UNLISTED');
  });
});

describe('ccxt adapter on Kraken: orders', () => {
  it('buys and sells with cl_ord_id, fills and fee in USD, found again by client id', async () => {
    await pair();
    const buy = await exchange.marketOrder('BUY', '0.001', 'bal-n1');
    expect(buy).toMatchObject({ clientOrderId: 'bal-n1', side: 'BUY', status: 'FILLED', filled: '0.001' });
    expect(buy.fills).toEqual([
      expect.objectContaining({ price: '30000.1', commission: '0.07800026', commissionAsset: 'USD' }),
    ]);
    expect(adds()[0]?.params).toMatchObject({ cl_ord_id: 'bal-n1', ordertype: 'market', volume: '0.001' });
    expect(await exchange.orderByClientId('bal-n1')).toEqual(buy);
    expect(await exchange.orderByClientId('bal-n9')).toBeNull();
    const sell = await exchange.marketOrder('SELL', '0.001', 'bal-n2');
    expect(sell).toMatchObject({ side: 'SELL', status: 'FILLED', quoteFilled: '29.9999' });
    expect((await exchange.trades(0)).map((t) => [t.side, t.orderId])).toEqual([
      ['BUY', buy.exchangeOrderId],
      ['SELL', sell.exchangeOrderId],
    ]);
    // Placing an id again returns the existing order.
    expect(await exchange.marketOrder('BUY', '0.001', 'bal-n1')).toEqual(buy);
    expect(adds()).toHaveLength(2);
    // Kraken keeps USD to 4 decimals (Assets); ccxt reads the balance at that precision.
    expect((await exchange.balances()).free).toEqual({ USD: '999.8438', USDT: '1000', BTC: '0' });
  });

  it('5xx after executing: one order, found by cl_ord_id', async () => {
    await pair();
    server.state.inject('AddOrder', { kind: 'serverError', execute: true });
    const order = await exchange.marketOrder('BUY', '0.001', 'bal-n5');
    expect(order).toMatchObject({ clientOrderId: 'bal-n5', filled: '0.001' });
    expect(server.state.orders).toHaveLength(1);
    expect(adds()).toHaveLength(1);
  });

  it('a timeout after executing: one order', async () => {
    await pair();
    server.state.inject('AddOrder', { kind: 'timeout', execute: true });
    expect((await exchange.marketOrder('BUY', '0.001', 'bal-n6')).filled).toBe('0.001');
    expect(server.state.orders).toHaveLength(1);
  });

  it('an invalid nonce (clock skew) and a 5xx without executing: outcome unknown; the retry places once', async () => {
    await pair();
    server.state.inject('AddOrder', { kind: 'invalidNonce' });
    expect(await errorNameOf(() => exchange.marketOrder('BUY', '0.001', 'bal-n7'))).toBe(
      'EXCHANGE_ORDER_OUTCOME_UNKNOWN',
    );
    server.state.inject('AddOrder', { kind: 'serverError', status: 502 });
    expect(await errorNameOf(() => exchange.marketOrder('BUY', '0.001', 'bal-n7'))).toBe(
      'EXCHANGE_ORDER_OUTCOME_UNKNOWN',
    );
    expect((await exchange.marketOrder('BUY', '0.001', 'bal-n7')).filled).toBe('0.001');
    expect(server.state.orders).toHaveLength(1);
  });

  it('rate limit: EXCHANGE_RATE_LIMITED, nothing placed', async () => {
    await pair();
    server.state.inject('AddOrder', { kind: 'rateLimit' });
    expect(await errorNameOf(() => exchange.marketOrder('BUY', '0.001', 'bal-n8'))).toBe(
      'EXCHANGE_RATE_LIMITED',
    );
    expect(server.state.orders).toHaveLength(0);
  });

  it('a partial fill: the order is CANCELED with what filled', async () => {
    await pair();
    server.state.inject('AddOrder', { kind: 'partialFill' });
    expect(await exchange.marketOrder('BUY', '0.002', 'bal-n10')).toMatchObject({
      status: 'CANCELED',
      amount: '0.002',
      filled: '0.001',
    });
  });

  it('refusals: funds, minimum (checked before sending), wrong secret (alert)', async () => {
    await pair();
    expect(await errorNameOf(() => exchange.marketOrder('BUY', '1', 'bal-n11'))).toBe(
      'EXCHANGE_ORDER_REJECTED',
    );
    expect(await errorNameOf(() => exchange.marketOrder('BUY', '0.00001', 'bal-n12'))).toBe(
      'EXCHANGE_ORDER_LOT_SIZE',
    );
    await exchange.close();
    await server.close();
    await pair({ secret: Buffer.from('another key').toString('base64') });
    expect(await errorNameOf(() => exchange.balances())).toBe('EXCHANGE_AUTH_FAILED');
  });
});

describe('ccxt adapter on Kraken: nonces and throttling', () => {
  it('private calls made at once go one at a time: no nonce is refused', async () => {
    await pair();
    await Promise.all([
      exchange.balances(),
      exchange.trades(0),
      exchange.orderByClientId('bal-n1'),
      exchange.balances(),
      exchange.marketOrder('BUY', '0.001', 'bal-n2'),
      exchange.trades(0),
    ]);
    const privateCalls = server.state.requests.filter((r) => r.signed);
    expect(privateCalls.length).toBeGreaterThan(8);
    expect(privateCalls.filter((r) => r.error !== null)).toEqual([]);
  });

  it("an order does not wait behind queued market data (ccxt's Kraken limits: 1 s a public call)", async () => {
    await pair({ rateLimitMs: 1000 });
    await exchange.marketRules();
    const data = Array.from({ length: 6 }, () => exchange.candles('15m', 2));
    await exchange.marketOrder('BUY', '0.001', 'bal-n3');
    const ohlc = () => server.state.requests.filter((r) => r.path === '/0/public/OHLC').length;
    // The six candle calls take ≥ 6 s on the data client's limiter; the order went out before most.
    expect(ohlc()).toBeLessThan(6);
    await Promise.all(data);
    expect(ohlc()).toBe(6);
  }, 20_000);
});
