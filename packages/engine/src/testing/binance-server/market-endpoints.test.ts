import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type BinanceServer, startBinanceServer } from './server.js';
import { getJson } from './test-client.js';

const NOW = 1_700_000_000_000;
const MIN = 60_000;
let server: BinanceServer;

beforeAll(async () => {
  server = await startBinanceServer({ now: () => NOW });
  server.state.setCandles('BTCUSDT', '1m', [
    { openTime: NOW - 3 * MIN, open: '100', high: '110', low: '90', close: '105', volume: '2' },
    { openTime: NOW - 2 * MIN, open: '105', high: '120', low: '100', close: '115', volume: '3' },
    { openTime: NOW - MIN, open: '115', high: '118', low: '80', close: '85', volume: '5' },
  ]);
});
afterAll(() => server.close());

describe('public endpoints', () => {
  it('answers ping and time from the injected clock', async () => {
    expect((await getJson(server.url, '/api/v3/ping')).body).toEqual({});
    expect((await getJson(server.url, '/api/v3/time')).body).toEqual({ serverTime: NOW });
  });

  it('lists BTCUSDT with PRICE_FILTER, LOT_SIZE and NOTIONAL, and the altcoins', async () => {
    const { body } = await getJson(server.url, '/api/v3/exchangeInfo');
    const btc = body.symbols.find((s: { symbol: string }) => s.symbol === 'BTCUSDT');
    expect(btc).toMatchObject({ status: 'TRADING', baseAsset: 'BTC', quoteAsset: 'USDT' });
    const byType = Object.fromEntries(btc.filters.map((f: { filterType: string }) => [f.filterType, f]));
    expect(byType.LOT_SIZE).toMatchObject({ stepSize: '0.00001', minQty: '0.00001' });
    expect(byType.NOTIONAL).toMatchObject({ minNotional: '10' });
    expect(byType.PRICE_FILTER).toMatchObject({ tickSize: '0.01' });
    expect(body.symbols.map((s: { symbol: string }) => s.symbol)).toEqual(
      expect.arrayContaining(['ETHUSDT', 'SOLUSDT']),
    );
  });

  it('serves klines as Binance arrays, latest `limit` or from startTime', async () => {
    const latest = await getJson(server.url, '/api/v3/klines', 'symbol=BTCUSDT&interval=1m&limit=2');
    expect(latest.body).toHaveLength(2);
    // closeTime = openTime + 60 000 − 1; quote volume = 3 × 115 = 345.
    expect(latest.body[0]).toEqual([
      NOW - 2 * MIN,
      '105',
      '120',
      '100',
      '115',
      '3',
      NOW - MIN - 1,
      '345.00000000',
      100,
      '0',
      '0',
      '0',
    ]);
    const from = await getJson(
      server.url,
      '/api/v3/klines',
      `symbol=BTCUSDT&interval=1m&limit=1&startTime=${NOW - 3 * MIN}`,
    );
    expect(from.body.map((k: unknown[]) => k[0])).toEqual([NOW - 3 * MIN]);
    const bad = await getJson(server.url, '/api/v3/klines', 'symbol=NOPE&interval=1m');
    expect(bad).toEqual({ status: 400, body: { code: -1121, msg: 'Invalid symbol.' } });
  });

  it('serves depth with string pairs and lastUpdateId', async () => {
    const { body } = await getJson(server.url, '/api/v3/depth', 'symbol=BTCUSDT&limit=1');
    expect(body).toEqual({
      lastUpdateId: 1,
      bids: [['29999.00', '0.50000']],
      asks: [['30001.00', '0.50000']],
    });
  });

  it('serves 24 h tickers from the candles, single and by symbols=[...]', async () => {
    const one = await getJson(server.url, '/api/v3/ticker/24hr', 'symbol=BTCUSDT');
    // open 100 (first candle), last 85, high 120, low 80, volume 2 + 3 + 5 = 10.
    expect(one.body).toMatchObject({ openPrice: '100', lastPrice: '85', highPrice: '120', lowPrice: '80' });
    expect(one.body.volume).toBe('10.00000000');
    // change 85 − 100 = −15, −15 / 100 = −15 %.
    expect(one.body.priceChangePercent).toBe('-15.000');
    const some = await getJson(
      server.url,
      '/api/v3/ticker/24hr',
      `symbols=${encodeURIComponent('["ETHUSDT","BTCUSDT"]')}`,
    );
    expect(some.body.map((t: { symbol: string }) => t.symbol)).toEqual(['ETHUSDT', 'BTCUSDT']);
    const all = await getJson(server.url, '/api/v3/ticker/price');
    expect(all.body).toContainEqual({ symbol: 'ETHUSDT', price: '2000.00' });
    expect(all.body).toContainEqual({ symbol: 'BTCUSDT', price: '85' });
  });
});
